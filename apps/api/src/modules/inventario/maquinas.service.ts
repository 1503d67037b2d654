import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import {
  INVENTARIO_MESSAGES as M,
  siguienteCodigo,
  TIPO_MAQUINA,
  type Maquina,
  type MaquinaCreate,
  type MaquinaListQuery,
  type MaquinaUpdate,
} from '@tvsistema/domain/inventario';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { insertLectura } from './horometro.repository.js';
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
import {
  cancelarMantenimientosAbiertos,
  completarMaquina,
  deleteMaquina,
  esProveedorDeAlquileres,
  findMaquinaGuardada,
  guardarPlan,
  insertMaquina,
  listMaquinas,
  lockMaquina,
  maquinaConSerie,
  mayorNumeroDePrefijo,
  primeraReservaFutura,
  updateMaquina,
  usoMaquina,
  type MaquinaGuardada,
} from './maquinas.repository.js';

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
  if (input.proveedorId && !(await esProveedorDeAlquileres(tx, input.proveedorId)))
    errores.push('proveedorId: Elige un proveedor de alquileres de la lista');
  if (errores.length > 0) throw invalidData(errores);
};

/** R1: the next free code of the tipo's prefix. */
const codigoAutomatico = async (tx: Executor, tipo: keyof typeof TIPO_MAQUINA) => {
  const prefijo = TIPO_MAQUINA[tipo].prefijo;
  return siguienteCodigo(prefijo, await mayorNumeroDePrefijo(tx, prefijo));
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
    const otra = await maquinaConSerie(
      database.db,
      normalizeSearchText(input.marca),
      input.numeroSerie,
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
    await lockMaquina(tx, id);
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
    /** The record a detail shows: with `eliminable`, whether R15 lets it be deleted (§5.3). */
    detalle: async (id: string, opciones: Opciones) => {
      const maquina = await leer(db, id, opciones);
      const uso = await usoMaquina(db, id);
      return { ...maquina, eliminable: uso.reservas === 0 && uso.movimientos === 0 };
    },
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
          const id = await insertMaquina(tx, {
            ...valores(input),
            codigoInterno: codigo,
            horometro: input.horometroInicial,
            horasAcumuladas: input.horometroInicial,
            busqueda: busquedaDe(codigo, input),
            ...autoria(user, { crear: true }),
          });
          await insertLectura(tx, {
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
          await updateMaquina(tx, id, {
            ...valores(input),
            codigoInterno: codigo,
            busqueda: busquedaDe(codigo, input),
            ...autoria(user, { crear: false }),
          });
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
        const uso = await usoMaquina(tx, id);
        if (uso.reservas > 0 || uso.movimientos > 0)
          throw conflicto(M.noEliminable(guardada.codigoInterno, uso.reservas, uso.movimientos));
        const antes = completarMaquina(guardada, today(), conPrecio);
        await deleteMaquina(tx, id);
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
        const futura = await primeraReservaFutura(tx, id, today());
        if (futura) throw conflicto(M.reservasFuturas(futura.numero, futura.desde, futura.hasta));
        const antes = completarMaquina(guardada, today(), conPrecio);
        await cancelarMantenimientosAbiertos(tx, id);
        await updateMaquina(tx, id, {
          estado: 'baja',
          baja: { fecha: input.fecha, motivo: input.motivo, detalle: input.detalle ?? null },
          ...autoria(user, { crear: false }),
        });
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
        await updateMaquina(tx, id, {
          estado: 'disponible',
          baja: null,
          ...autoria(user, { crear: false }),
        });
        const despues = await leer(tx, id, conPrecio);
        await historial(tx, user, 'modificar', antes, despues);
        return despues;
      }),

    leer,
    bloquear,
  };
};

export type MaquinasService = ReturnType<typeof createMaquinasService>;
