import {
  COMERCIAL_MESSAGES as M,
  CONDICIONES_ALQUILER,
  parsePresupuestoSort,
  type AceptarBody,
  type EstadoPresupuesto,
  type Facturacion,
  type PlantillaCreate,
  type PlantillaListQuery,
  type Presupuesto,
  type PresupuestoCreate,
  type PresupuestoListQuery,
  type PresupuestoResumen,
  type Plantilla,
} from '@tvsistema/domain/comercial';
import { diasEntre, sumarDias } from '@tvsistema/domain/fechas';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { direccionValuesOf, validateDireccion } from '../localizacion/index.js';
import { asignarNumero } from '../numeracion/index.js';
import {
  crearAlquilerEnTx,
  facturacionPorDefecto,
  fianzaPorDefecto,
  RECURSO_ALQUILER,
} from './alquileres.service.js';
import {
  caducarVencidos,
  deletePlantilla,
  deletePresupuesto,
  findCliente,
  findPlantilla,
  findPresupuesto,
  findMaquinas,
  insertPlantilla,
  insertPresupuesto,
  lineasDePresupuesto,
  lockPlantilla,
  lockPresupuesto,
  pageOfPlantillas,
  pageOfPresupuestos,
  paginaResumenPresupuestos,
  replaceLineasPresupuesto,
  updatePlantilla,
  updatePresupuesto,
  usosDePlantilla,
  type FilaResumenPresupuesto,
  type LineaRow,
  type PlantillaRow,
  type PresupuestoParaRespuesta,
} from './comercial.repository.js';
import {
  autoria,
  columnaBusqueda,
  conflicto,
  direccionONull,
  idValido,
  sinVacios,
  type Usuario,
} from './comercial-comun.js';
import {
  extremos,
  conTarifasActuales,
  lineasCalculadas,
  resolverLineas,
  type LineaGuardada,
} from './lineas.service.js';
import { disponibilidadDe } from './reservas.js';

// §2.2, §2.3, §3.1: quotes (borrador → enviado → aceptado / rechazado / caducado), their
// revisions, the expiry sweep, acceptance = rental in one transaction, and the templates.

const RECURSO = 'presupuesto';

/**
 * A quote's client words of its own: a provisional client's name and documento. A registered
 * client's are its copy in `cliente_busqueda`, kept by triggers when it is renamed (migration 0037).
 */
const palabrasDelProvisional = (q: {
  clienteId?: string | null | undefined;
  clienteProvisional?:
    | { nombre?: string | undefined; documento?: string | undefined }
    | null
    | undefined;
}) => (q.clienteId ? [] : [q.clienteProvisional?.nombre, q.clienteProvisional?.documento]);
const RECURSO_PLANTILLA = 'presupuesto_plantilla';
const CAMPOS = [
  'numero',
  'revision',
  'estado',
  'clienteId',
  'clienteProvisional',
  'contacto',
  'obraNombre',
  'fechaInicio',
  'fechaFin',
  'fechaValidez',
  'facturacion',
  'fianza',
  'condiciones',
  'observaciones',
  'observacionesInternas',
  'motivoRechazo',
  'alquilerId',
  'lineas',
  'totales',
] as const;
/** R15: what a revision does not count (everything else is content). */
const NO_CONTENIDO = new Set([
  'observacionesInternas',
  'version',
  'updatedAt',
  'updatedBy',
  'revision',
]);

const contenido = (p: Presupuesto) =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(p).filter(([k]) => !NO_CONTENIDO.has(k))),
    // A line sent again without its `_id` is the same content under a new id.
    lineas: p.lineas.map(({ _id: _i, ...l }) => l),
  });

