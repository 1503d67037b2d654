import {
  conflictosMaquina,
  ESTADO_MAQUINA_LABELS,
  INVENTARIO_MESSAGES as M,
  MANTENIMIENTO_MESSAGES as MM,
  type FinalizarMantenimiento,
  type MantenimientoCreate,
} from '@tvsistema/domain/inventario';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { bloqueosActivos } from './bloqueos.repository.js';
import { registrarLectura } from './horometro.service.js';
import { conflicto, type Usuario } from './inventario-comun.js';
import {
  finalizarMantenimientoFila,
  findMantenimiento,
  hayMantenimientoEnCurso,
  insertMantenimiento,
  liberarBloqueoDeMantenimiento,
  lockMantenimiento,
  mantenimientosDe,
  reservasAfectadas,
  setEstadoMantenimiento,
  updateMantenimientoProgramado,
} from './mantenimientos.repository.js';
import {
  esProveedorDeAlquileres,
  reiniciarRevision,
  revisionDeMaquina,
  setEstadoMaquina,
} from './maquinas.repository.js';
import type { MaquinasService } from './maquinas.service.js';

// §2.4, §3.2: maintenance inside availability. A planned one is an exclusive booking; "Enviar a
// taller" an open-ended non-exclusive one that lists the rentals it puts at risk (scenario 9).

const estadoTexto = (estado: keyof typeof ESTADO_MAQUINA_LABELS) =>
  ESTADO_MAQUINA_LABELS[estado].toLowerCase();

export const createMantenimientosService = (
  database: Database,
  today: Today,
  maquinas: MaquinasService,
) => {
  const db = database.db;

  const leer = async (tx: Executor, maquinaId: string, id: string) => {
    const mantenimiento = await findMantenimiento(tx, maquinaId, id);
    if (!mantenimiento) throw notFound(MM.noEncontrado);
    return mantenimiento;
  };

  const bloquear = async (tx: Executor, maquinaId: string, id: string) => {
    await maquinas.bloquear(tx, maquinaId);
    await lockMantenimiento(tx, id);
    return leer(tx, maquinaId, id);
  };

  const comprobarReferencias = async (
    tx: Executor,
    maquinaId: string,
    { tallerId, revisionId }: { tallerId?: string | undefined; revisionId?: string | undefined },
  ) => {
    const errores: string[] = [];
    if (tallerId && !(await esProveedorDeAlquileres(tx, tallerId)))
      errores.push('tallerId: Elige un taller de la lista');
    if (revisionId && !(await revisionDeMaquina(tx, revisionId, maquinaId)))
      errores.push('revisionId: Elige una revisión del plan');
    if (errores.length > 0) throw invalidData(errores);
  };

  /** §3.2: a planned maintenance may not meet a booking or another planned maintenance. */
  const comprobarHueco = async (
    tx: Executor,
    maquinaId: string,
    codigo: string,
    desde: string,
    hasta: string,
  ) => {
    const activos =
      (
        await bloqueosActivos(tx, {
          clase: 'maquina',
          ids: [maquinaId],
          desde,
          hasta,
          hoy: today(),
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

  return {
    list: async (maquinaId: string) => {
      await maquinas.leer(db, maquinaId, { verPrecio: false });
      return mantenimientosDe(db, maquinaId);
    },

    /** Programar, or "Enviar a taller" (urgente): answers the rentals put at risk. */
    create: (user: Usuario, maquinaId: string, input: MantenimientoCreate) =>
      db.transaction(async (tx) => {
        const maquina = await maquinas.bloquear(tx, maquinaId);
        await comprobarReferencias(tx, maquinaId, input);
        const hoy = today();
        if (maquina.estado === 'baja' || (input.urgente && maquina.estado !== 'disponible'))
          throw conflicto(M.noDisponible(estadoTexto(maquina.estado)));
        const desde = input.urgente ? hoy : (input.fechaInicio ?? hoy);
        const hasta = input.urgente ? null : (input.fechaFinPrevista ?? desde);
        if (!input.urgente) {
          if (desde < hoy) throw invalidData([`fechaInicio: ${MM.inicioPasado}`]);
          await comprobarHueco(tx, maquinaId, maquina.codigoInterno, desde, hasta ?? desde);
        }
        const id = await insertMantenimiento(
          tx,
          {
            maquinaId,
            tipo: input.tipo,
            descripcion: input.descripcion,
            fechaInicio: desde,
            fechaFinPrevista: hasta,
            urgente: input.urgente,
            estado: input.urgente ? 'en_curso' : 'programado',
            tallerId: input.tallerId,
            revisionId: input.revisionId,
          },
          user,
        );
        const avisos: string[] = [];
        if (input.urgente) {
          await setEstadoMaquina(tx, maquinaId, 'en_taller');
          const afectadas = await reservasAfectadas(tx, maquinaId, hoy);
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
        await comprobarReferencias(tx, maquinaId, input);
        const desde = input.fechaInicio ?? today();
        const hasta = input.fechaFinPrevista ?? desde;
        if (desde < today()) throw invalidData([`fechaInicio: ${MM.inicioPasado}`]);
        // Its own booking moves with it: release it, check the new dates, book them.
        await liberarBloqueoDeMantenimiento(tx, id);
        const maquina = await maquinas.bloquear(tx, maquinaId);
        await comprobarHueco(tx, maquinaId, maquina.codigoInterno, desde, hasta);
        await updateMantenimientoProgramado(
          tx,
          maquinaId,
          id,
          {
            tipo: input.tipo,
            descripcion: input.descripcion,
            fechaInicio: desde,
            fechaFinPrevista: hasta,
            tallerId: input.tallerId,
            revisionId: input.revisionId,
          },
          user,
        );
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
          throw conflicto(M.noDisponible(estadoTexto(maquina.estado)));
        await setEstadoMantenimiento(tx, id, 'en_curso');
        await setEstadoMaquina(tx, maquinaId, 'en_taller');
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
        await finalizarMantenimientoFila(
          tx,
          id,
          {
            fechaFinReal: input.fechaFinReal,
            horometro: input.horometro ?? null,
            coste: input.coste ?? null,
            resultado: input.resultado,
          },
          user,
        );
        if (actual.revisionId)
          await reiniciarRevision(tx, actual.revisionId, input.fechaFinReal, horas);
        if (!(await hayMantenimientoEnCurso(tx, maquinaId)))
          await setEstadoMaquina(tx, maquinaId, 'disponible', 'en_taller');
        return leer(tx, maquinaId, id);
      }),

    cancelar: (maquinaId: string, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const actual = await bloquear(tx, maquinaId, id);
        if (version !== undefined) checkVersion(actual.version, version);
        if (actual.estado !== 'programado') throw conflicto(MM.noProgramado);
        await setEstadoMantenimiento(tx, id, 'cancelado');
        return leer(tx, maquinaId, id);
      }),
  };
};
