import { sql } from 'drizzle-orm';
import {
  conflictosMaquina,
  INVENTARIO_MESSAGES as M,
  MANTENIMIENTO_MESSAGES as MM,
  ESTADO_MAQUINA_LABELS,
  type FinalizarMantenimiento,
  type Mantenimiento,
  type MantenimientoCreate,
} from '@tvsistema/domain/inventario';
import type { Database } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { bloqueosActivos } from './bloqueos.queries.js';
import { registrarLectura } from './horometro.service.js';
import { conflicto, idValido, isoSql, type Usuario } from './inventario-comun.js';
import type { MaquinasService } from './maquinas.service.js';

// §2.4, §3.2: maintenance inside availability. A planned one is an exclusive booking; "Enviar a
// taller" an open-ended non-exclusive one that lists the rentals it puts at risk (scenario 9).

const json = sql.raw(`jsonb_build_object('_id', x.id, 'maquinaId', x.maquina_id, 'tipo', x.tipo,
  'descripcion', x.descripcion, 'fechaInicio', x.fecha_inicio, 'fechaFinPrevista', x.fecha_fin_prevista,
  'urgente', x.urgente, 'estado', x.estado,
  'taller', (select jsonb_build_object('_id', p.id, 'nombre', p.nombre) from partes p where p.id = x.taller_id),
  'revisionId', x.revision_id, 'fechaFinReal', x.fecha_fin_real, 'horometro', x.horometro::text,
  'coste', x.coste::text, 'resultado', x.resultado, 'version', x.version,
  'createdAt', ${isoSql('x.created_at')}, 'createdBy', coalesce(x.created_by_email, x.created_by_sub))`);

const ESTADO_TEXTO = (estado: keyof typeof ESTADO_MAQUINA_LABELS) =>
  ESTADO_MAQUINA_LABELS[estado].toLowerCase();