const aPresupuesto = (
  leido: PresupuestoParaRespuesta,
  filas: readonly Omit<LineaRow, 'presupuestoId'>[],
): Presupuesto => {
  const r = leido.row;
  const { lineas, totales } = lineasCalculadas(filas);
  return {
    _id: r.id,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    createdBy: r.createdByEmail ?? r.createdBySub,
    updatedBy: r.updatedByEmail ?? r.updatedBySub,
    numero: r.numero,
    revision: r.revision,
    estado: r.estado as EstadoPresupuesto,
    clienteId: r.clienteId,
    cliente:
      r.clienteId && leido.clienteNombre
        ? { _id: r.clienteId, nombre: leido.clienteNombre, documento: leido.clienteDocumento }
        : null,
    clienteProvisional: r.clienteProvisional
      ? (sinVacios(r.clienteProvisional) as Presupuesto['clienteProvisional'])
      : null,
    contacto: sinVacios(r.contacto),
    obraNombre: r.obraNombre,
    direccionObra: direccionONull(leido.direccion),
    fechaInicio: r.fechaInicio,
    fechaFin: r.fechaFin,
    fechaEmision: r.fechaEmision,
    fechaValidez: r.fechaValidez,
    fechaRechazo: r.fechaRechazo,
    facturacion: r.facturacion as Facturacion,
    fianza: r.fianza,
    condiciones: r.condiciones,
    observaciones: r.observaciones,
    observacionesInternas: r.observacionesInternas,
    plantillaId: r.plantillaId,
    alquilerId: r.alquilerId,
    alquilerNumero: leido.alquilerNumero,
    motivoRechazo: r.motivoRechazo,
    lineas,
    totales,
  };
};

/** A list row, as `aPresupuesto` shapes the same columns of the record. */
const aResumen = (f: FilaResumenPresupuesto): PresupuestoResumen => ({
  _id: f.id,
  version: f.version,
  createdAt: new Date(f.createdAt).toISOString(),
  updatedAt: new Date(f.updatedAt).toISOString(),
  numero: f.numero,
  revision: f.revision,
  estado: f.estado as EstadoPresupuesto,
  clienteId: f.clienteId,
  cliente:
    f.clienteId && f.cliente
      ? { _id: f.clienteId, nombre: f.cliente, documento: f.documento }
      : null,
  clienteProvisional: f.clienteProvisional
    ? (sinVacios(f.clienteProvisional) as PresupuestoResumen['clienteProvisional'])
    : null,
  obraNombre: f.obraNombre,
  fechaInicio: f.fechaInicio,
  fechaFin: f.fechaFin,
  fechaEmision: f.fechaEmision,
  fechaValidez: f.fechaValidez,
  alquilerId: f.alquilerId,
  alquilerNumero: f.alquilerNumero,
  base: f.base,
  iva: f.iva,
  total: f.importe,
});

const leer = async (tx: Executor, id: string) => {
  if (!idValido(id)) return undefined;
  const leido = await findPresupuesto(tx, id);
  if (!leido) return undefined;
  return aPresupuesto(leido, await lineasDePresupuesto(tx, id));
};

const bloquear = async (tx: Executor, id: string) => {
  const ok = idValido(id) && (await lockPresupuesto(tx, id));
  const record = ok ? await leer(tx, id) : undefined;
  if (!record) throw notFound(M.presupuestoNoEncontrado);
  return record;
};

const aPlantilla = (row: PlantillaRow, usos: number): Plantilla => ({
  _id: row.id,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdBy: row.createdByEmail ?? row.createdBySub,
  updatedBy: row.updatedByEmail ?? row.updatedBySub,
  nombre: row.nombre,
  descripcion: row.descripcion,
  activo: row.activo,
  validezDias: row.validezDias,
  duracionDias: row.duracionDias,
  facturacion: row.facturacion as Facturacion | null,
  fianza: row.fianza,
  condiciones: row.condiciones,
  lineas: row.lineas,
  usos,
});

