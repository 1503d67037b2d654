import { eq, sql } from 'drizzle-orm';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import {
  INVENTARIO_MESSAGES as M,
  siguienteCodigo,
  TIPO_MAQUINA,
  type Maquina,
  type MaquinaCreate,
  type MaquinaListQuery,
  type MaquinaUpdate,
  type RevisionPlanInput,
} from '@tvsistema/domain/inventario';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  autoria,
  columnaBusqueda,
  conflicto,
  idValido,
  nombreUsuario,
  type Usuario,
} from './inventario-comun.js';
import { maquinaHorometros, maquinaRevisiones, maquinas } from './inventario.table.js';
import {
  completarMaquina,
  findMaquinaGuardada,
  listMaquinas,
  type MaquinaGuardada,
} from './maquinas.queries.js';

// §2.1, §3.1: machines — create with a code (R1) and the first reading, edit under a version,
// baja / reactivar, delete while unused (R15). Every change leaves a history row.

export const RECURSO_MAQUINA = 'maquina';
const CAMPOS = [
  'codigoInterno',
  'tipo',
  'marca',
  'modelo',
  'anio',
  'numeroSerie',
  'matricula',
  'fechaMatriculacion',
  'requiereItv',
  'estado',
  'tarifas',
  'diasPreparacion',
  'pesoKg',
  'dimensiones',
  'combustible',
  'caracteristicas',
  'planRevisiones',
  'fechaAdquisicion',
  'precioAdquisicion',
  'proveedor',
  'observaciones',
  'baja',
] as const;

type Opciones = { verPrecio: boolean };

const valores = (input: Omit<MaquinaCreate, 'horometroInicial'>) => ({
  tipo: input.tipo,
  marca: input.marca,
  marcaNormalizada: normalizeSearchText(input.marca),
  modelo: input.modelo,
  anio: input.anio,
  numeroSerie: input.numeroSerie,
  matricula: input.matricula ?? null,
  fechaMatriculacion: input.fechaMatriculacion ?? null,
  requiereItv: input.requiereItv,
  tarifaDia: input.tarifas.dia,
  tarifaSemana: input.tarifas.semana ?? null,
  tarifaMes: input.tarifas.mes ?? null,
  horasIncluidasDia: input.tarifas.horasIncluidasDia,
  horaExtra: input.tarifas.horaExtra ?? null,
  fianza: input.tarifas.fianza ?? null,
  diasPreparacion: input.diasPreparacion,
  pesoKg: input.pesoKg,
  dimensiones: input.dimensiones,
  combustible: input.combustible,
  caracteristicas: input.caracteristicas,
  fechaAdquisicion: input.fechaAdquisicion ?? null,
  precioAdquisicion: input.precioAdquisicion ?? null,
  proveedorId: input.proveedorId ?? null,
  observaciones: input.observaciones,
});

const busquedaDe = (codigo: string, input: Omit<MaquinaCreate, 'horometroInicial'>) =>
  columnaBusqueda(codigo, input.marca, input.modelo, input.numeroSerie, input.matricula);

