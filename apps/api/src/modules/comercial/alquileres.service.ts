import {
  COMERCIAL_MESSAGES as M,
  CONDICIONES_ALQUILER,
  ESTADOS_ALQUILER_ABIERTOS,
  efectivoNoAdmitido,
  parseAlquilerSort,
  type Alquiler,
  type AlquilerCreate,
  type AlquilerListQuery,
  type AlquilerResumen,
  type EstadoAlquiler,
  type FianzaUpdate,
  type Facturacion,
  type LineaParsed,
} from '@tvsistema/domain/comercial';
import { sumarDias, diasInclusivos } from '@tvsistema/domain/fechas';
import type { AccionHistorial, HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { addDecimals, compareDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { direccionValuesOf, validateDireccion } from '../localizacion/index.js';
import { asignarNumero } from '../numeracion/index.js';
import { estadoDeLinea, lineasDeAlquiler } from './alquiler-estado.js';
import {
  abiertosConFinPasado,
  alquileresEnVentana,
  findAlquiler,
  findCliente,
  findMaquinas,
  guardarLineasAlquiler,
  insertAlquiler,
  insertMovimientos,
  lineasDeAlquileres,
  lockAlquiler,
  movimientosDeAlquileres,
  paginaResumenAlquileres,
  updateAlquiler,
  type AlquilerLeido,
  type FilaResumenAlquiler,
  type AlquilerLineaRow,
} from './comercial.repository.js';
import { lineasConFacturado as leerLineas } from './lineas-facturadas.js';
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
  conTarifasActuales,
  extremos,
  lineasCalculadas,
  resolverLineas,
  type LineaGuardada,
} from './lineas.service.js';
import { conflictosDeRetraso, liberarReservas, reservarLineas } from './reservas.js';

// §2.4, §3.2: rentals — create (number, bloqueos), edit (re-reserve), cancel, finish, change the
// end, call-off, fianza; reads with each line's delivery state. Every write is one transaction
// with its history row.

export const RECURSO_ALQUILER = 'alquiler';
const CAMPOS = [
  'numero',
  'estado',
  'clienteId',
  'referenciaCliente',
  'contacto',
  'contactoObra',
  'obraNombre',
  'fechaInicio',
  'fechaFin',
  'facturacion',
  'fianza',
  'condiciones',
  'observaciones',
  'observacionesInternas',
  'motivoCancelacion',
  'lineas',
  'totales',
] as const;

const ABIERTOS: readonly string[] = ESTADOS_ALQUILER_ABIERTOS;

/** R19's default: monthly in arrears when the planned span passes 30 days. */
export const facturacionPorDefecto = (fechaInicio: string, fechaFin: string): Facturacion =>
  diasInclusivos(fechaInicio, fechaFin) > 30 ? 'mensual_vencido' : 'al_finalizar';

const anioDe = (fecha: string) => Number(fecha.slice(0, 4));

export const aAlquiler = (
  leido: AlquilerLeido,
  filas: readonly AlquilerLineaRow[],
  movimientos: Parameters<typeof lineasDeAlquiler>[1],
  hoy: string,
): Alquiler => {
  const r = leido.row;
  const estado = r.estado as EstadoAlquiler;
  const calculo = lineasDeAlquiler(filas, movimientos, hoy, estado);
  return {
    _id: r.id,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    createdBy: r.createdByEmail ?? r.createdBySub,
    updatedBy: r.updatedByEmail ?? r.updatedBySub,
    numero: r.numero,
    estado,
    clienteId: r.clienteId,
    cliente: leido.clienteNombre
      ? { _id: r.clienteId, nombre: leido.clienteNombre, documento: leido.clienteDocumento }
      : null,
    presupuestoId: r.presupuestoId,
    presupuestoNumero: leido.presupuestoNumero,
    referenciaCliente: r.referenciaCliente,
    contacto: sinVacios(r.contacto),
    contactoObra: sinVacios(r.contactoObra),
    obraNombre: r.obraNombre,
    direccionObra: direccionONull(leido.direccion),
    fechaInicio: r.fechaInicio,
    fechaFin: r.fechaFin,
    facturacion: r.facturacion as Facturacion,
    fianza: {
      importe: r.fianzaImporte,
      estado: r.fianzaEstado as Alquiler['fianza']['estado'],
      fechaCobro: r.fianzaFechaCobro,
      formaPago: r.fianzaFormaPago as Alquiler['fianza']['formaPago'],
      fechaDevolucion: r.fianzaFechaDevolucion,
      importeDevuelto: r.fianzaImporteDevuelto,
      importeRetenido: r.fianzaImporteRetenido,
      motivoRetencion: r.fianzaMotivoRetencion,
    },
    condiciones: r.condiciones,
    observaciones: r.observaciones,
    observacionesInternas: r.observacionesInternas,
    motivoCancelacion: r.motivoCancelacion,
    lineas: calculo.lineas,
    totales: calculo.totales,
    retraso: calculo.retraso,
    pendienteRecogida: calculo.pendienteRecogida,
    conflictos: [],
    permiteEntrega: calculo.permiteEntrega,
    permiteRecogida: calculo.permiteRecogida,
  };
};

/** The rental as the API answers it, read in `tx`. */
export const leerAlquiler = async (tx: Executor, id: string, hoy: string) => {
  if (!idValido(id)) return undefined;
  const leido = await findAlquiler(tx, id);
  if (!leido) return undefined;
  const filas = await leerLineas(tx, id);
  const movimientos = await movimientosDeAlquileres(tx, [id]);
  const alquiler = aAlquiler(leido, filas, movimientos, hoy);
  if (!ABIERTOS.includes(alquiler.estado)) return alquiler;
  const entregadas = new Map(alquiler.lineas.map((l) => [l._id, l.cantidadEntregada]));
  const conflictos = await conflictosDeRetraso(
    tx,
    id,
    filas.map((f) => ({ ...f, entregada: entregadas.get(f.id) ?? 0 })),
    hoy,
  );
  return { ...alquiler, conflictos };
};

export const bloquearAlquiler = async (tx: Executor, id: string, hoy: string) => {
  const ok = idValido(id) && (await lockAlquiler(tx, id));
  const record = ok ? await leerAlquiler(tx, id, hoy) : undefined;
  if (!record) throw notFound(M.alquilerNoEncontrado);
  return record;
};

const validarCliente = async (tx: Executor, clienteId: string) => {
  const cliente = await findCliente(tx, clienteId);
  if (!cliente || !cliente.activo) throw invalidData([`clienteId: ${M.clienteNoValido}`]);
  return cliente;
};

/** The default fianza: Σ of the machines' `tarifas.fianza` plus fianza conceptos. */
export const fianzaPorDefecto = async (
  tx: Executor,
  lineas: readonly LineaGuardada[],
  conceptos: string,
) => {
  const maquinas = await findMaquinas(
    tx,
    lineas.map((l) => l.maquinaId).filter((id): id is string => Boolean(id)),
  );
  return maquinas.reduce((s, m) => addDecimals(s, m.fianza ?? '0'), conceptos);
};

export type DatosAlquiler = Omit<AlquilerCreate, 'lineas'> & {
  presupuestoId?: string | undefined;
  /** Lines already resolved (accepting a quote) or as the body sends them. */
  lineas:
    | readonly LineaParsed[]
    | { resueltas: LineaGuardada[]; lineaPresupuesto: Map<string, string> };
};

/**
 * Creates a rental in `tx` (§3.2 "Crear alquiler / aceptar presupuesto"): number, lines,
 * bloqueos (R9) and history. The quote's acceptance calls it inside its own transaction.
 */
export const crearAlquilerEnTx = async (
  tx: Executor,
  user: Usuario,
  datos: DatosAlquiler,
  hoy: string,
) => {
  const cliente = await validarCliente(tx, datos.clienteId);
  const { errors } = await validateDireccion(tx, datos.direccionObra, 'direccionObra');
  if (errors.length > 0) throw invalidData(errors);
  let lineas: LineaGuardada[];
  let fianzaConceptos = '0';
  let lineaPresupuesto = new Map<string, string>();
  if ('resueltas' in datos.lineas) {
    lineas = datos.lineas.resueltas;
    lineaPresupuesto = datos.lineas.lineaPresupuesto;
  } else {
    const fechas = extremos(datos.lineas, { fechaInicio: hoy, fechaFin: hoy });
    const r = await resolverLineas(tx, datos.lineas, fechas);
    lineas = r.lineas;
    fianzaConceptos = r.fianzaConceptos;
  }
  const { fechaInicio, fechaFin } = extremos(lineas, { fechaInicio: hoy, fechaFin: hoy });
  const { totales } = lineasCalculadas(lineas);
  const numero = (
    await asignarNumero(tx, { empresa: 'alquileres', tipo: 'alquiler', anio: anioDe(hoy) })
  ).numero;
  const importe = datos.fianza?.importe ?? (await fianzaPorDefecto(tx, lineas, fianzaConceptos));
  const id = await insertAlquiler(tx, {
    numero,
    clienteId: datos.clienteId,
    presupuestoId: datos.presupuestoId ?? null,
    referenciaCliente: datos.referenciaCliente ?? null,
    contacto: datos.contacto ?? null,
    contactoObra: datos.contactoObra ?? null,
    obraNombre: datos.obraNombre ?? null,
    ...direccionValuesOf('direccionObra', datos.direccionObra),
    fechaInicio,
    fechaFin,
    facturacion: datos.facturacion ?? facturacionPorDefecto(fechaInicio, fechaFin),
    fianzaImporte: importe,
    fianzaEstado: compareDecimals(importe, 0) > 0 ? 'pendiente' : 'no_requerida',
    fianzaFormaPago: datos.fianza?.formaPago ?? null,
    condiciones: datos.condiciones ?? CONDICIONES_ALQUILER,
    observaciones: datos.observaciones ?? null,
    observacionesInternas: datos.observacionesInternas ?? null,
    importeEstimado: totales.total,
    // The client's words are its copy in cliente_busqueda, kept by triggers (migration 0037).
    busqueda: columnaBusqueda(numero, datos.obraNombre, ...lineas.map((l) => l.codigo)),
    ...autoria(user, { crear: true }),
  });
  await guardarLineasAlquiler(
    tx,
    id,
    lineas.map((l) => ({ ...l, lineaPresupuestoId: lineaPresupuesto.get(l.id) ?? null })),
  );
  await reservarLineas(tx, {
    origen: { tipo: 'alquiler', id, numero, etiqueta: `${numero} · ${cliente.nombre}` },
    lineas,
    hoy,
  });
  const despues = await leerAlquiler(tx, id, hoy);
  if (!despues) throw new Error('insert lost the row');
  await registrarHistorial(tx, {
    recurso: RECURSO_ALQUILER,
    registroId: id,
    empresa: 'alquileres',
    accion: 'crear',
    despues,
    campos: CAMPOS,
    usuario: user,
  });
  return despues;
};

/** What a closed rental may still change (§3.2): only observacionesInternas. */
const firmaContenido = (a: {
  clienteId: string;
  referenciaCliente?: string | null | undefined;
  obraNombre?: string | null | undefined;
  observaciones?: string | null | undefined;
  condiciones?: string | null | undefined;
  lineas: readonly {
    maquinaId?: string | null | undefined;
    componenteId?: string | null | undefined;
    conceptoId?: string | null | undefined;
    cantidad?: string | undefined;
    fechaInicio?: string | null | undefined;
    fechaFin?: string | null | undefined;
  }[];
}) =>
  JSON.stringify([
    a.clienteId,
    a.referenciaCliente ?? null,
    a.obraNombre ?? null,
    a.observaciones ?? null,
    a.lineas.map((l) => [
      l.maquinaId ?? l.componenteId ?? l.conceptoId ?? null,
      l.cantidad === undefined ? null : Number(l.cantidad),
      l.fechaInicio ?? null,
      l.fechaFin ?? null,
    ]),
  ]);

export const createAlquileresService = (database: Database, today: () => string) => {
  const db = database.db;

  const get = async (id: string) => {
    const record = await leerAlquiler(db, id, today());
    if (!record) throw notFound(M.alquilerNoEncontrado);
    return record;
  };

  const origenDe = (a: Alquiler) => ({
    tipo: 'alquiler' as const,
    id: a._id,
    numero: a.numero,
    etiqueta: `${a.numero} · ${a.cliente?.nombre ?? ''}`,
  });

  const cambioDeEstado = async (
    tx: Executor,
    user: Usuario,
    antes: Alquiler,
    cambios: Parameters<typeof updateAlquiler>[2],
    /** The history's action when it is not the state change (Cambiar fin's "Prorrogado"). */
    accion?: AccionHistorial,
  ) => {
    await updateAlquiler(tx, antes._id, { ...cambios, ...autoria(user, { crear: false }) });
    const despues = await leerAlquiler(tx, antes._id, today());
    if (!despues) throw new Error('update lost the row');
    await registrarHistorial(tx, {
      recurso: RECURSO_ALQUILER,
      registroId: antes._id,
      empresa: 'alquileres',
      accion: accion ?? (antes.estado === despues.estado ? 'modificar' : 'cambiar_estado'),
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });
    return despues;
  };

  /** Re-reads the rows of a stored rental for the ledger calls. */
  const filasDe = (tx: Executor, id: string) => leerLineas(tx, id);

  const cerrado = (a: Alquiler) => a.estado === 'finalizado' || a.estado === 'cancelado';

  return {
    get,

    history: async (id: string, query: HistorialQuery) => {
      await get(id);
      return leerHistorial(database, RECURSO_ALQUILER, id, query);
    },

    list: async (query: AlquilerListQuery) => {
      const hoy = today();
      const sort = parseAlquilerSort(query.sort) ?? {
        field: 'fechaInicio',
        direction: 'desc' as const,
      };
      const ids = query.conRetraso ? await conRetraso(db, hoy) : undefined;
      const filtro = {
        ...query,
        searchTerm: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
        ids,
      };
      const { filas, total } = await paginaResumenAlquileres(
        database,
        filtro,
        sort,
        { offset: (query.page - 1) * query.limit, limit: query.limit },
        ABIERTOS,
      );
      return {
        data: resumenes(filas, hoy),
        meta: pageMetaOf(query.page, query.limit, total),
      };
    },

    exportar: async (query: Omit<AlquilerListQuery, 'page' | 'limit'>) => {
      const hoy = today();
      const sort = parseAlquilerSort(query.sort) ?? {
        field: 'fechaInicio',
        direction: 'desc' as const,
      };
      const ids = query.conRetraso ? await conRetraso(db, hoy) : undefined;
      const { filas } = await paginaResumenAlquileres(
        database,
        {
          ...query,
          searchTerm: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
          ids,
        },
        sort,
        undefined,
        ABIERTOS,
      );
      return resumenes(filas, hoy);
    },

    create: (user: Usuario, input: AlquilerCreate) =>
      db.transaction((tx) => crearAlquilerEnTx(tx, user, input, today())),

    update: (user: Usuario, id: string, input: AlquilerCreate, version: number | undefined) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquearAlquiler(tx, id, hoy);
        checkVersion(antes.version, version);
        if (cerrado(antes)) {
          if (firmaContenido({ ...input, lineas: input.lineas }) !== firmaContenido(antes))
            throw conflicto(M.cerradoSoloObservaciones);
          await updateAlquiler(tx, id, {
            observacionesInternas: input.observacionesInternas ?? null,
            ...autoria(user, { crear: false }),
          });
        } else {
          const entregado = antes.lineas.some((l) => l.cantidadEntregada > 0);
          if (entregado && input.clienteId !== antes.clienteId)
            throw conflicto(M.clienteConEntregas);
          // R22: delivered lines stay.
          const enviadas = new Set(input.lineas.map((l) => l._id).filter(Boolean));
          if (antes.lineas.some((l) => l.cantidadEntregada > 0 && !enviadas.has(l._id)))
            throw conflicto(M.lineaEntregada);
          const cliente = await validarCliente(tx, input.clienteId);
          const { errors } = await validateDireccion(tx, input.direccionObra, 'direccionObra');
          if (errors.length > 0) throw invalidData(errors);
          const previas = new Map((await filasDe(tx, id)).map((f) => [f.id, f]));
          // R20: nor do invoiced ones (an invoice names each line it bills).
          if ([...previas.values()].some((p) => p.facturadoHasta && !enviadas.has(p.id)))
            throw conflicto(M.lineaFacturadaQuitar);
          const fechasDoc = extremos(input.lineas, {
            fechaInicio: antes.fechaInicio,
            fechaFin: antes.fechaFin,
          });
          const { lineas } = await resolverLineas(tx, input.lineas, fechasDoc, previas);
          bloqueos(lineas, previas, antes);
          // R20: the billing mode changes only before the first invoice.
          if (
            input.facturacion &&
            input.facturacion !== antes.facturacion &&
            [...previas.values()].some((p) => p.facturadoHasta)
          )
            throw conflicto(M.facturacionFacturada, [`facturacion: ${M.facturacionFacturada}`]);
          const { fechaInicio, fechaFin } = extremos(lineas, fechasDoc);
          const { totales } = lineasCalculadas(lineas);
          const importe = input.fianza?.importe ?? antes.fianza.importe;
          await updateAlquiler(tx, id, {
            clienteId: input.clienteId,
            referenciaCliente: input.referenciaCliente ?? null,
            contacto: input.contacto ?? null,
            contactoObra: input.contactoObra ?? null,
            obraNombre: input.obraNombre ?? null,
            ...direccionValuesOf('direccionObra', input.direccionObra),
            fechaInicio,
            fechaFin,
            facturacion: input.facturacion ?? antes.facturacion,
            fianzaImporte: importe,
            fianzaFormaPago: input.fianza?.formaPago ?? antes.fianza.formaPago,
            fianzaEstado:
              antes.fianza.estado === 'no_requerida' || antes.fianza.estado === 'pendiente'
                ? compareDecimals(importe, 0) > 0
                  ? 'pendiente'
                  : 'no_requerida'
                : antes.fianza.estado,
            condiciones: input.condiciones ?? null,
            observaciones: input.observaciones ?? null,
            observacionesInternas: input.observacionesInternas ?? null,
            importeEstimado: totales.total,
            busqueda: columnaBusqueda(
              antes.numero,
              input.obraNombre,
              ...lineas.map((l) => l.codigo),
            ),
            ...autoria(user, { crear: false }),
          });
          await guardarLineasAlquiler(
            tx,
            id,
            lineas.map((l) => ({
              ...l,
              lineaPresupuestoId: previas.get(l.id)?.lineaPresupuestoId ?? null,
            })),
          );
          await reservarLineas(tx, {
            origen: { ...origenDe(antes), etiqueta: `${antes.numero} · ${cliente.nombre}` },
            lineas: await filasDe(tx, id),
            hoy,
            sustituir: true,
          });
        }
        const despues = await leerAlquiler(tx, id, hoy);
        if (!despues) throw new Error('update lost the row');
        await registrarHistorial(tx, {
          recurso: RECURSO_ALQUILER,
          registroId: id,
          empresa: 'alquileres',
          accion: 'modificar',
          antes,
          despues,
          campos: CAMPOS,
          usuario: user,
        });
        return despues;
      }),

    /**
     * R7 "Actualizar precios" on a reservado rental: today's tariffs into the lines with nothing
     * invoiced; its bookings do not change.
     */
    actualizarPrecios: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquearAlquiler(tx, id, hoy);
        checkVersion(antes.version, version);
        if (antes.estado !== 'reservado') throw conflicto(M.actualizarPreciosAlquiler);
        const filas = (await filasDe(tx, id)).map(({ alquilerId: _a, ...f }) => f);
        // R20: a line with a billed period keeps its price.
        const facturadas = new Set(filas.filter((f) => f.facturadoHasta).map((f) => f.id));
        const lineas = await conTarifasActuales(tx, filas, facturadas);
        await guardarLineasAlquiler(tx, id, lineas);
        await updateAlquiler(tx, id, {
          importeEstimado: lineasCalculadas(lineas).totales.total,
          ...autoria(user, { crear: false }),
        });
        const despues = await leerAlquiler(tx, id, hoy);
        if (!despues) throw new Error('actualizarPrecios lost the row');
        await registrarHistorial(tx, {
          recurso: RECURSO_ALQUILER,
          registroId: id,
          empresa: 'alquileres',
          accion: 'modificar',
          antes,
          despues,
          campos: CAMPOS,
          usuario: user,
        });
        return despues;
      }),

    cancelar: (user: Usuario, id: string, version: number | undefined, motivo: string) =>
      db.transaction(async (tx) => {
        const antes = await bloquearAlquiler(tx, id, today());
        checkVersion(antes.version, version);
        if (antes.estado === 'cancelado') throw conflicto(M.yaCancelado);
        if (antes.estado === 'finalizado') throw conflicto(M.cancelarFinalizado);
        if (antes.lineas.some((l) => l.cantidadEntregada > 0)) throw conflicto(M.cancelarEntregado);
        await liberarReservas(tx, { origen: { tipo: 'alquiler', id } });
        return cambioDeEstado(tx, user, antes, { estado: 'cancelado', motivoCancelacion: motivo });
      }),

    finalizar: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const antes = await bloquearAlquiler(tx, id, today());
        checkVersion(antes.version, version);
        if (antes.estado === 'finalizado') throw conflicto(M.yaFinalizado);
        if (antes.estado === 'cancelado') throw conflicto(M.finalizarCancelado);
        if (!antes.lineas.some((l) => l.cantidadEntregada > 0))
          throw conflicto(M.finalizarReservado);
        const fuera = antes.lineas.reduce((s, l) => s + l.cantidadFuera, 0);
        if (fuera > 0) throw conflicto(M.pendientesDevolver(fuera));
        // Undelivered remainders go back to the pool.
        await liberarReservas(tx, { origen: { tipo: 'alquiler', id } });
        return cambioDeEstado(tx, user, antes, { estado: 'finalizado' });
      }),

    cambiarFin: (
      user: Usuario,
      id: string,
      version: number | undefined,
      { fechaFin, lineaIds }: { fechaFin: string; lineaIds?: string[] | undefined },
    ) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquearAlquiler(tx, id, hoy);
        checkVersion(antes.version, version);
        if (cerrado(antes))
          throw conflicto(M.accionNoAdmitida(antes.estado as 'finalizado' | 'cancelado'));
        const filas = await filasDe(tx, id);
        const elegidas = antes.lineas.filter(
          (l) =>
            l.fechaFin !== null &&
            l.estadoLinea !== 'devuelta' &&
            (!lineaIds || lineaIds.includes(l._id)),
        );
        for (const l of elegidas) {
          if (l.cantidadEntregada > 0) {
            if (fechaFin < (l.fechaPrimeraEntrega as string))
              throw invalidData([`fechaFin: ${M.cambiarFinEntrega}`]);
          } else if (fechaFin < (l.fechaInicio as string) || fechaFin < hoy) {
            throw invalidData([`fechaFin: ${M.cambiarFinAnterior}`]);
          }
        }
        // §3.2: history "Prorrogado" / "Acortado", against the latest end of the lines it moves.
        const finAnterior = elegidas.reduce(
          (max, l) => ((l.fechaFin as string) > max ? (l.fechaFin as string) : max),
          '',
        );
        const accion: AccionHistorial =
          finAnterior === '' || fechaFin === finAnterior
            ? 'modificar'
            : fechaFin > finAnterior
              ? 'prorrogar'
              : 'acortar';
        const ids = new Set(elegidas.map((l) => l._id));
        const nuevas = filas.map((f) => (ids.has(f.id) ? { ...f, fechaFin } : f));
        await guardarLineasAlquiler(
          tx,
          id,
          nuevas.map(({ alquilerId: _a, ...f }) => f),
        );
        const fechas = extremos(nuevas, antes);
        const { totales } = lineasCalculadas(nuevas);
        await reservarLineas(tx, { origen: origenDe(antes), lineas: nuevas, hoy, sustituir: true });
        return cambioDeEstado(
          tx,
          user,
          antes,
          { ...fechas, importeEstimado: totales.total },
          accion,
        );
      }),

    baja: (
      user: Usuario,
      id: string,
      version: number | undefined,
      {
        fecha,
        lineas,
      }: {
        fecha: string;
        lineas?: { lineaId: string; cantidad?: number | undefined }[] | undefined;
      },
    ) =>
      db.transaction(async (tx) => {
        const hoy = today();
        const antes = await bloquearAlquiler(tx, id, hoy);
        checkVersion(antes.version, version);
        if (cerrado(antes))
          throw conflicto(M.accionNoAdmitida(antes.estado as 'finalizado' | 'cancelado'));
        const movimientos = [];
        for (const l of antes.lineas) {
          const pedida = lineas ? lineas.find((x) => x.lineaId === l._id) : { lineaId: l._id };
          if (!pedida) continue;
          const billable = l.cantidadFuera - l.cantidadBaja;
          if (billable <= 0) continue;
          if (!l.fechaPrimeraEntrega || fecha < l.fechaPrimeraEntrega || fecha > sumarDias(hoy, 30))
            throw invalidData([`fecha: ${M.bajaFecha}`]);
          movimientos.push({
            alquilerId: id,
            lineaId: l._id,
            tipo: 'baja',
            fecha,
            cantidad: Math.min(pedida.cantidad ?? billable, billable),
          });
        }
        if (movimientos.length === 0) throw conflicto(M.bajaSinMaterial);
        await insertMovimientos(tx, movimientos);
        return cambioDeEstado(tx, user, antes, {});
      }),

    fianza: (
      user: Usuario,
      id: string,
      version: number | undefined,
      body: Omit<FianzaUpdate, 'version'>,
    ) =>
      db.transaction(async (tx) => {
        const antes = await bloquearAlquiler(tx, id, today());
        checkVersion(antes.version, version);
        const f = antes.fianza;
        const formaPago = body.formaPago ?? f.formaPago ?? undefined;
        if (efectivoNoAdmitido(f.importe, formaPago))
          throw invalidData([`formaPago: ${M.efectivoLimite}`]);
        const cambios: Parameters<typeof updateAlquiler>[2] = { fianzaEstado: body.estado };
        if (body.estado === 'cobrada') {
          cambios.fianzaFechaCobro = body.fechaCobro ?? today();
          cambios.fianzaFormaPago = formaPago ?? null;
        }
        if (body.estado === 'devuelta' || body.estado === 'retenida') {
          // A devolución needs the cobro first (decision 0028): nothing collected, nothing back.
          if (f.estado === 'no_requerida') throw conflicto(M.fianzaNoRequerida);
          if (f.estado === 'pendiente') throw conflicto(M.fianzaSinCobro);
          if (!cerrado(antes)) throw conflicto(M.fianzaDevolucion);
          const devuelto = body.importeDevuelto ?? (body.estado === 'devuelta' ? f.importe : '0');
          const retenido = body.importeRetenido ?? '0';
          if (compareDecimals(addDecimals(devuelto, retenido), f.importe) !== 0)
            throw invalidData([`importeDevuelto: ${M.fianzaSuma}`]);
          if (compareDecimals(retenido, 0) > 0 && !body.motivoRetencion)
            throw invalidData([`motivoRetencion: ${M.motivoRetencion}`]);
          // R21: any amount kept makes the fianza `retenida`, none `devuelta`, whichever was sent.
          cambios.fianzaEstado = compareDecimals(retenido, 0) > 0 ? 'retenida' : 'devuelta';
          cambios.fianzaFechaDevolucion = body.fechaDevolucion ?? today();
          cambios.fianzaImporteDevuelto = devuelto;
          cambios.fianzaImporteRetenido = retenido;
          cambios.fianzaMotivoRetencion = body.motivoRetencion ?? null;
        }
        return cambioDeEstado(tx, user, antes, cambios);
      }),

    agenda: async (dias: number) => {
      const hoy = today();
      const hasta = sumarDias(hoy, dias);
      const filas = await alquileresEnVentana(db, hoy, hasta);
      const item = (f: (typeof filas)[number], fecha: string) => ({
        _id: f.row.id,
        numero: f.row.numero,
        cliente: f.cliente ?? '',
        fecha,
      });
      return {
        entregas: filas
          .filter((f) => f.row.fechaInicio >= hoy && f.row.fechaInicio <= hasta)
          .map((f) => item(f, f.row.fechaInicio)),
        recogidas: filas
          .filter((f) => f.row.fechaFin >= hoy && f.row.fechaFin <= hasta)
          .map((f) => item(f, f.row.fechaFin)),
        retrasos: resumenes(
          (
            await paginaResumenAlquileres(
              database,
              { ids: await conRetraso(db, hoy) },
              { field: 'fechaFin', direction: 'asc' },
              { offset: 0, limit: 50 },
              ABIERTOS,
            )
          ).filas,
          hoy,
        ).map((r) => ({
          _id: r._id,
          numero: r.numero,
          cliente: r.cliente,
          dias: r.retrasoDias,
        })),
      };
    },
  };
};