export const createPresupuestosService = (database: Database, today: () => string) => {
  const db = database.db;

  const get = async (id: string) => {
    const record = await leer(db, id);
    if (!record) throw notFound(M.presupuestoNoEncontrado);
    return record;
  };

  /** The row values a body gives (lines resolved separately). */
  const valores = async (
    tx: Executor,
    input: PresupuestoCreate,
    lineas: readonly LineaGuardada[],
    fianzaConceptos: string,
    hoy: string,
  ) => {
    if (input.clienteId) {
      const cliente = await findCliente(tx, input.clienteId);
      if (!cliente || !cliente.activo) throw invalidData([`clienteId: ${M.clienteNoValido}`]);
    }
    const { errors } = await validateDireccion(tx, input.direccionObra, 'direccionObra');
    if (errors.length > 0) throw invalidData(errors);
    const plantilla = input.plantillaId ? await findPlantilla(tx, input.plantillaId) : undefined;
    const { totales } = lineasCalculadas(lineas);
    return {
      clienteId: input.clienteId ?? null,
      clienteProvisional: input.clienteId
        ? null
        : ((input.clienteProvisional as Record<string, string>) ?? null),
      contacto: input.contacto ?? null,
      obraNombre: input.obraNombre ?? null,
      ...direccionValuesOf('direccionObra', input.direccionObra),
      fechaInicio: input.fechaInicio,
      fechaFin: input.fechaFin,
      fechaValidez: input.fechaValidez ?? sumarDias(hoy, plantilla?.validezDias ?? 30),
      facturacion: input.facturacion ?? facturacionPorDefecto(input.fechaInicio, input.fechaFin),
      fianza: input.fianza ?? (await fianzaPorDefecto(tx, lineas, fianzaConceptos)),
      condiciones: input.condiciones ?? CONDICIONES_ALQUILER,
      observaciones: input.observaciones ?? null,
      observacionesInternas: input.observacionesInternas ?? null,
      plantillaId: plantilla ? plantilla.id : null,
      total: totales.total,
      base: totales.base,
      iva: totales.iva,
      busqueda: columnaBusqueda(
        ...palabrasDelProvisional(input),
        input.obraNombre,
        ...lineas.map((l) => l.codigo),
      ),
    };
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    id: string,
    accion: 'crear' | 'modificar' | 'cambiar_estado' | 'eliminar',
    antes: Presupuesto | undefined,
    despues: Presupuesto | undefined,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO,
      registroId: id,
      empresa: 'alquileres',
      accion,
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });

  const transicion = async (
    tx: Executor,
    user: Usuario,
    antes: Presupuesto,
    cambios: Parameters<typeof updatePresupuesto>[2],
  ) => {
    await updatePresupuesto(tx, antes._id, { ...cambios, ...autoria(user, { crear: false }) });
    const despues = (await leer(tx, antes._id)) as Presupuesto;
    await historial(tx, user, antes._id, 'cambiar_estado', antes, despues);
    return despues;
  };

  /** R13: enviado with a validity before today → caducado, history by the system. */
  const caducar = (hoy: string = today()) =>
    db.transaction(async (tx) => {
      const movidos = await caducarVencidos(tx, hoy);
      for (const m of movidos)
        await registrarHistorial(tx, {
          recurso: RECURSO,
          registroId: m.id,
          empresa: 'alquileres',
          accion: 'cambiar_estado',
          antes: { estado: 'enviado' },
          despues: { estado: 'caducado' },
          campos: ['estado'],
        });
      return movidos.length;
    });

  const yaCaducado = (p: Presupuesto, hoy: string) =>
    p.estado === 'caducado' || (p.estado === 'enviado' && p.fechaValidez < hoy);

  return {
    get,
    caducar,

    history: async (id: string, query: HistorialQuery) => {
      await get(id);
      return leerHistorial(database, RECURSO, id, query);
    },

    list: async (query: PresupuestoListQuery) => {
      const sort = parsePresupuestoSort(query.sort) ?? {
        field: 'createdAt',
        direction: 'desc' as const,
      };
      // One statement: the page's list columns and the match set's total.
      const { filas, total } = await paginaResumenPresupuestos(
        database,
        { ...query, searchTerm: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined },
        sort,
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { data: filas.map(aResumen), meta: pageMetaOf(query.page, query.limit, total) };
    },

    exportar: async (query: Omit<PresupuestoListQuery, 'page' | 'limit'>) => {
      const sort = parsePresupuestoSort(query.sort) ?? {
        field: 'createdAt',
        direction: 'desc' as const,
      };
      const { rows } = await pageOfPresupuestos(
        db,
        { ...query, searchTerm: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined },
        sort,
        undefined,
      );
      return rows;
    },

    create: (user: Usuario, input: PresupuestoCreate) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const { lineas, fianzaConceptos } = await resolverLineas(tx, input.lineas, input);
        const id = await insertPresupuesto(tx, {
          ...(await valores(tx, input, lineas, fianzaConceptos, hoy)),
          ...autoria(user, { crear: true }),
        });
        await replaceLineasPresupuesto(tx, id, lineas);
        const despues = (await leer(tx, id)) as Presupuesto;
        await historial(tx, user, id, 'crear', undefined, despues);
        return despues;
      }),

    update: (user: Usuario, id: string, input: PresupuestoCreate, version: number | undefined) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (antes.estado === 'aceptado' || antes.estado === 'rechazado')
          throw conflicto(M.presupuestoCerrado);
        const previas = new Map((await lineasDePresupuesto(tx, id)).map((l) => [l.id, l]));
        const { lineas, fianzaConceptos } = await resolverLineas(tx, input.lineas, input, previas);
        await updatePresupuesto(tx, id, {
          ...(await valores(tx, input, lineas, fianzaConceptos, hoy)),
          ...autoria(user, { crear: false }),
        });
        await replaceLineasPresupuesto(tx, id, lineas);
        let despues = (await leer(tx, id)) as Presupuesto;
        // R15: a sent quote's content change is a new revision.
        if (antes.estado === 'enviado' && contenido(antes) !== contenido(despues)) {
          await updatePresupuesto(tx, id, { revision: antes.revision + 1 });
          despues = (await leer(tx, id)) as Presupuesto;
        }
        await historial(tx, user, id, 'modificar', antes, despues);
        return despues;
      }),

    /** R7 "Actualizar precios": today's tariffs into the lines; a sent quote gets a revision (R15). */
    actualizarPrecios: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (antes.estado !== 'borrador' && antes.estado !== 'enviado')
          throw conflicto(M.actualizarPreciosPresupuesto);
        const filas = (await lineasDePresupuesto(tx, id)).map(({ presupuestoId: _p, ...f }) => f);
        const lineas = await conTarifasActuales(tx, filas);
        const { totales } = lineasCalculadas(lineas);
        await replaceLineasPresupuesto(tx, id, lineas);
        await updatePresupuesto(tx, id, {
          total: totales.total,
          base: totales.base,
          iva: totales.iva,
          ...autoria(user, { crear: false }),
        });
        let despues = (await leer(tx, id)) as Presupuesto;
        if (antes.estado === 'enviado' && contenido(antes) !== contenido(despues)) {
          await updatePresupuesto(tx, id, { revision: antes.revision + 1 });
          despues = (await leer(tx, id)) as Presupuesto;
        }
        await historial(tx, user, id, 'modificar', antes, despues);
        return despues;
      }),

    remove: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const antes = await bloquear(tx, id);
        if (version !== undefined) checkVersion(antes.version, version);
        if (antes.estado !== 'borrador') throw conflicto(M.soloEliminarBorrador);
        await deletePresupuesto(tx, id);
        await historial(tx, user, id, 'eliminar', antes, undefined);
      }),

    enviar: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (antes.estado !== 'borrador') throw conflicto(M.soloEnviarBorrador);
        if (antes.fechaValidez < hoy) throw conflicto(M.validezPasadaEnviar);
        const { numero } = await asignarNumero(tx, {
          empresa: 'alquileres',
          tipo: 'presupuesto',
          anio: Number(hoy.slice(0, 4)),
        });
        return transicion(tx, user, antes, {
          estado: 'enviado',
          numero,
          fechaEmision: hoy,
          busqueda: columnaBusqueda(
            numero,
            ...palabrasDelProvisional(antes),
            antes.obraNombre,
            ...antes.lineas.map((l) => l.codigo),
          ),
        });
      }),

    rechazar: (user: Usuario, id: string, version: number | undefined, motivo: string) =>
      db.transaction(async (tx) => {
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (antes.estado !== 'enviado') throw conflicto(M.soloRechazarEnviado);
        return transicion(tx, user, antes, {
          estado: 'rechazado',
          motivoRechazo: motivo,
          fechaRechazo: today(),
        });
      }),

    renovar: (user: Usuario, id: string, version: number | undefined, fechaValidez: string) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (!yaCaducado(antes, hoy)) throw conflicto(M.soloRenovarCaducado);
        if (fechaValidez < hoy) throw invalidData([`fechaValidez: ${M.validezPasada}`]);
        return transicion(tx, user, antes, { estado: 'enviado', fechaValidez });
      }),

    duplicar: (user: Usuario, id: string) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const origen = await bloquear(tx, id);
        const desplazamiento = diasEntre(origen.fechaInicio, hoy);
        const mover = (f: string | null) => (f ? sumarDias(f, desplazamiento) : null);
        const filas = await lineasDePresupuesto(tx, id);
        const lineas = filas.map(({ presupuestoId: _p, id: _i, ...f }, orden) => ({
          ...f,
          id: crypto.randomUUID(),
          orden,
          fechaInicio: mover(f.fechaInicio),
          fechaFin: mover(f.fechaFin),
          fecha: mover(f.fecha),
        }));
        const nuevo = await insertPresupuesto(tx, {
          clienteId: origen.clienteId,
          clienteProvisional: origen.clienteProvisional as Record<string, string> | null,
          contacto: origen.contacto,
          obraNombre: origen.obraNombre,
          ...direccionValuesOf('direccionObra', origen.direccionObra ?? undefined),
          fechaInicio: hoy,
          fechaFin: mover(origen.fechaFin) as string,
          fechaValidez: sumarDias(hoy, 30),
          facturacion: origen.facturacion,
          fianza: origen.fianza,
          condiciones: origen.condiciones,
          observaciones: origen.observaciones,
          observacionesInternas: origen.observacionesInternas,
          plantillaId: origen.plantillaId,
          total: origen.totales.total,
          base: origen.totales.base,
          iva: origen.totales.iva,
          // What a quote created with this content would search by (the list's search).
          busqueda: columnaBusqueda(
            ...palabrasDelProvisional(origen),
            origen.obraNombre,
            ...origen.lineas.map((l) => l.codigo),
          ),
          ...autoria(user, { crear: true }),
        });
        await replaceLineasPresupuesto(tx, nuevo, lineas);
        const despues = (await leer(tx, nuevo)) as Presupuesto;
        await historial(tx, user, nuevo, 'crear', undefined, despues);
        return despues;
      }),

    disponibilidad: async (id: string) => {
      await get(id);
      const filas = await lineasDePresupuesto(db, id);
      return disponibilidadDe(db, filas, today());
    },

    /**
     * §3.1 "Aceptar y crear alquiler" (R12): in one transaction the quote becomes aceptado and
     * the rental is created with its bloqueos; any refusal leaves both untouched.
     */
    aceptar: (
      user: Usuario,
      id: string,
      body: Omit<AceptarBody, 'version'>,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquear(tx, id);
        checkVersion(antes.version, version);
        if (yaCaducado(antes, hoy)) throw conflicto(M.caducado(antes.fechaValidez));
        if (antes.estado !== 'enviado') throw conflicto(M.soloAceptarEnviado);
        if (!antes.clienteId) throw conflicto(M.aceptarSinCliente);
        // R12: the earliest line starts on the new date, every other line moves with it.
        const inicio = extremos(antes.lineas, antes).fechaInicio;
        const desplazamiento = body.nuevaFechaInicio ? diasEntre(inicio, body.nuevaFechaInicio) : 0;
        const mover = (f: string | null) => (f ? sumarDias(f, desplazamiento) : null);
        const sustituciones = new Map(
          (body.sustituciones ?? []).map((s) => [s.lineaId, s.maquinaId]),
        );
        const filas = await lineasDePresupuesto(tx, id);
        const nuevas = await findMaquinas(tx, [...sustituciones.values()]);
        const lineaPresupuesto = new Map<string, string>();
        const resueltas: LineaGuardada[] = filas.map(({ presupuestoId: _p, ...f }) => {
          const nuevoId = crypto.randomUUID();
          lineaPresupuesto.set(nuevoId, f.id);
          const sustituta = f.maquinaId
            ? nuevas.find((m) => m.id === sustituciones.get(f.id))
            : undefined;
          return {
            ...f,
            id: nuevoId,
            fechaInicio: mover(f.fechaInicio),
            fechaFin: mover(f.fechaFin),
            fecha: mover(f.fecha),
            // R12: the price is kept, the description follows the machine.
            ...(sustituta
              ? {
                  maquinaId: sustituta.id,
                  codigo: sustituta.codigo,
                  descripcion: `${sustituta.codigo} — ${sustituta.marca} ${sustituta.modelo} (nº serie ${sustituta.numeroSerie})`,
                }
              : {}),
          };
        });
        const alquiler = await crearAlquilerEnTx(
          tx,
          user,
          {
            clienteId: antes.clienteId,
            presupuestoId: id,
            contacto: antes.contacto ?? undefined,
            obraNombre: antes.obraNombre ?? undefined,
            direccionObra: direccionInputDe(antes.direccionObra),
            facturacion: antes.facturacion,
            fianza: { importe: antes.fianza },
            condiciones: antes.condiciones ?? undefined,
            observaciones: antes.observaciones ?? undefined,
            observacionesInternas: antes.observacionesInternas ?? undefined,
            lineas: { resueltas, lineaPresupuesto },
          },
          hoy,
        );
        const presupuesto = await transicion(tx, user, antes, {
          estado: 'aceptado',
          alquilerId: alquiler._id,
        });
        await registrarHistorial(tx, {
          recurso: RECURSO_ALQUILER,
          registroId: alquiler._id,
          empresa: 'alquileres',
          accion: 'modificar',
          antes: { presupuestoId: null },
          despues: { presupuestoId: antes.numero ?? id },
          campos: ['presupuestoId'],
          usuario: user,
        });
        return { presupuesto, alquiler };
      }),

    // ---- §2.3 templates ----
    plantillas: {
      list: async (query: PlantillaListQuery) => {
        const { rows, total } = await pageOfPlantillas(
          db,
          {
            searchTerm: query.searchTerm ? normalizeSearchText(query.searchTerm) : undefined,
            activo: query.activo,
          },
          { offset: (query.page - 1) * query.limit, limit: query.limit },
        );
        return {
          data: rows.map((r) => aPlantilla(r.row, Number(r.usos))),
          meta: pageMetaOf(query.page, query.limit, total),
        };
      },
      get: async (id: string) => {
        const row = idValido(id) ? await findPlantilla(db, id) : undefined;
        if (!row) throw notFound(M.plantillaNoEncontrada);
        return aPlantilla(row, await usosDePlantilla(db, id));
      },
      create: (user: Usuario, input: PlantillaCreate) =>
        guardarPlantilla(db, user, undefined, input, undefined),
      update: (user: Usuario, id: string, input: PlantillaCreate, version: number | undefined) =>
        guardarPlantilla(db, user, id, input, version),
      remove: (user: Usuario, id: string, version: number | undefined) =>
        db.transaction(async (tx) => {
          const antes = idValido(id) ? await lockPlantilla(tx, id) : undefined;
          if (!antes) throw notFound(M.plantillaNoEncontrada);
          if (version !== undefined) checkVersion(antes.version, version);
          const usos = await usosDePlantilla(tx, id);
          if (usos > 0) throw conflicto(M.plantillaEnUso(usos));
          await deletePlantilla(tx, id);
          await registrarHistorial(tx, {
            recurso: RECURSO_PLANTILLA,
            registroId: id,
            empresa: 'alquileres',
            accion: 'eliminar',
            antes: aPlantilla(antes, 0),
            campos: ['nombre', 'activo'],
            usuario: user,
          });
        }),
    },
  };
};