export const createMantenimientosService = (
  database: Database,
  today: Today,
  maquinas: MaquinasService,
) => {
  const db = database.db;

  const leer = async (tx: Executor, maquinaId: string, id: string) => {
    if (!idValido(id)) throw notFound(MM.noEncontrado);
    const [row] = await rowsOf<{ r: Mantenimiento }>(
      tx,
      sql`select ${json} as r from maquina_mantenimientos x where x.id = ${id} and x.maquina_id = ${maquinaId}`,
    );
    if (!row) throw notFound(MM.noEncontrado);
    return row.r;
  };

  const bloquear = async (tx: Executor, maquinaId: string, id: string) => {
    await maquinas.bloquear(tx, maquinaId);
    if (idValido(id))
      await rowsOf(tx, sql`select id from maquina_mantenimientos where id = ${id} for update`);
    return leer(tx, maquinaId, id);
  };

  const comprobarTaller = async (
    tx: Executor,
    tallerId: string | undefined,
    revisionId: string | undefined,
    maquinaId: string,
  ) => {
    const errores: string[] = [];
    if (tallerId) {
      const [taller] = await rowsOf(
        tx,
        sql`select 1 from partes where id = ${tallerId} and tipo = 'proveedor' and empresa = 'alquileres'`,
      );
      if (!taller) errores.push('tallerId: Elige un taller de la lista');
    }
    if (revisionId) {
      const [item] = await rowsOf(
        tx,
        sql`select 1 from maquina_revisiones where id = ${revisionId} and maquina_id = ${maquinaId}`,
      );
      if (!item) errores.push('revisionId: Elige una revisión del plan');
    }
    if (errores.length > 0) throw invalidData(errores);
  };

  /** §3.2: a planned maintenance may not meet a booking or another planned maintenance. */
  const comprobarHueco = async (
    tx: Executor,
    maquinaId: string,
    codigo: string,
    desde: string,
    hasta: string,
    excluir?: string,
  ) => {
    const activos =
      (
        await bloqueosActivos(tx, {
          clase: 'maquina',
          ids: [maquinaId],
          desde,
          hasta,
          hoy: today(),
          excluirOrigenId: excluir,
        })
      ).get(maquinaId) ?? [];
    const [primero] = conflictosMaquina({
      codigo,
      estado: 'disponible',
      diasPreparacion: 0,
      desde,
      hasta,
      hoy: today(),
      bloqueos: activos.filter((b) => b.exclusivo),
    });
    if (!primero) return;
    if (primero.tipo === 'mantenimiento')
      throw conflicto(M.reservadaOtroMantenimiento(primero.desde, primero.hasta ?? primero.desde));
    throw conflicto(
      M.reservadaMantenimiento(primero.numero, primero.desde, primero.hasta ?? primero.desde),
    );
  };

  const insertarBloqueo = (
    tx: Executor,
    maquinaId: string,
    m: { id: string; desde: string; hasta: string | null; descripcion: string; urgente: boolean },
  ) =>
    rowsOf(
      tx,
      sql`insert into inventario_bloqueos (maquina_id, cantidad, desde, hasta, origen_tipo, origen_id,
            numero, etiqueta, exclusivo, en_curso, hasta_prevista)
          values (${maquinaId}, 1, ${m.desde}, ${m.hasta}, 'mantenimiento', ${m.id}, 'Mantenimiento',
            ${m.descripcion}, ${!m.urgente}, ${m.urgente}, ${m.hasta})`,
    );

  return {
    list: async (maquinaId: string) => {
      await maquinas.leer(db, maquinaId, { verPrecio: false });
      return (
        await rowsOf<{ r: Mantenimiento }>(
          db,
          sql`select ${json} as r from maquina_mantenimientos x where x.maquina_id = ${maquinaId}
              order by x.fecha_inicio desc, x.created_at desc`,
        )
      ).map((row) => row.r);
    },

    /** Programar, or "Enviar a taller" (urgente): answers the rentals put at risk. */
    create: (user: Usuario, maquinaId: string, input: MantenimientoCreate) =>
      db.transaction(async (tx) => {
        const maquina = await maquinas.bloquear(tx, maquinaId);
        await comprobarTaller(tx, input.tallerId, input.revisionId, maquinaId);
        const hoy = today();
        if (input.urgente && maquina.estado !== 'disponible')
          throw conflicto(M.noDisponible(ESTADO_TEXTO(maquina.estado)));
        if (!input.urgente) {
          if (maquina.estado === 'baja')
            throw conflicto(M.noDisponible(ESTADO_TEXTO(maquina.estado)));
          if ((input.fechaInicio ?? hoy) < hoy)
            throw invalidData([`fechaInicio: ${MM.inicioPasado}`]);
          await comprobarHueco(
            tx,
            maquinaId,
            maquina.codigoInterno,
            input.fechaInicio ?? hoy,
            input.fechaFinPrevista ?? hoy,
          );
        }
        const desde = input.urgente ? hoy : (input.fechaInicio ?? hoy);
        const hasta = input.urgente ? null : (input.fechaFinPrevista ?? hoy);
        const [fila] = await rowsOf<{ id: string }>(
          tx,
          sql`insert into maquina_mantenimientos (maquina_id, tipo, descripcion, fecha_inicio,
                fecha_fin_prevista, urgente, estado, taller_id, revision_id, created_by_sub,
                created_by_email, updated_by_sub, updated_by_email)
              values (${maquinaId}, ${input.tipo}, ${input.descripcion}, ${desde}, ${hasta},
                ${input.urgente}, ${input.urgente ? 'en_curso' : 'programado'}, ${input.tallerId ?? null},
                ${input.revisionId ?? null}, ${user?.sub ?? null}, ${user?.email ?? null},
                ${user?.sub ?? null}, ${user?.email ?? null})
              returning id::text`,
        );
        const id = fila?.id ?? '';
        await insertarBloqueo(tx, maquinaId, {
          id,
          desde,
          hasta,
          descripcion: input.descripcion,
          urgente: input.urgente,
        });
        const avisos: string[] = [];
        if (input.urgente) {
          await rowsOf(tx, sql`update maquinas set estado = 'en_taller' where id = ${maquinaId}`);
          const afectadas = await rowsOf<{ numero: string; desde: string; hasta: string | null }>(
            tx,
            sql`select numero, desde::text, hasta::text from inventario_bloqueos
                where maquina_id = ${maquinaId} and estado = 'activo' and origen_tipo = 'alquiler'
                  and albaran_devolucion_id is null and (hasta is null or hasta >= ${hoy}::date)
                order by desde`,
          );
          avisos.push(...afectadas.map((b) => M.reservaAfectada(b.numero, b.desde, b.hasta)));
        }
        return { data: await leer(tx, maquinaId, id), avisos };
      }),

    update: (
      user: Usuario,
      maquinaId: string,
      id: string,
      input: MantenimientoCreate,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const actual = await bloquear(tx, maquinaId, id);
        checkVersion(actual.version, version);
        if (actual.estado !== 'programado') throw conflicto(MM.noProgramado);
        await comprobarTaller(tx, input.tallerId, input.revisionId, maquinaId);
        const desde = input.fechaInicio ?? today();
        const hasta = input.fechaFinPrevista ?? desde;
        if (desde < today()) throw invalidData([`fechaInicio: ${MM.inicioPasado}`]);
        // Its own booking moves with it: release it, check the new dates, book them.
        await rowsOf(
          tx,
          sql`update inventario_bloqueos set estado = 'liberado' where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
        );
        const maquina = await maquinas.bloquear(tx, maquinaId);
        await comprobarHueco(tx, maquinaId, maquina.codigoInterno, desde, hasta);
        await rowsOf(
          tx,
          sql`update maquina_mantenimientos set tipo = ${input.tipo}, descripcion = ${input.descripcion},
                fecha_inicio = ${desde}, fecha_fin_prevista = ${hasta}, taller_id = ${input.tallerId ?? null},
                revision_id = ${input.revisionId ?? null}, updated_at = now(), version = version + 1,
                updated_by_sub = ${user?.sub ?? null}, updated_by_email = ${user?.email ?? null}
              where id = ${id}`,
        );
        await insertarBloqueo(tx, maquinaId, {
          id,
          desde,
          hasta,
          descripcion: input.descripcion,
          urgente: false,
        });
        return leer(tx, maquinaId, id);
      }),

    iniciar: (maquinaId: string, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const actual = await bloquear(tx, maquinaId, id);
        if (version !== undefined) checkVersion(actual.version, version);
        if (actual.estado !== 'programado') throw conflicto(MM.noProgramado);
        if (actual.fechaInicio > today()) throw conflicto(MM.inicioFuturo);
        const maquina = await maquinas.bloquear(tx, maquinaId);
        if (maquina.estado !== 'disponible')
          throw conflicto(M.noDisponible(ESTADO_TEXTO(maquina.estado)));
        await rowsOf(
          tx,
          sql`update maquina_mantenimientos set estado = 'en_curso', updated_at = now(), version = version + 1 where id = ${id}`,
        );
        await rowsOf(
          tx,
          sql`update inventario_bloqueos set en_curso = true where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
        );
        await rowsOf(tx, sql`update maquinas set estado = 'en_taller' where id = ${maquinaId}`);
        return leer(tx, maquinaId, id);
      }),

    /** R10: the linked plan item restarts from this date and these lifetime hours. */
    finalizar: (user: Usuario, maquinaId: string, id: string, input: FinalizarMantenimiento) =>
      db.transaction(async (tx) => {
        const actual = await bloquear(tx, maquinaId, id);
        if (input.version !== undefined) checkVersion(actual.version, input.version);
        if (actual.estado !== 'en_curso') throw conflicto(MM.noEnCurso);
        if (input.fechaFinReal < actual.fechaInicio || input.fechaFinReal > today())
          throw invalidData([`fechaFinReal: ${MM.finReal}`]);
        let horas = (await maquinas.bloquear(tx, maquinaId)).horasAcumuladas;
        if (input.horometro !== undefined)
          horas = (
            await registrarLectura(
              tx,
              maquinaId,
              {
                fecha: input.fechaFinReal,
                lectura: input.horometro,
                origen: 'mantenimiento',
                referencia: actual.descripcion,
              },
              user,
              'horometro',
            )
          ).horasAcumuladas;
        await rowsOf(
          tx,
          sql`update maquina_mantenimientos set estado = 'finalizado', fecha_fin_real = ${input.fechaFinReal},
                horometro = ${input.horometro ?? null}, coste = ${input.coste ?? null},
                resultado = ${input.resultado}, updated_at = now(), version = version + 1,
                updated_by_sub = ${user?.sub ?? null}, updated_by_email = ${user?.email ?? null}
              where id = ${id}`,
        );
        await rowsOf(
          tx,
          sql`update inventario_bloqueos set hasta = ${input.fechaFinReal}, en_curso = false
              where origen_tipo = 'mantenimiento' and origen_id = ${id} and estado = 'activo'`,
        );
        if (actual.revisionId)
          await rowsOf(
            tx,
            sql`update maquina_revisiones set ultima_fecha = ${input.fechaFinReal}, ultimas_horas = ${horas}
                where id = ${actual.revisionId}`,
          );
        const [otro] = await rowsOf(
          tx,
          sql`select 1 from maquina_mantenimientos where maquina_id = ${maquinaId} and estado = 'en_curso'`,
        );
        if (!otro)
          await rowsOf(
            tx,
            sql`update maquinas set estado = 'disponible' where id = ${maquinaId} and estado = 'en_taller'`,
          );
        return leer(tx, maquinaId, id);
      }),

    cancelar: (maquinaId: string, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const actual = await bloquear(tx, maquinaId, id);
        if (version !== undefined) checkVersion(actual.version, version);
        if (actual.estado !== 'programado') throw conflicto(MM.noProgramado);
        await rowsOf(
          tx,
          sql`update maquina_mantenimientos set estado = 'cancelado', updated_at = now(), version = version + 1 where id = ${id}`,
        );
        await rowsOf(
          tx,
          sql`update inventario_bloqueos set estado = 'liberado' where origen_tipo = 'mantenimiento' and origen_id = ${id}`,
        );
        return leer(tx, maquinaId, id);
      }),
  };
};