const mismo = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && Number(a) === Number(b));

/**
 * R20 (a line with an invoiced period keeps its prices, rate basis, dates, discount, minimum and
 * IVA) and R22 (a delivered line keeps its start and item and cannot go below what was delivered).
 */
const bloqueos = (
  lineas: readonly LineaGuardada[],
  previas: ReadonlyMap<string, AlquilerLineaRow>,
  antes: Alquiler,
) => {
  lineas.forEach((l, i) => {
    const p = previas.get(l.id);
    if (!p) return;
    if (p.facturadoHasta) {
      const campos = [
        'precioDia',
        'precioSemana',
        'precioMes',
        'precio',
        'descuentoPct',
        'fechaInicio',
        'fechaFin',
      ] as const;
      const cambiado =
        campos.find((c) => !mismo(l[c], p[c])) ??
        (l.diasMinimos !== p.diasMinimos
          ? 'diasMinimos'
          : l.modoTarifa !== p.modoTarifa
            ? 'modoTarifa'
            : undefined);
      if (cambiado)
        throw conflicto(M.lineaFacturada, [`lineas[${i}].${cambiado}: ${M.lineaFacturada}`]);
      // The invoiced periods carry the line's IVA: the next ones may not differ from them.
      const iva =
        l.tipoIva !== p.tipoIva
          ? 'tipoIva'
          : (l.motivoIva0 ?? null) !== (p.motivoIva0 ?? null)
            ? 'motivoIva0'
            : undefined;
      if (iva)
        throw conflicto(M.lineaFacturadaIva, [`lineas[${i}].${iva}: ${M.lineaFacturadaIva}`]);
    }
    const entregada = antes.lineas.find((x) => x._id === l.id)?.cantidadEntregada ?? 0;
    if (entregada === 0) return;
    const articulo = (x: {
      maquinaId?: string | null;
      componenteId?: string | null;
      conceptoId?: string | null;
    }) => x.maquinaId ?? x.componenteId ?? x.conceptoId ?? null;
    const campo =
      articulo(l) !== articulo(p)
        ? 'maquinaId'
        : !mismo(l.fechaInicio, p.fechaInicio)
          ? 'fechaInicio'
          : Number(l.cantidad) < entregada
            ? 'cantidad'
            : undefined;
    if (campo)
      throw conflicto(M.lineaEntregadaBloqueada, [
        `lineas[${i}].${campo}: ${M.lineaEntregadaBloqueada}`,
      ]);
  });
};