const direccionInputDe = (d: Presupuesto['direccionObra']) => ({
  paisId: d?.paisId ?? null,
  provinciaId: d?.provinciaId ?? null,
  municipioId: d?.municipioId ?? null,
  ciudadId: d?.ciudadId ?? null,
  calleId: d?.calleId ?? null,
  codigoPostalId: d?.codigoPostalId ?? null,
  altura: d?.altura ?? null,
  planta: d?.planta ?? null,
  local: d?.local ?? null,
  observacion: d?.observacion ?? null,
});

const CAMPOS_PLANTILLA = [
  'nombre',
  'descripcion',
  'activo',
  'validezDias',
  'duracionDias',
  'facturacion',
  'fianza',
  'condiciones',
  'lineas',
] as const;

const guardarPlantilla = async (
  db: Database['db'],
  user: Usuario,
  id: string | undefined,
  input: PlantillaCreate,
  version: number | undefined,
) => {
  try {
    return await db.transaction(async (tx) => {
      const antes = id ? (idValido(id) ? await lockPlantilla(tx, id) : undefined) : undefined;
      if (id && !antes) throw notFound(M.plantillaNoEncontrada);
      if (antes) checkVersion(antes.version, version);
      // The lines are checked as a quote's would be (items exist, tariffs price), without dates.
      const { lineas } = await resolverLineas(
        tx,
        input.lineas,
        { fechaInicio: '2000-01-01', fechaFin: '2000-01-01' },
        new Map(),
        { conFechas: false },
      );
      const valores = {
        nombre: input.nombre,
        nombreNormalizado: normalizeSearchText(input.nombre),
        descripcion: input.descripcion ?? null,
        activo: input.activo,
        validezDias: input.validezDias,
        duracionDias: input.duracionDias,
        facturacion: input.facturacion ?? null,
        fianza: input.fianza ?? null,
        condiciones: input.condiciones ?? null,
        // Without dates, ids or empty fields: a template's line is a body line to send again.
        lineas: lineas.map(
          ({ id: _i, orden: _o, fechaInicio: _f, fechaFin: _ff, fecha: _d, ...l }) =>
            Object.fromEntries(Object.entries(l).filter(([, v]) => v !== null)),
        ),
        ...autoria(user, { crear: !antes }),
      };
      const plantillaId = antes ? antes.id : await insertPlantilla(tx, valores);
      if (antes) await updatePlantilla(tx, antes.id, valores);
      const despues = (await findPlantilla(tx, plantillaId)) as PlantillaRow;
      await registrarHistorial(tx, {
        recurso: RECURSO_PLANTILLA,
        registroId: plantillaId,
        empresa: 'alquileres',
        accion: antes ? 'modificar' : 'crear',
        antes: antes ? aPlantilla(antes, 0) : undefined,
        despues: aPlantilla(despues, 0),
        campos: CAMPOS_PLANTILLA,
        usuario: user,
      });
      return aPlantilla(despues, await usosDePlantilla(tx, plantillaId));
    });
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === UNIQUE_VIOLATION)
      throw conflicto(M.plantillaDuplicada, [`nombre: ${M.plantillaDuplicada}`]);
    throw error;
  }
};

export type PresupuestosService = ReturnType<typeof createPresupuestosService>;