/** §2.1 dates no later than hoy; the supplier a proveedor of alquileres. */
const comprobarEntrada = async (
  tx: Executor,
  input: Omit<MaquinaCreate, 'horometroInicial'>,
  hoy: string,
) => {
  const errores: string[] = [];
  if (input.fechaMatriculacion && input.fechaMatriculacion > hoy)
    errores.push(`fechaMatriculacion: ${M.fechaFutura}`);
  if (input.fechaAdquisicion && input.fechaAdquisicion > hoy)
    errores.push(`fechaAdquisicion: ${M.fechaFutura}`);
  input.planRevisiones.forEach((item, i) => {
    if (item.ultimaFecha && item.ultimaFecha > hoy)
      errores.push(`planRevisiones[${i}].ultimaFecha: ${M.fechaFutura}`);
  });
  if (input.proveedorId) {
    const [proveedor] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from partes where id = ${input.proveedorId} and tipo = 'proveedor'
          and empresa = 'alquileres'`,
    );
    if (!proveedor) errores.push('proveedorId: Elige un proveedor de alquileres de la lista');
  }
  if (errores.length > 0) throw invalidData(errores);
};

/** R1: the next free code of the tipo's prefix, under a per-prefix transaction lock. */
const codigoAutomatico = async (tx: Executor, tipo: keyof typeof TIPO_MAQUINA) => {
  const prefijo = TIPO_MAQUINA[tipo].prefijo;
  await rowsOf(tx, sql`select pg_advisory_xact_lock(hashtext(${`maquinas:${prefijo}`}))`);
  const [row] = await rowsOf<{ mayor: number | null }>(
    tx,
    sql`select max((substring(codigo_interno from ${`^${prefijo}-([0-9]+)$`}))::int) as mayor
        from maquinas where empresa = 'alquileres'`,
  );
  return siguienteCodigo(prefijo, row?.mayor ?? 0);
};

/** Replaces the plan: items with an `_id` keep their row (and maintenances' links). */
const guardarPlan = async (
  tx: Executor,
  maquinaId: string,
  plan: readonly RevisionPlanInput[],
  defecto: { fecha: string; horas: string },
) => {
  const conservar = plan
    .map((item) => item._id)
    .filter((id): id is string => Boolean(id && idValido(id)));
  await rowsOf(
    tx,
    conservar.length === 0
      ? sql`delete from maquina_revisiones where maquina_id = ${maquinaId}`
      : sql`delete from maquina_revisiones where maquina_id = ${maquinaId}
            and id not in (${sql.join(
              conservar.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
  );
  for (const [posicion, item] of plan.entries()) {
    const fila = {
      maquinaId,
      posicion,
      nombre: item.nombre,
      cadaHoras: item.cadaHoras ?? null,
      cadaMeses: item.cadaMeses ?? null,
      avisoHoras: item.avisoHoras,
      avisoDias: item.avisoDias,
      ultimaFecha: item.ultimaFecha ?? defecto.fecha,
      ultimasHoras: item.ultimasHoras ?? defecto.horas,
    };
    const actualizadas =
      item._id && conservar.includes(item._id)
        ? await tx
            .update(maquinaRevisiones)
            .set(fila)
            .where(eq(maquinaRevisiones.id, item._id))
            .returning({ id: maquinaRevisiones.id })
        : [];
    if (actualizadas.length === 0) await tx.insert(maquinaRevisiones).values(fila);
  }
};

/** R1's 409s for a code or serial already taken, naming the existing machine. */
const duplicada = async (
  database: Database,
  error: unknown,
  codigo: string,
  input: MaquinaCreate | Omit<MaquinaCreate, 'horometroInicial'>,
) => {
  const pg = pgErrorOf(error);
  if (pg?.code !== UNIQUE_VIOLATION) return error;
  if (pg.constraint === 'maquinas_codigo_key') {
    const message = M.codigoMaquinaDuplicado(codigo);
    return conflicto(message, [`codigoInterno: ${message}`]);
  }
  if (pg.constraint === 'maquinas_serie_key') {
    const [otra] = await rowsOf<{ marca: string; codigo: string }>(
      database.db,
      sql`select marca, codigo_interno as codigo from maquinas
          where marca_normalizada = ${normalizeSearchText(input.marca)}
            and numero_serie = ${input.numeroSerie}`,
    );
    const message = M.serieDuplicada(
      otra?.marca ?? input.marca,
      input.numeroSerie,
      otra?.codigo ?? '',
    );
    return conflicto(message, [`numeroSerie: ${message}`]);
  }
  return error;
};

export const createMaquinasService = (database: Database, today: Today) => {
  const db = database.db;

  const leer = async (tx: Executor, id: string, opciones: Opciones) => {
    const guardada = await findMaquinaGuardada(tx, id, today());
    if (!guardada) throw notFound(M.maquinaNoEncontrada);
    return completarMaquina(guardada, today(), opciones);
  };

  /** Locks the machine row for the rest of the transaction and reads it (for history). */
  const bloquear = async (tx: Executor, id: string): Promise<MaquinaGuardada> => {
    if (!idValido(id)) throw notFound(M.maquinaNoEncontrada);
    await rowsOf(tx, sql`select id from maquinas where id = ${id} for update`);
    const guardada = await findMaquinaGuardada(tx, id, today());
    if (!guardada) throw notFound(M.maquinaNoEncontrada);
    return guardada;
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    accion: 'crear' | 'modificar' | 'eliminar',
    antes: Maquina | undefined,
    despues: Maquina | undefined,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_MAQUINA,
      registroId: (despues ?? antes)?._id ?? '',
      empresa: 'alquileres',
      accion,
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });

  const conPrecio = { verPrecio: true };

  return {
    list: (query: MaquinaListQuery, opciones: Opciones) =>
      listMaquinas(db, query, today(), opciones),
    get: (id: string, opciones: Opciones) => leer(db, id, opciones),
    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id, conPrecio);
      return leerHistorial(database, RECURSO_MAQUINA, id, query);
    },

    create: async (user: Usuario, input: MaquinaCreate) => {
      let codigo = input.codigoInterno ?? '';
      try {
        return await db.transaction(async (tx) => {
          const hoy = today();
          await comprobarEntrada(tx, input, hoy);
          codigo = input.codigoInterno ?? (await codigoAutomatico(tx, input.tipo));
          const [row] = await tx
            .insert(maquinas)
            .values({
              ...valores(input),
              codigoInterno: codigo,
              horometro: input.horometroInicial,
              horasAcumuladas: input.horometroInicial,
              busqueda: busquedaDe(codigo, input),
              ...autoria(user, { crear: true }),
            })
            .returning({ id: maquinas.id });
          const id = row?.id ?? '';
          await tx.insert(maquinaHorometros).values({
            maquinaId: id,
            fecha: input.fechaAdquisicion ?? hoy,
            lectura: input.horometroInicial,
            horasAcumuladas: input.horometroInicial,
            origen: 'manual',
            referencia: 'Lectura inicial',
            registradoPor: nombreUsuario(user),
          });
          await guardarPlan(tx, id, input.planRevisiones, {
            fecha: input.fechaAdquisicion ?? hoy,
            horas: input.horometroInicial,
          });
          const despues = await leer(tx, id, conPrecio);
          await historial(tx, user, 'crear', undefined, despues);
          return despues;
        });
      } catch (error) {
        throw await duplicada(database, error, codigo, input);
      }
    },

    update: async (
      user: Usuario,
      id: string,
      input: Omit<MaquinaUpdate, 'version'>,
      version: number | undefined,
    ) => {
      let codigo = input.codigoInterno ?? '';
      try {
        return await db.transaction(async (tx) => {
          const guardada = await bloquear(tx, id);
          checkVersion(guardada.version, version);
          await comprobarEntrada(tx, input, today());
          const antes = completarMaquina(guardada, today(), conPrecio);
          codigo = input.codigoInterno ?? guardada.codigoInterno;
          await tx
            .update(maquinas)
            .set({
              ...valores(input),
              codigoInterno: codigo,
              busqueda: busquedaDe(codigo, input),
              ...autoria(user, { crear: false }),
              updatedAt: sql`now()`,
              version: sql`${maquinas.version} + 1`,
            })
            .where(eq(maquinas.id, id));
          await guardarPlan(tx, id, input.planRevisiones, {
            fecha: today(),
            horas: guardada.horasAcumuladas,
          });
          const despues = await leer(tx, id, conPrecio);
          await historial(tx, user, 'modificar', antes, despues);
          return despues;
        });
      } catch (error) {
        throw await duplicada(database, error, codigo, input);
      }
    },

    /** R15: only a machine with no bookings, maintenances or readings beyond the first. */
    remove: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const guardada = await bloquear(tx, id);
        if (version !== undefined) checkVersion(guardada.version, version);
        const [uso] = await rowsOf<{ reservas: number; movimientos: number }>(
          tx,
          sql`select
              (select count(*)::int from inventario_bloqueos where maquina_id = ${id}) as reservas,
              (select count(*)::int from maquina_mantenimientos where maquina_id = ${id})
                + (select greatest(count(*)::int - 1, 0) from maquina_horometros where maquina_id = ${id})
                as movimientos`,
        );
        if (uso && (uso.reservas > 0 || uso.movimientos > 0))
          throw conflicto(M.noEliminable(guardada.codigoInterno, uso.reservas, uso.movimientos));
        const antes = completarMaquina(guardada, today(), conPrecio);
        await tx.delete(maquinas).where(eq(maquinas.id, id));
        await historial(tx, user, 'eliminar', antes, undefined);
      }),

    /** §3.1 Dar de baja: not while rented or booked from hoy on; open maintenances cancelled. */
    baja: (
      user: Usuario,
      id: string,
      input: { fecha: string; motivo: string; detalle?: string | undefined },
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const guardada = await bloquear(tx, id);
        checkVersion(guardada.version, version);
        if (guardada.estado === 'alquilada') throw conflicto(M.bajaAlquilada);
        if (guardada.estado === 'baja') throw conflicto(M.dadaDeBaja(guardada.codigoInterno));
        if (input.fecha > today()) throw invalidData([`fecha: ${M.fechaFutura}`]);
        const [futura] = await rowsOf<{ numero: string; desde: string; hasta: string }>(
          tx,
          sql`select numero, desde, hasta from inventario_bloqueos
              where maquina_id = ${id} and estado = 'activo' and origen_tipo = 'alquiler'
                and hasta >= ${today()}::date and albaran_devolucion_id is null
              order by desde limit 1`,
        );
        if (futura) throw conflicto(M.reservasFuturas(futura.numero, futura.desde, futura.hasta));
        const antes = completarMaquina(guardada, today(), conPrecio);
        await rowsOf(
          tx,
          sql`update maquina_mantenimientos set estado = 'cancelado', updated_at = now(),
                version = version + 1
              where maquina_id = ${id} and estado in ('programado', 'en_curso')`,
        );
        await rowsOf(
          tx,
          sql`update inventario_bloqueos set estado = 'liberado'
              where maquina_id = ${id} and estado = 'activo' and origen_tipo = 'mantenimiento'`,
        );
        await tx
          .update(maquinas)
          .set({
            estado: 'baja',
            baja: { fecha: input.fecha, motivo: input.motivo, detalle: input.detalle ?? null },
            ...autoria(user, { crear: false }),
            updatedAt: sql`now()`,
            version: sql`${maquinas.version} + 1`,
          })
          .where(eq(maquinas.id, id));
        const despues = await leer(tx, id, conPrecio);
        await historial(tx, user, 'modificar', antes, despues);
        return despues;
      }),

    reactivar: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const guardada = await bloquear(tx, id);
        checkVersion(guardada.version, version);
        if (guardada.estado !== 'baja') throw conflicto(M.noEstaDeBaja);
        const antes = completarMaquina(guardada, today(), conPrecio);
        await tx
          .update(maquinas)
          .set({
            estado: 'disponible',
            baja: null,
            ...autoria(user, { crear: false }),
            updatedAt: sql`now()`,
            version: sql`${maquinas.version} + 1`,
          })
          .where(eq(maquinas.id, id));
        const despues = await leer(tx, id, conPrecio);
        await historial(tx, user, 'modificar', antes, despues);
        return despues;
      }),

    leer,
    bloquear,
  };
};

export type MaquinasService = ReturnType<typeof createMaquinasService>;