/** R17: ids of the open rentals with a line late today. */
const conRetraso = async (tx: Executor, hoy: string) => {
  const candidatos = (await abiertosConFinPasado(tx, hoy)).map((r) => r.id);
  const lineas = await lineasDeAlquileres(tx, candidatos);
  const movimientos = await movimientosDeAlquileres(tx, candidatos);
  return candidatos.filter((id) =>
    lineas
      .filter((l) => l.alquilerId === id)
      .some((l) => estadoDeLinea(l, movimientos, hoy).retraso > 0),
  );
};

/**
 * The list's rows. An open rental's delay and "pendiente de recogida" come from its lines and
 * movements, which the page carries for its open rentals only (a closed one's delay is 0, and a
 * search over ten years of rentals pages mostly closed ones).
 */
const resumenes = (filas: readonly FilaResumenAlquiler[], hoy: string): AlquilerResumen[] =>
  filas.map((f) => {
    const movimientos = (f.movimientos ?? []).map(
      ([lineaId, tipo, fecha, fechaFinCobro, cantidad]) => ({
        lineaId,
        tipo,
        fecha,
        fechaFinCobro,
        cantidad,
      }),
    );
    const estados = (f.lineas ?? []).map(([id, fechaFin]) =>
      estadoDeLinea({ id, fechaFin }, movimientos, hoy),
    );
    return {
      _id: f.id,
      version: f.version,
      numero: f.numero,
      estado: f.estado as EstadoAlquiler,
      clienteId: f.clienteId,
      cliente: f.cliente ?? '',
      documento: f.documento,
      obraNombre: f.obraNombre,
      municipio: f.municipio,
      fechaInicio: f.fechaInicio,
      fechaFin: f.fechaFin,
      maquinas: f.maquinas,
      piezas: f.piezas,
      importeEstimado: f.importeEstimado,
      fianza: f.fianza,
      fianzaEstado: f.fianzaEstado as AlquilerResumen['fianzaEstado'],
      retrasoDias: Math.max(0, ...estados.map((e) => e.retraso)),
      pendienteRecogida: estados.some((e) => e.baja > 0),
      createdAt: new Date(f.createdAt).toISOString(),
      updatedAt: new Date(f.updatedAt).toISOString(),
    };
  });

export type AlquileresService = ReturnType<typeof createAlquileresService>;
