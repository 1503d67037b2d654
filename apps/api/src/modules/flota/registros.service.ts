import { sumarDias } from '@tvsistema/domain/fechas';
import {
  esRemolque,
  FLOTA_MESSAGES as M,
  type ItvBody,
  type LecturaKmBody,
  type MantenimientoCamionBody,
  type TipoCamion,
} from '@tvsistema/domain/flota';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import {
  comprasDeTransporte,
  costesMantenimiento,
  deleteItv,
  deleteLectura,
  actualizarKm,
  deleteLecturasDeOrigen,
  deleteMantenimiento,
  esTallerDeTransporte,
  findDocumento,
  findLectura,
  findMantenimiento,
  insertItv,
  insertLectura,
  insertLecturaYKm,
  entornoLectura,
  insertMantenimiento,
  itvDe,
  lecturasVecinas,
  lecturasPagina,
  mantenimientosPagina,
  nombresDeTalleres,
  setDerivados,
  setResultadoItv,
  updateItv,
  updateMantenimiento,
  type CamionRow,
  type ItvRow,
  type LecturaRow,
  type MantenimientoRow,
} from './camiones.repository.js';
import type { CamionesService } from './camiones.service.js';
import { autoria, conflicto, idValido, iso, nombreUsuario, type Usuario } from './flota-comun.js';
import { comprobarLectura } from './lecturas.js';

// §2.1 sub-records: ITV inspections (§4.2), maintenance (§4.5) and odometer readings (§4.4).
// Each write refreshes the vehicle's derived values and leaves a history row on the vehicle.

const itvDto = (row: ItvRow) => ({
  _id: row.id,
  camionId: row.camionId,
  version: row.version,
  fecha: row.fecha,
  estacion: row.estacion,
  resultado: row.resultado as 'favorable',
  km: row.km,
  observaciones: row.observaciones,
  informeArchivoId: row.informeArchivoId,
  proximaItv: row.proximaItv,
  plazoSubsanacion: row.plazoSubsanacion,
  createdAt: iso(row.createdAt),
  createdBy: row.createdByEmail ?? row.createdBySub,
});

type Compras = Awaited<ReturnType<typeof comprasDeTransporte>>;

const compraDto = (id: string | null, compras: Compras) => {
  const compra = id ? compras.get(id) : undefined;
  return id && compra
    ? {
        _id: id,
        numeroRegistro: compra.numeroRegistro,
        proveedor: compra.proveedor,
        numeroFacturaProveedor: compra.numero,
      }
    : null;
};

const mantenimientoDto = (
  row: MantenimientoRow,
  talleres: Map<string, string>,
  compras: Compras,
) => ({
  _id: row.id,
  camionId: row.camionId,
  version: row.version,
  fecha: row.fecha,
  km: row.km,
  tipo: row.tipo as 'revision',
  tallerId: row.tallerId,
  taller: row.tallerId ? (talleres.get(row.tallerId) ?? '') : 'Taller propio',
  descripcion: row.descripcion,
  coste: row.coste,
  numeroFactura: row.numeroFactura,
  compraId: row.compraId,
  compra: compraDto(row.compraId, compras),
  proximaFecha: row.proximaFecha,
  proximoKm: row.proximoKm,
  createdAt: iso(row.createdAt),
  createdBy: row.createdByEmail ?? row.createdBySub,
});

const lecturaDto = (row: LecturaRow) => ({
  _id: row.id,
  camionId: row.camionId,
  fecha: row.fecha,
  km: row.km,
  origen: row.origen as 'manual',
  origenId: row.origenId,
  confirmada: row.confirmada,
  registradoPor: row.registradoPor,
  createdAt: iso(row.createdAt),
});

export const createRegistrosService = (
  database: Database,
  today: Today,
  camiones: CamionesService,
) => {
  const db = database.db;

  /** A record date: not before the first registration, not after hoy. */
  const comprobarFecha = (
    row: Pick<CamionRow, 'fechaPrimeraMatriculacion'>,
    fecha: string,
    campo = 'fecha',
  ) => {
    if (fecha > today()) throw invalidData([`${campo}: ${M.fechaFutura}`]);
    if (fecha < row.fechaPrimeraMatriculacion)
      throw invalidData([`${campo}: ${M.fechaAnteriorMatriculacion}`]);
  };

  /** §4.4 on the vehicle's readings (less the ones `sin` names), then the reading itself. */
  const registrarKm = async (
    tx: Executor,
    user: Usuario,
    row: CamionRow,
    lectura: { fecha: string; km: number; confirmada?: boolean | undefined },
    origen: { origen: 'manual' | 'mantenimiento' | 'itv'; origenId?: string; sin?: string },
  ) => {
    comprobarLectura(await lecturasVecinas(tx, row.id, lectura.fecha, origen.sin), lectura);
    if (origen.sin) await deleteLecturasDeOrigen(tx, origen.sin);
    return insertLectura(tx, {
      camionId: row.id,
      fecha: lectura.fecha,
      km: lectura.km,
      origen: origen.origen,
      origenId: origen.origenId ?? null,
      confirmada: lectura.confirmada === true,
      registradoPor: nombreUsuario(user),
    });
  };

  const refrescarKm = async (tx: Executor, camionId: string) => {
    await actualizarKm(tx, camionId);
  };

  /** One history row on the vehicle for a change of one of its sub-records. */
  const anotar = (
    tx: Executor,
    user: Usuario,
    camionId: string,
    campo: string,
    anterior: unknown,
    nuevo: unknown,
  ) =>
    camiones.historial(
      tx,
      user,
      'modificar',
      { _id: camionId, [campo]: anterior ?? null },
      { _id: camionId, [campo]: nuevo ?? null },
      [campo],
    );

  const kmPermitido = (
    row: CamionRow,
    km: number | undefined,
    { requerido }: { requerido: boolean },
  ) => {
    if (esRemolque(row.tipo as TipoCamion)) {
      if (km !== undefined) throw invalidData([`km: ${M.remolqueSinKm}`]);
      return;
    }
    if (requerido && km === undefined) throw invalidData([`km: ${M.kmLectura}`]);
  };

  /** Recomputes the chain and stores each inspection's result (§2.1 proximaItv / plazo). */
  const refrescarItv = async (tx: Executor, camionId: string) => {
    const row = await camiones.bloquear(tx, camionId);
    const { cadena, inspecciones } = await camiones.refrescarItv(tx, row);
    await Promise.all(
      inspecciones.map((inspeccion, i) =>
        setResultadoItv(
          tx,
          inspeccion.id,
          cadena.proximas[i] ?? cadena.itvHasta,
          cadena.plazos[i] ?? null,
        ),
      ),
    );
  };

  const itvDeCamion = async (executor: Executor, camionId: string) => {
    await camiones.leer(executor, camionId);
    return itvDe(executor, camionId);
  };

  /** §4.2: only the latest inspection (by fecha) may change. */
  const ultimaInspeccion = async (tx: Executor, camionId: string, itvId: string) => {
    const inspecciones = await itvDe(tx, camionId);
    const inspeccion = inspecciones.find((i) => i.id === itvId);
    if (!inspeccion || !idValido(itvId)) throw notFound(M.inspeccionNoEncontrada);
    if (inspecciones[inspecciones.length - 1]?.id !== itvId)
      throw conflicto(M.soloUltimaInspeccion);
    return inspeccion;
  };

  const resumenItv = (b: {
    fecha: string;
    resultado: string;
    estacion?: string | null | undefined;
    km?: number | null | undefined;
  }) => ({
    fecha: b.fecha,
    resultado: b.resultado,
    estacion: b.estacion ?? null,
    km: b.km ?? null,
  });

  /** §2.1 informeArchivoId: a file of this vehicle, categoría "Informe ITV". */
  const comprobarInforme = async (tx: Executor, camionId: string, archivoId?: string | null) => {
    if (!archivoId) return;
    const documento = await findDocumento(tx, camionId, archivoId);
    if (documento?.categoria !== 'informe_itv')
      throw invalidData([`informeArchivoId: ${M.informeItv}`]);
  };

  const itv = {
    list: async (camionId: string) => (await itvDeCamion(db, camionId)).map(itvDto).reverse(),

    create: (user: Usuario, camionId: string, body: ItvBody) =>
      db.transaction(async (tx) => {
        const row = await camiones.bloquear(tx, camionId);
        comprobarFecha(row, body.fecha);
        kmPermitido(row, body.km, { requerido: false });
        await comprobarInforme(tx, camionId, body.informeArchivoId);
        const id = await insertItv(tx, {
          camionId,
          fecha: body.fecha,
          estacion: body.estacion ?? null,
          resultado: body.resultado,
          km: body.km ?? null,
          observaciones: body.observaciones ?? null,
          informeArchivoId: body.informeArchivoId ?? null,
          ...autoria(user, { crear: true }),
        });
        if (body.km !== undefined) {
          await registrarKm(
            tx,
            user,
            row,
            { fecha: body.fecha, km: body.km, confirmada: body.confirmada },
            {
              origen: 'itv',
              origenId: id,
            },
          );
          await refrescarKm(tx, camionId);
        }
        await refrescarItv(tx, camionId);
        await anotar(tx, user, camionId, 'inspeccionItv', null, resumenItv(body));
        const guardada = (await itvDe(tx, camionId)).find((i) => i.id === id);
        const camion = await camiones.refrescarYLeer(tx, camionId);
        return { data: itvDto(guardada as ItvRow), camion };
      }),

    update: (
      user: Usuario,
      camionId: string,
      itvId: string,
      body: ItvBody,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const row = await camiones.bloquear(tx, camionId);
        const actual = await ultimaInspeccion(tx, camionId, itvId);
        checkVersion(actual.version, version);
        comprobarFecha(row, body.fecha);
        kmPermitido(row, body.km, { requerido: false });
        await comprobarInforme(tx, camionId, body.informeArchivoId);
        await updateItv(tx, itvId, {
          fecha: body.fecha,
          estacion: body.estacion ?? null,
          resultado: body.resultado,
          km: body.km ?? null,
          observaciones: body.observaciones ?? null,
          informeArchivoId: body.informeArchivoId ?? null,
          ...autoria(user, { crear: false }),
        });
        if (body.km !== undefined)
          await registrarKm(
            tx,
            user,
            row,
            { fecha: body.fecha, km: body.km, confirmada: body.confirmada },
            {
              origen: 'itv',
              origenId: itvId,
              sin: itvId,
            },
          );
        else await deleteLecturasDeOrigen(tx, itvId);
        await refrescarKm(tx, camionId);
        await refrescarItv(tx, camionId);
        await anotar(tx, user, camionId, 'inspeccionItv', resumenItv(actual), resumenItv(body));
        const guardada = (await itvDe(tx, camionId)).find((i) => i.id === itvId);
        const camion = await camiones.refrescarYLeer(tx, camionId);
        return { data: itvDto(guardada as ItvRow), camion };
      }),

    remove: (user: Usuario, camionId: string, itvId: string) =>
      db.transaction(async (tx) => {
        await camiones.bloquear(tx, camionId);
        const actual = await ultimaInspeccion(tx, camionId, itvId);
        await deleteLecturasDeOrigen(tx, itvId);
        await deleteItv(tx, itvId);
        await refrescarKm(tx, camionId);
        await refrescarItv(tx, camionId);
        await anotar(tx, user, camionId, 'inspeccionItv', resumenItv(actual), null);
        await camiones.refrescar(tx, camionId);
      }),
  };

  const comprobarTaller = async (tx: Executor, tallerId: string | null | undefined) => {
    if (tallerId && !(await esTallerDeTransporte(tx, tallerId)))
      throw invalidData([`tallerId: ${M.tallerInvalido}`]);
  };

  /** §2.6: compraId names a compra of Transportes that is not anulada. */
  const comprobarCompra = async (tx: Executor, compraId: string | null | undefined) => {
    if (compraId && !(await comprasDeTransporte(tx, [compraId])).has(compraId))
      throw invalidData([`compraId: ${M.compraInvalida}`]);
  };

  /** §4.3: a tachograph revision moves the vehicle's last revision forward. */
  const revisionTacografo = async (tx: Executor, row: CamionRow, body: MantenimientoCamionBody) => {
    const tacografo = row.tacografo as { ultimaRevision: string | null } | null;
    if (body.tipo !== 'tacografo' || !tacografo) return;
    if (!tacografo.ultimaRevision || tacografo.ultimaRevision < body.fecha)
      await setDerivados(tx, row.id, { tacografo: { ...tacografo, ultimaRevision: body.fecha } });
  };

  const valoresMantenimiento = (body: MantenimientoCamionBody) => ({
    fecha: body.fecha,
    km: body.km ?? null,
    tipo: body.tipo,
    tallerId: body.tallerId ?? null,
    descripcion: body.descripcion ?? null,
    coste: body.coste,
    numeroFactura: body.numeroFactura ?? null,
    compraId: body.compraId ?? null,
    proximaFecha: body.proximaFecha ?? null,
    proximoKm: body.proximoKm ?? null,
  });

  const leerMantenimiento = async (tx: Executor, camionId: string, id: string) => {
    const row = idValido(id) ? await findMantenimiento(tx, camionId, id) : undefined;
    if (!row) throw notFound(M.mantenimientoNoEncontrado);
    return mantenimientoDto(
      row,
      await nombresDeTalleres(tx, row.tallerId ? [row.tallerId] : []),
      await comprasDeTransporte(tx, row.compraId ? [row.compraId] : []),
    );
  };

  const resumenMantenimiento = (m: {
    fecha: string;
    tipo: string;
    km?: number | null | undefined;
    coste: string;
  }) => ({
    fecha: m.fecha,
    tipo: m.tipo,
    km: m.km ?? null,
    coste: m.coste,
  });

  const mantenimientos = {
    list: async (camionId: string, page: number, limit: number, tipo?: string) => {
      await camiones.leer(db, camionId);
      const { data, total } = await mantenimientosPagina(db, camionId, page, limit, tipo);
      const talleres = await nombresDeTalleres(db, [
        ...new Set(data.map((m) => m.tallerId).filter((t): t is string => t !== null)),
      ]);
      const compras = await comprasDeTransporte(db, [
        ...new Set(data.map((m) => m.compraId).filter((c): c is string => c !== null)),
      ]);
      const hoy = today();
      const desde = sumarDias(hoy, -365);
      const costes = await costesMantenimiento(db, camionId, hoy.slice(0, 4), desde);
      return {
        data: data.map((m) => mantenimientoDto(m, talleres, compras)),
        meta: pageMetaOf(page, limit, total),
        totales: {
          anio: Number(hoy.slice(0, 4)),
          costeAnio: costes.anio,
          costePorKm: costes.porKm,
        },
      };
    },

    create: (user: Usuario, camionId: string, body: MantenimientoCamionBody) =>
      db.transaction(async (tx) => {
        const row = await camiones.bloquear(tx, camionId);
        comprobarFecha(row, body.fecha);
        kmPermitido(row, body.km, { requerido: true });
        await comprobarTaller(tx, body.tallerId);
        await comprobarCompra(tx, body.compraId);
        const id = await insertMantenimiento(tx, {
          camionId,
          ...valoresMantenimiento(body),
          ...autoria(user, { crear: true }),
        });
        if (body.km !== undefined) {
          await registrarKm(
            tx,
            user,
            row,
            { fecha: body.fecha, km: body.km, confirmada: body.confirmada },
            {
              origen: 'mantenimiento',
              origenId: id,
            },
          );
          await refrescarKm(tx, camionId);
        }
        await revisionTacografo(tx, row, body);
        await anotar(tx, user, camionId, 'mantenimiento', null, resumenMantenimiento(body));
        await camiones.refrescar(tx, camionId);
        return { data: await leerMantenimiento(tx, camionId, id) };
      }),

    update: (
      user: Usuario,
      camionId: string,
      id: string,
      body: MantenimientoCamionBody,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const row = await camiones.bloquear(tx, camionId);
        const actual = idValido(id) ? await findMantenimiento(tx, camionId, id) : undefined;
        if (!actual) throw notFound(M.mantenimientoNoEncontrado);
        checkVersion(actual.version, version);
        comprobarFecha(row, body.fecha);
        kmPermitido(row, body.km, { requerido: true });
        await comprobarTaller(tx, body.tallerId);
        await comprobarCompra(tx, body.compraId);
        await updateMantenimiento(tx, id, {
          ...valoresMantenimiento(body),
          ...autoria(user, { crear: false }),
        });
        if (body.km !== undefined)
          await registrarKm(
            tx,
            user,
            row,
            { fecha: body.fecha, km: body.km, confirmada: body.confirmada },
            {
              origen: 'mantenimiento',
              origenId: id,
              sin: id,
            },
          );
        else await deleteLecturasDeOrigen(tx, id);
        await refrescarKm(tx, camionId);
        await revisionTacografo(tx, row, body);
        await anotar(
          tx,
          user,
          camionId,
          'mantenimiento',
          resumenMantenimiento(actual),
          resumenMantenimiento(body),
        );
        await camiones.refrescar(tx, camionId);
        return { data: await leerMantenimiento(tx, camionId, id) };
      }),

    remove: (user: Usuario, camionId: string, id: string) =>
      db.transaction(async (tx) => {
        await camiones.bloquear(tx, camionId);
        const actual = idValido(id) ? await findMantenimiento(tx, camionId, id) : undefined;
        if (!actual) throw notFound(M.mantenimientoNoEncontrado);
        await deleteLecturasDeOrigen(tx, id);
        await deleteMantenimiento(tx, id);
        await refrescarKm(tx, camionId);
        await anotar(tx, user, camionId, 'mantenimiento', resumenMantenimiento(actual), null);
        await camiones.refrescar(tx, camionId);
      }),
  };

  const lecturas = {
    list: async (camionId: string, page: number, limit: number) => {
      await camiones.leer(db, camionId);
      const { data, total } = await lecturasPagina(db, camionId, page, limit);
      return { data: data.map(lecturaDto), meta: pageMetaOf(page, limit, total) };
    },

    /**
     * §4.4 in four statements (decision 0029): the lock, the readings around the day, the insert
     * with kmActual, the history row; the sub-records are read again only when the reading
     * changes what the vehicle's resumen was computed from.
     */
    create: (user: Usuario, camionId: string, body: LecturaKmBody) =>
      db.transaction(async (tx) => {
        const fila = await camiones.bloquearFila(tx, camionId);
        if (esRemolque(fila.tipo as TipoCamion)) throw invalidData([`km: ${M.remolqueSinKm}`]);
        comprobarFecha(fila, body.fecha);
        const { vecinas, ventana } = await entornoLectura(tx, camionId, body.fecha, fila.kmFecha);
        comprobarLectura(vecinas, body);
        const registradoPor = nombreUsuario(user);
        const confirmada = body.confirmada === true;
        const guardada = await insertLecturaYKm(tx, {
          camionId,
          fecha: body.fecha,
          km: body.km,
          confirmada,
          registradoPor,
        });
        if (!guardada) throw new Error('La lectura no se ha guardado');
        await anotar(tx, user, camionId, 'kilometraje', null, { fecha: body.fecha, km: body.km });
        const camion = await camiones.trasLectura(tx, fila, body, ventana, guardada.movido);
        return {
          data: {
            _id: guardada.id,
            camionId,
            fecha: guardada.fecha,
            km: guardada.km,
            origen: 'manual' as const,
            origenId: null,
            confirmada,
            registradoPor,
            createdAt: guardada.createdAt,
          },
          camion,
        };
      }),

    remove: (user: Usuario, camionId: string, id: string) =>
      db.transaction(async (tx) => {
        await camiones.bloquear(tx, camionId);
        const lectura = idValido(id) ? await findLectura(tx, camionId, id) : undefined;
        if (!lectura) throw notFound(M.lecturaNoEncontrada);
        if (lectura.origen !== 'manual') throw conflicto(M.soloManuales);
        await deleteLectura(tx, id);
        await refrescarKm(tx, camionId);
        await anotar(
          tx,
          user,
          camionId,
          'kilometraje',
          { fecha: lectura.fecha, km: lectura.km },
          null,
        );
        await camiones.refrescar(tx, camionId);
      }),
  };

  return { itv, mantenimientos, lecturas };
};
