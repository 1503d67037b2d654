import { checkSpanishPlate, checkVin, BASTIDOR_AVISO_CONTROL } from '@tvsistema/domain/documento';
import { sumarDias } from '@tvsistema/domain/fechas';
import {
  aptitudGuardada,
  cadenaItv,
  categoriaVehiculo,
  claseRequerida,
  enVentana,
  ESTADO_ITV_LABELS,
  esRemolque,
  estadoItv,
  FLOTA_MESSAGES as M,
  KM_AVISO,
  motivosNoApto,
  ordenarVencimientos,
  ordenarVentana,
  parseCamionSort,
  permisoCubre,
  proximaDescargaTacografo,
  proximaRevisionTacografo,
  requiereItvInicial,
  situarVencimiento,
  TIPO_CAMION_LABELS,
  TIPO_VENCIMIENTO_LABELS,
  TIPOS_VENCIMIENTO,
  vencimientosCamion,
  type Camion,
  type CamionCreate,
  type CamionListQuery,
  type CamionUpdate,
  type CadenaItv,
  type CamionVencimientos,
  type ResultadoItv,
  type TipoCamion,
  type TipoMantenimientoCamion,
  type TipoVencimiento,
  type Vencimiento,
} from '@tvsistema/domain/flota';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import {
  FOREIGN_KEY_VIOLATION,
  pgErrorOf,
  RESTRICT_VIOLATION,
  UNIQUE_VIOLATION,
} from '../../db/pg-errors.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  abrirAsignacion,
  asignacionesDe,
  camionesPagina,
  camionesPorIds,
  cerrarAsignacion,
  datosDeCamiones,
  deleteCamion,
  findFilaCamion,
  findCamionRow,
  completarClavesDeOrden,
  guardarVencimientos,
  habitualEn,
  idsDeCamiones,
  insertCamion,
  insertLectura,
  itvDe,
  lockCamion,
  lockFilaCamion,
  setDerivados,
  updateCamion,
  usoCamion,
  vencimientosPagina,
  type FilaCamion,
  type CamionRow,
  type VencimientoGuardado,
} from './camiones.repository.js';
import { findConductorRow } from './conductores.repository.js';
import {
  auditoriaDe,
  autoria,
  columnaBusqueda,
  conflicto,
  idValido,
  matriculaTexto,
  nombreUsuario,
  type Usuario,
} from './flota-comun.js';

// §2.1, §3, §4.1–4.7: vehicles — their answer (ITV chain, due items, apto), create and edit with
// the driver rules, state actions, deletion while unused. Every change leaves a history row.

export const RECURSO_CAMION = 'camion';
const CAMPOS = [
  'matricula',
  'bastidor',
  'tipo',
  'carroceria',
  'marca',
  'modelo',
  'fechaPrimeraMatriculacion',
  'fechaAlta',
  'mmaKg',
  'taraKg',
  'autorizacion',
  'seguro',
  'tacografo',
  'itvProximaInicial',
  'conductorHabitual',
  'estado',
  'fechaBaja',
  'motivoBaja',
  'fechaEntradaTaller',
  'observaciones',
] as const;

type Datos = Awaited<ReturnType<typeof datosDeCamiones>>;
type Autorizacion = Camion['autorizacion'];
type Seguro = Camion['seguro'];
type TacografoGuardado = {
  tipo: 'digital' | 'inteligente' | 'analogico' | 'no_lleva';
  numeroSerie: string | null;
  ultimaRevision: string | null;
  ultimaDescarga: string | null;
} | null;

const agrupar = <T extends { camionId: string }>(filas: readonly T[]) => {
  const mapa = new Map<string, T[]>();
  for (const fila of filas) mapa.set(fila.camionId, [...(mapa.get(fila.camionId) ?? []), fila]);
  return mapa;
};

export { matriculaTexto };

/**
 * What a vehicle's answer takes from its sub-records, without "hoy" (§10, decision 0029): the
 * ITV chain's result, the latest inspection, and every due item (dates and km, in the order
 * vencimientosCamion gives them). Stored on the row by `refrescar` in each write's transaction,
 * so a read completes a vehicle from its row alone.
 */
type Resumen = {
  /** The row's values it was computed from (claveDe): a row changed since, reads the slow way. */
  clave: string;
  itvHasta: string;
  primeraItv: string;
  pendiente: CadenaItv['pendiente'];
  inspecciones: number;
  ultimaInspeccion: { _id: string; fecha: string; resultado: ResultadoItv } | null;
  vencimientos: VencimientoGuardado[];
};

/**
 * The row's values a resumen depends on besides the sub-records. Every write through the
 * services refreshes the resumen; a row changed some other way (a script, a test's SQL) no
 * longer matches its resumen and is completed from its sub-records, as before the resumen.
 */
const claveDe = (row: CamionRow | FilaCamion) => {
  const seguro = row.seguro as { vencimiento?: string } | null;
  const autorizacion = row.autorizacion as { tipo?: string; visadoHasta?: string | null } | null;
  const tacografo = row.tacografo as TacografoGuardado;
  return [
    row.tipo,
    row.mmaKg,
    row.fechaPrimeraMatriculacion,
    row.itvProximaInicial,
    row.fechaAlta,
    row.estado,
    row.kmActual,
    row.kmFecha,
    seguro ? `s${seguro.vencimiento}` : '',
    autorizacion ? `a${autorizacion.tipo}${autorizacion.visadoHasta}` : '',
    tacografo ? `t${tacografo.tipo}${tacografo.ultimaRevision}${tacografo.ultimaDescarga}` : '',
  ].join('|');
};

/** The resumen and the domain's view of a vehicle, from its sub-records (the write path). */
const analizar = <R extends CamionRow | FilaCamion>(
  rows: readonly R[],
  datos: Datos,
  hoy: string,
) => {
  const inspecciones = agrupar(datos.inspecciones);
  const mantenimientos = agrupar(datos.mantenimientos);
  const lecturas = agrupar(datos.lecturas);
  const documentos = agrupar(datos.documentos);
  const nombres = new Map(datos.nombres.map((n) => [n.camionId, n.nombre]));
  return rows.map((row) => {
    const propias = inspecciones.get(row.id) ?? [];
    const tipo = row.tipo as TipoCamion;
    const cadena = cadenaItv({
      tipo,
      mmaKg: row.mmaKg,
      fechaPrimeraMatriculacion: row.fechaPrimeraMatriculacion,
      itvProximaInicial: row.itvProximaInicial,
      inspecciones: propias.map((i) => ({
        fecha: i.fecha,
        resultado: i.resultado as 'favorable',
      })),
    });
    const base: CamionVencimientos = {
      _id: row.id,
      etiqueta: matriculaTexto(row.matricula),
      tipo,
      estado: row.estado as Camion['estado'],
      mmaKg: row.mmaKg,
      fechaAlta: row.fechaAlta,
      seguro: row.seguro as Seguro,
      autorizacion: row.autorizacion as Autorizacion,
      tacografo: row.tacografo as TacografoGuardado,
      cadena,
      kmActual: row.kmActual,
      kmFecha: row.kmFecha,
      lecturas: lecturas.get(row.id) ?? [],
      mantenimientos: (mantenimientos.get(row.id) ?? []).map((m) => ({
        tipo: m.tipo as TipoMantenimientoCamion,
        proximaFecha: m.proximaFecha,
        proximoKm: m.proximoKm,
      })),
      documentos: (documentos.get(row.id) ?? []).map((d) => ({
        categoria: d.categoria as 'otro',
        vencimiento: d.vencimiento ?? '',
      })),
    };
    const ultima = propias[propias.length - 1];
    const resumen: Resumen = {
      clave: claveDe(row),
      itvHasta: cadena.itvHasta,
      primeraItv: cadena.primeraItv,
      pendiente: cadena.pendiente,
      inspecciones: propias.length,
      ultimaInspeccion: ultima
        ? { _id: ultima._id, fecha: ultima.fecha, resultado: ultima.resultado as ResultadoItv }
        : null,
      // The items do not depend on "hoy" (only their estado and days left do, see situar).
      vencimientos: vencimientosCamion(base, hoy).map((v) => ({
        tipo: v.tipo,
        concepto: v.concepto,
        fecha: v.fecha,
        kmRestantes: v.kmRestantes,
        fechaEstimada: v.fechaEstimada,
      })),
    };
    return { row, base, resumen, conductorNombre: nombres.get(row.id) ?? null };
  });
};

/** Whether two lists of stored items are the same, item by item (jsonb keeps its own key order). */
const mismosVencimientos = (
  a: readonly VencimientoGuardado[] | undefined,
  b: readonly VencimientoGuardado[],
) =>
  a !== undefined &&
  a.length === b.length &&
  a.every(
    (x, i) =>
      x.tipo === b[i]?.tipo &&
      x.concepto === b[i]?.concepto &&
      x.fecha === b[i]?.fecha &&
      x.kmRestantes === b[i]?.kmRestantes &&
      x.fechaEstimada === b[i]?.fechaEstimada,
  );

/**
 * The list's `vencimientos=N` stored on the row (§10, decision 0029): a vehicle is in the window
 * ending on `hasta` when one of its items is (situarVencimiento: a date ≤ hasta, km left within
 * KM_AVISO, or neither date nor km), that is when `venceDesde` ≤ hasta: the earliest date of its
 * items, or -infinity when one is due whatever the day. `kmRestantesMin`: the least km left.
 */
export const ventanaGuardada = (items: readonly VencimientoGuardado[]) => {
  let venceDesde: string | null = null;
  let kmRestantesMin: number | null = null;
  for (const v of items) {
    if (v.kmRestantes !== null)
      kmRestantesMin =
        kmRestantesMin === null ? v.kmRestantes : Math.min(kmRestantesMin, v.kmRestantes);
    const siempre =
      (v.fecha === null && v.kmRestantes === null) ||
      (v.kmRestantes !== null && v.kmRestantes <= KM_AVISO);
    if (siempre) venceDesde = SIEMPRE;
    else if (
      v.fecha !== null &&
      venceDesde !== SIEMPRE &&
      (venceDesde === null || v.fecha < venceDesde)
    )
      venceDesde = v.fecha;
  }
  return { venceDesde, kmRestantesMin };
};
const SIEMPRE = '-infinity';

/**
 * Whether a reading that did not move the latest one leaves the resumen's inputs as they were:
 * of the readings it takes only the 90 days before the latest (datosDeCamiones: their lowest
 * and highest day and km, or the one reading), so a reading before that window, or within the
 * lowest and highest of a window of two or more, or the latest one again, changes nothing.
 */
const lecturaSinEfecto = (
  fila: FilaCamion,
  lectura: { fecha: string; km: number },
  ventana: { n: number; fecha: string | null; km: number | null },
) => {
  const { kmFecha, kmActual } = fila;
  if (kmFecha === null || kmActual === null) return false;
  if (lectura.fecha > kmFecha || (lectura.fecha === kmFecha && lectura.km > kmActual)) return false;
  if (lectura.fecha < sumarDias(kmFecha, -90)) return true;
  if (ventana.n >= 2)
    return (
      ventana.fecha !== null &&
      ventana.km !== null &&
      lectura.fecha >= ventana.fecha &&
      lectura.km >= ventana.km
    );
  return lectura.fecha === kmFecha && lectura.km === kmActual;
};

/**
 * A stored item on "hoy", as vencimientosCamion places it: situarVencimiento, except a planned
 * service with neither date nor km left (km-only, no odometer yet), which is not due.
 */
const situar = (item: VencimientoGuardado, hoy: string) =>
  item.tipo === 'mantenimiento' && item.fecha === null && item.kmRestantes === null
    ? { diasRestantes: null, estado: 'al_dia' as const }
    : situarVencimiento(item, hoy);

/** §2.1 "Answers add …": a vehicle's answer from its row and its resumen, on "hoy". */
const respuesta = (
  row: CamionRow | FilaCamion,
  resumen: Resumen,
  conductorNombre: string | null,
  hoy: string,
): Camion => {
  const tipo = row.tipo as TipoCamion;
  // The stored JSON objects in the schema's key order (jsonb keeps its own): the list and the
  // record go out as JSON text, without the response schema re-ordering them.
  const guardado = row.tacografo as TacografoGuardado;
  const tacografo: TacografoGuardado = guardado && {
    tipo: guardado.tipo,
    numeroSerie: guardado.numeroSerie ?? null,
    ultimaRevision: guardado.ultimaRevision ?? null,
    ultimaDescarga: guardado.ultimaDescarga ?? null,
  };
  const a = row.autorizacion as Autorizacion;
  const autorizacion: Autorizacion = a && {
    tipo: a.tipo,
    numero: a.numero ?? null,
    visadoHasta: a.visadoHasta ?? null,
  };
  const p = row.seguro as Seguro;
  const seguro: Seguro = p && {
    aseguradora: p.aseguradora,
    poliza: p.poliza,
    cobertura: p.cobertura,
    vencimiento: p.vencimiento,
    primaAnual: p.primaAnual ?? null,
  };
  const ultima = resumen.ultimaInspeccion;
  const etiqueta = matriculaTexto(row.matricula);
  const cadena: CadenaItv = {
    itvHasta: resumen.itvHasta,
    primeraItv: resumen.primeraItv,
    pendiente: resumen.pendiente,
    proximas: [],
    plazos: [],
  };
  const base: CamionVencimientos = {
    _id: row.id,
    etiqueta,
    tipo,
    estado: row.estado as Camion['estado'],
    mmaKg: row.mmaKg,
    fechaAlta: row.fechaAlta,
    seguro,
    autorizacion,
    tacografo,
    cadena,
    kmActual: row.kmActual,
    kmFecha: row.kmFecha,
    lecturas: [],
    mantenimientos: [],
    documentos: [],
  };
  const vencimientos: Vencimiento[] = resumen.vencimientos.map((v) => ({
    ambito: 'camion',
    refId: row.id,
    etiqueta,
    tipo: v.tipo as Vencimiento['tipo'],
    concepto: v.concepto,
    fecha: v.fecha,
    kmRestantes: v.kmRestantes,
    fechaEstimada: v.fechaEstimada,
    ...situar(v, hoy),
  }));
  const motivos = motivosNoApto(base, hoy);
  const estadoDeItv = estadoItv(cadena, { inspecciones: resumen.inspecciones, hoy });
  const auditoria = auditoriaDe(row);
  // Every key written out, none spread: an object literal that starts with a spread adds each
  // later key one by one, and this one has forty (a fifth of a vehicle list's API time in a
  // profile of the bench).
  return {
    _id: auditoria._id,
    empresa: auditoria.empresa,
    version: auditoria.version,
    createdAt: auditoria.createdAt,
    createdBy: auditoria.createdBy,
    updatedAt: auditoria.updatedAt,
    updatedBy: auditoria.updatedBy,
    matricula: row.matricula,
    matriculaTexto: etiqueta,
    bastidor: row.bastidor,
    tipo,
    carroceria: row.carroceria as Camion['carroceria'],
    marca: row.marca,
    modelo: row.modelo,
    descripcion: `${row.marca} ${row.modelo} · ${TIPO_CAMION_LABELS[tipo]}`,
    fechaPrimeraMatriculacion: row.fechaPrimeraMatriculacion,
    fechaAlta: row.fechaAlta,
    mmaKg: row.mmaKg,
    taraKg: row.taraKg,
    cargaUtilKg: row.mmaKg - row.taraKg,
    categoria: categoriaVehiculo(tipo, row.mmaKg),
    autorizacion,
    seguro,
    tacografo: tacografo
      ? {
          ...tacografo,
          proximaRevision: proximaRevisionTacografo(base),
          proximaDescarga: proximaDescargaTacografo(base),
        }
      : null,
    itvProximaInicial: row.itvProximaInicial,
    itvHasta: cadena.itvHasta,
    itv: {
      estado: estadoDeItv,
      texto:
        estadoDeItv === 'exenta' ? M.itvExenta(cadena.itvHasta) : ESTADO_ITV_LABELS[estadoDeItv],
      ultimaInspeccion: ultima && {
        _id: ultima._id,
        fecha: ultima.fecha,
        resultado: ultima.resultado,
      },
      plazoSubsanacion: cadena.pendiente?.plazo ?? null,
      inspecciones: resumen.inspecciones,
    },
    conductorHabitualId: row.conductorHabitualId,
    conductorHabitual:
      row.conductorHabitualId && conductorNombre !== null
        ? { _id: row.conductorHabitualId, nombre: conductorNombre }
        : null,
    estado: row.estado as Camion['estado'],
    activo: row.estado === 'activo',
    fechaBaja: row.fechaBaja,
    motivoBaja: row.motivoBaja,
    fechaEntradaTaller: row.fechaEntradaTaller,
    kmActual: row.kmActual,
    kmFecha: row.kmFecha,
    observaciones: row.observaciones,
    vencimientos: ordenarVencimientos(vencimientos.filter(enVentana)),
    apto: motivos.length === 0,
    motivosNoApto: motivos,
  };
};

/**
 * The answers of many rows: from the stored resumen, or from the sub-records for a row without
 * a current one (from before the resumen existed, or changed outside the services).
 */
const completarFilas = async (
  executor: Executor,
  rows: readonly FilaCamion[],
  hoy: string,
): Promise<Camion[]> => {
  const vigente = (row: FilaCamion) => {
    const resumen = row.resumen as Resumen | null;
    return resumen !== null && resumen.clave === claveDe(row) ? resumen : undefined;
  };
  const sinResumen = rows.filter((r) => vigente(r) === undefined);
  const calculados = new Map(
    sinResumen.length === 0
      ? []
      : analizar(
          sinResumen,
          await datosDeCamiones(
            executor,
            sinResumen.map((r) => r.id),
          ),
          hoy,
        ).map((a) => [a.row.id, a.resumen] as const),
  );
  return rows.map((row) =>
    respuesta(row, vigente(row) ?? (calculados.get(row.id) as Resumen), row.conductorNombre, hoy),
  );
};

/** The columns a create or edit writes. */
const valores = (input: Omit<CamionCreate, 'kmIniciales'>) => ({
  matricula: input.matricula,
  bastidor: input.bastidor,
  tipo: input.tipo,
  carroceria: input.carroceria ?? null,
  marca: input.marca,
  modelo: input.modelo,
  fechaPrimeraMatriculacion: input.fechaPrimeraMatriculacion,
  mmaKg: input.mmaKg,
  taraKg: input.taraKg,
  autorizacion: input.autorizacion
    ? {
        tipo: input.autorizacion.tipo,
        numero: input.autorizacion.numero ?? null,
        visadoHasta: input.autorizacion.visadoHasta ?? null,
      }
    : null,
  seguro: input.seguro ? { ...input.seguro, primaAnual: input.seguro.primaAnual ?? null } : null,
  tacografo: input.tacografo
    ? {
        tipo: input.tacografo.tipo,
        numeroSerie: input.tacografo.numeroSerie ?? null,
        ultimaRevision: input.tacografo.ultimaRevision ?? null,
        ultimaDescarga: input.tacografo.ultimaDescarga ?? null,
      }
    : null,
  itvProximaInicial: input.itvProximaInicial ?? null,
  observaciones: input.observaciones,
  busqueda: columnaBusqueda(
    input.matricula,
    checkSpanishPlate(input.matricula)?.texto,
    input.bastidor,
    input.marca,
    input.modelo,
  ),
});

/** §4.1 and §4.3 warnings: never refusals. */
const avisos = (input: Omit<CamionCreate, 'kmIniciales'>) => {
  const warnings: string[] = [];
  if (checkVin(input.bastidor)?.checkDigitOk === false) warnings.push(BASTIDOR_AVISO_CONTROL);
  if (!esRemolque(input.tipo) && input.mmaKg > 3500 && input.tacografo?.tipo === 'no_lleva')
    warnings.push(M.tacografoExento);
  return warnings;
};

/** The uniqueness 409s of §4.1, naming the plate or VIN. */
const duplicado = (error: unknown, input: { matricula: string; bastidor: string }) => {
  const pg = pgErrorOf(error);
  if (pg?.code !== UNIQUE_VIOLATION) return error;
  if (pg.constraint === 'camiones_matricula_key') {
    const message = M.matriculaDuplicada(matriculaTexto(input.matricula));
    return conflicto(message, [`matricula: ${message}`]);
  }
  if (pg.constraint === 'camiones_bastidor_key') {
    const message = M.bastidorDuplicado(input.bastidor);
    return conflicto(message, [`bastidor: ${message}`]);
  }
  return error;
};

export const createCamionesService = (database: Database, today: Today) => {
  const db = database.db;

  const leer = async (executor: Executor, id: string) => {
    if (!idValido(id)) throw notFound(M.vehiculoNoEncontrado);
    const row = await findFilaCamion(executor, id);
    if (!row) throw notFound(M.vehiculoNoEncontrado);
    const [camion] = await completarFilas(executor, [row], today());
    return camion as Camion;
  };

  /** Locks the vehicle for the rest of the transaction, as its answer row (filaJson). */
  const bloquearFila = async (tx: Executor, id: string) => {
    if (!idValido(id)) throw notFound(M.vehiculoNoEncontrado);
    const fila = await lockFilaCamion(tx, id);
    if (!fila) throw notFound(M.vehiculoNoEncontrado);
    return fila;
  };

  /** Locks the vehicle for the rest of the transaction. */
  const bloquear = async (tx: Executor, id: string) => {
    if (!idValido(id)) throw notFound(M.vehiculoNoEncontrado);
    const row = await lockCamion(tx, id);
    if (!row) throw notFound(M.vehiculoNoEncontrado);
    return row;
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    accion: 'crear' | 'modificar' | 'cambiar_estado' | 'eliminar',
    antes: Record<string, unknown> | undefined,
    despues: Record<string, unknown> | undefined,
    campos: readonly string[] = CAMPOS,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_CAMION,
      registroId: String((despues ?? antes)?._id ?? ''),
      empresa: 'transporte',
      accion,
      antes,
      despues,
      campos,
      usuario: user,
    });

  /** §2.1 dates against hoy and the ITV card date an existing vehicle needs (§4.2). */
  const comprobarFechas = (
    input: Omit<CamionCreate, 'kmIniciales'>,
    fechaAlta: string,
    { exigirItv }: { exigirItv: boolean },
  ) => {
    const hoy = today();
    const errores: string[] = [];
    if (input.fechaPrimeraMatriculacion > hoy)
      errores.push(`fechaPrimeraMatriculacion: ${M.fechaFutura}`);
    if (fechaAlta > hoy) errores.push(`fechaAlta: ${M.fechaFutura}`);
    if (fechaAlta < input.fechaPrimeraMatriculacion)
      errores.push(`fechaAlta: ${M.fechaAltaAnterior}`);
    if (
      exigirItv &&
      !input.itvProximaInicial &&
      requiereItvInicial(input.tipo, input.mmaKg, input.fechaPrimeraMatriculacion, hoy)
    )
      errores.push(`itvProximaInicial: ${M.itvProximaInicial}`);
    if (errores.length > 0) throw invalidData(errores);
  };

  /** §4.6: every rule a habitual driver must meet, each failure one entry. */
  const comprobarConductor = async (
    tx: Executor,
    conductorId: string,
    vehiculo: { tipo: TipoCamion; mmaKg: number; id?: string },
  ) => {
    const hoy = today();
    const conductor = idValido(conductorId) ? await findConductorRow(tx, conductorId) : undefined;
    if (!conductor) throw invalidData([`conductorHabitualId: ${M.conductorDesconocido}`]);
    const nombre = `${conductor.nombre} ${conductor.apellidos}`;
    const errores: string[] = [];
    if (!conductor.activo) errores.push(M.conductorInactivo(nombre));
    const requerida = claseRequerida(vehiculo.tipo, vehiculo.mmaKg);
    const clases = conductor.clasesPermiso as Parameters<typeof permisoCubre>[0];
    if (requerida && !permisoCubre(clases, requerida))
      errores.push(vehiculo.tipo === 'tractora' ? M.sinPermisoTractora : M.sinPermiso(requerida));
    if (conductor.permisoVencimiento < hoy)
      errores.push(M.permisoCaducado(nombre, conductor.permisoVencimiento));
    if (requerida !== 'B' && conductor.capVencimiento && conductor.capVencimiento < hoy)
      errores.push(M.capCaducado(nombre, conductor.capVencimiento));
    const otro = await habitualEn(tx, conductorId, vehiculo.id);
    if (otro) errores.push(M.yaHabitual(nombre, matriculaTexto(otro.matricula)));
    if (errores.length > 0)
      throw conflicto(
        M.asignacion,
        errores.map((e) => `conductorHabitualId: ${e}`),
      );
  };

  /** The ITV due date in force after a change of the vehicle or its inspections. */
  const refrescarItv = async (tx: Executor, row: CamionRow) => {
    const inspecciones = await itvDe(tx, row.id);
    const cadena = cadenaItv({
      tipo: row.tipo as TipoCamion,
      mmaKg: row.mmaKg,
      fechaPrimeraMatriculacion: row.fechaPrimeraMatriculacion,
      itvProximaInicial: row.itvProximaInicial,
      inspecciones: inspecciones.map((i) => ({
        fecha: i.fecha,
        resultado: i.resultado as 'favorable',
      })),
    });
    await setDerivados(tx, row.id, { itvHasta: cadena.itvHasta });
    return { cadena, inspecciones };
  };

  const list = async (query: CamionListQuery) => {
    const hoy = today();
    const sort = parseCamionSort(query.sort) ?? {
      field: 'matricula' as const,
      direction: 'asc' as const,
    };
    const { rows, total } = await camionesPagina(
      database,
      {
        searchTerm: query.searchTerm,
        estados: query.activo ? ['activo'] : query.estado,
        tipos: query.tipo,
        clase: query.clase,
        conductorId: query.conductorId,
        aptosEl: query.soloAptos ? hoy : undefined,
        vencenHasta:
          query.vencimientos === undefined ? undefined : sumarDias(hoy, query.vencimientos),
      },
      sort,
      query.page,
      query.limit,
    );
    return {
      data: await completarFilas(db, rows, hoy),
      meta: pageMetaOf(query.page, query.limit, total),
    };
  };

  /**
   * §10: a vehicle's due items, aptitude and resumen as stored, in the write's transaction.
   * Answers the vehicle as it now reads (undefined when it is gone).
   */
  const refrescar = async (tx: Executor, id: string): Promise<Camion | undefined> => {
    const row = await findCamionRow(tx, id);
    if (!row) return undefined;
    const hoy = today();
    const [analisis] = analizar([row], await datosDeCamiones(tx, [id]), hoy);
    if (!analisis) return undefined;
    // The stored items change only when their dates or km do (a reading on the latest day does not).
    const antes = row.resumen as Resumen | null;
    if (!mismosVencimientos(antes?.vencimientos, analisis.resumen.vencimientos))
      await guardarVencimientos(tx, id, analisis.resumen.vencimientos);
    await setDerivados(tx, id, {
      ...aptitudGuardada(analisis.base),
      ...ventanaGuardada(analisis.resumen.vencimientos),
      resumen: analisis.resumen,
    });
    return respuesta(row, analisis.resumen, analisis.conductorNombre, hoy);
  };

  /**
   * The vehicle's answer after a manual reading (§10, decision 0029). The stored resumen stays
   * as it is when the reading moves neither the latest reading (kmActual) nor the 90-day window
   * that kmPorDia reads (its lowest and highest day and km): then the locked row answers with it,
   * without reading the sub-records again; otherwise refrescar.
   */
  const trasLectura = async (
    tx: Executor,
    fila: FilaCamion,
    lectura: { fecha: string; km: number },
    ventana: { n: number; fecha: string | null; km: number | null },
    movido: boolean,
  ): Promise<Camion> => {
    const resumen = fila.resumen as Resumen | null;
    if (
      !movido &&
      resumen !== null &&
      resumen.clave === claveDe(fila) &&
      lecturaSinEfecto(fila, lectura, ventana)
    )
      return respuesta(fila, resumen, fila.conductorNombre, today());
    return refrescarYLeer(tx, fila.id);
  };

  /** refrescar, for a vehicle the caller holds locked (so it exists). */
  const refrescarYLeer = async (tx: Executor, id: string): Promise<Camion> =>
    (await refrescar(tx, id)) ?? leer(tx, id);

  /**
   * §4.3: what is due within `dias`, vehicles and drivers, one page of it nearest first, with the
   * window's counts (total, vencidos, próximos, per tipo) for the dashboard (decision 0029).
   */
  const vencimientos = async (query: { dias: number; page: number; limit: number }) => {
    const { dias, page, limit } = query;
    const hoy = today();
    const desde = (page - 1) * limit;
    const pagina = await vencimientosPagina(database, hoy, sumarDias(hoy, dias), desde, limit);
    const items = pagina.items.map((v) => {
      const item = {
        ambito: v.ambito,
        refId: v.refId,
        etiqueta: v.ambito === 'camion' ? matriculaTexto(v.nombre) : v.nombre,
        tipo: v.tipo as Vencimiento['tipo'],
        concepto: v.concepto ?? TIPO_VENCIMIENTO_LABELS[v.tipo as Vencimiento['tipo']],
        fecha: v.fecha,
        kmRestantes: v.kmRestantes,
        fechaEstimada: v.fechaEstimada,
      };
      return { ...item, ...situarVencimiento(item, hoy, dias), orden: v.orden };
    });
    const inicio = desde - pagina.antes;
    // The database cut the page in §4.3's order, or sent its days whole for this sort.
    const data: Vencimiento[] = (
      pagina.exacta ? items : ordenarVentana(items).slice(inicio, inicio + limit)
    ).map(({ orden: _orden, ...v }) => v);
    return {
      data,
      meta: {
        ...pageMetaOf(page, limit, pagina.total),
        vencidos: pagina.vencidos,
        proximos: pagina.total - pagina.vencidos,
        dias,
        porTipo: Object.fromEntries(
          TIPOS_VENCIMIENTO.map((tipo) => [tipo, Number(pagina.porTipo[tipo] ?? 0)]),
        ) as Record<TipoVencimiento, number>,
      },
    };
  };

  const create = async (user: Usuario, input: CamionCreate) => {
    try {
      return await db.transaction(async (tx) => {
        const hoy = today();
        const fechaAlta = input.fechaAlta ?? hoy;
        comprobarFechas(input, fechaAlta, { exigirItv: true });
        if (input.conductorHabitualId)
          await comprobarConductor(tx, input.conductorHabitualId, input);
        const cadena = cadenaItv({
          tipo: input.tipo,
          mmaKg: input.mmaKg,
          fechaPrimeraMatriculacion: input.fechaPrimeraMatriculacion,
          itvProximaInicial: input.itvProximaInicial ?? null,
          inspecciones: [],
        });
        const km = esRemolque(input.tipo) ? undefined : input.kmIniciales;
        const id = await insertCamion(tx, {
          ...valores(input),
          fechaAlta,
          itvHasta: cadena.itvHasta,
          conductorHabitualId: input.conductorHabitualId ?? null,
          kmActual: km ?? null,
          kmFecha: km === undefined ? null : fechaAlta,
          ...autoria(user, { crear: true }),
        });
        if (km !== undefined)
          await insertLectura(tx, {
            camionId: id,
            fecha: fechaAlta,
            km,
            origen: 'manual',
            registradoPor: nombreUsuario(user),
          });
        if (input.conductorHabitualId)
          await abrirAsignacion(tx, id, input.conductorHabitualId, hoy);
        const despues = await refrescarYLeer(tx, id);
        await historial(tx, user, 'crear', undefined, despues);
        return { data: despues, warnings: avisos(input) };
      });
    } catch (error) {
      throw duplicado(error, input);
    }
  };

  const update = async (
    user: Usuario,
    id: string,
    input: Omit<CamionUpdate, 'version'>,
    version: number | undefined,
  ) => {
    try {
      return await db.transaction(async (tx) => {
        const row = await bloquear(tx, id);
        checkVersion(row.version, version);
        const hoy = today();
        const inspecciones = await itvDe(tx, id);
        comprobarFechas(input, input.fechaAlta ?? row.fechaAlta, {
          exigirItv: inspecciones.length === 0,
        });
        if (esRemolque(input.tipo) && row.kmActual !== null)
          throw invalidData([`tipo: ${M.remolqueSinKm}`]);
        const nuevo = input.conductorHabitualId ?? null;
        if (nuevo && nuevo !== row.conductorHabitualId)
          await comprobarConductor(tx, nuevo, { ...input, id });
        const antes = await leer(tx, id);
        await updateCamion(tx, id, {
          ...valores(input),
          fechaAlta: input.fechaAlta ?? row.fechaAlta,
          conductorHabitualId: nuevo,
          ...autoria(user, { crear: false }),
        });
        if (nuevo !== row.conductorHabitualId) {
          await cerrarAsignacion(tx, id, hoy);
          if (nuevo) await abrirAsignacion(tx, id, nuevo, hoy);
        }
        const actual = await findCamionRow(tx, id);
        if (actual) await refrescarItv(tx, actual);
        const despues = await refrescarYLeer(tx, id);
        await historial(tx, user, 'modificar', antes, despues);
        return { data: despues, warnings: avisos(input) };
      });
    } catch (error) {
      throw duplicado(error, input);
    }
  };

  /** §4.10: only a vehicle nothing refers to; otherwise say what and offer the baja. */
  const remove = async (user: Usuario, id: string, version: number | undefined) => {
    try {
      await db.transaction(async (tx) => {
        const row = await bloquear(tx, id);
        if (version !== undefined) checkVersion(row.version, version);
        const uso = await usoCamion(tx, id);
        const partes = [
          uso.mantenimientos > 0
            ? `${uso.mantenimientos} ${uso.mantenimientos === 1 ? 'mantenimiento' : 'mantenimientos'}`
            : '',
          uso.inspecciones > 0
            ? `${uso.inspecciones} ${uso.inspecciones === 1 ? 'inspección ITV' : 'inspecciones ITV'}`
            : '',
          uso.documentos > 0
            ? `${uso.documentos} ${uso.documentos === 1 ? 'documento' : 'documentos'}`
            : '',
        ].filter(Boolean);
        if (partes.length > 0) throw conflicto(M.noEliminable(partes));
        const antes = await leer(tx, id);
        await deleteCamion(tx, id);
        await historial(tx, user, 'eliminar', antes, undefined);
      });
    } catch (error) {
      // ON DELETE RESTRICT answers 23001, NO ACTION 23503: either is another module's row.
      const code = pgErrorOf(error)?.code;
      if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION)
        throw conflicto(M.noEliminable(['albaranes']));
      throw error;
    }
  };

  const ESTADO_TEXTO = { activo: 'activo', en_taller: 'en taller', baja: 'de baja' } as const;

  /** §3: the state actions. */
  const cambiarEstado = (
    user: Usuario,
    id: string,
    body: { accion: string; fecha: string; motivo?: string | undefined },
    version: number | undefined,
  ) =>
    db.transaction(async (tx) => {
      const row = await bloquear(tx, id);
      checkVersion(row.version, version);
      const hoy = today();
      const estado = row.estado as keyof typeof ESTADO_TEXTO;
      const permitida =
        (body.accion === 'enviar_taller' && estado === 'activo') ||
        (body.accion === 'volver_servicio' && estado === 'en_taller') ||
        (body.accion === 'dar_baja' && estado !== 'baja') ||
        (body.accion === 'reactivar' && estado === 'baja');
      if (!permitida) throw conflicto(M.accionNoPermitida(ESTADO_TEXTO[estado]));
      const antes = await leer(tx, id);
      const cambios = autoria(user, { crear: false });
      if (body.accion === 'enviar_taller') {
        if (body.fecha > hoy) throw invalidData([`fecha: ${M.fechaFutura}`]);
        await updateCamion(tx, id, {
          estado: 'en_taller',
          fechaEntradaTaller: body.fecha,
          ...cambios,
        });
      } else if (body.accion === 'volver_servicio') {
        if (row.fechaEntradaTaller && body.fecha < row.fechaEntradaTaller)
          throw invalidData([`fecha: ${M.fechaTaller}`]);
        await updateCamion(tx, id, { estado: 'activo', fechaEntradaTaller: null, ...cambios });
      } else if (body.accion === 'dar_baja') {
        if (body.fecha > hoy) throw invalidData([`fecha: ${M.fechaFutura}`]);
        if (body.fecha < row.fechaPrimeraMatriculacion)
          throw invalidData([`fecha: ${M.fechaAnteriorMatriculacion}`]);
        await cerrarAsignacion(tx, id, body.fecha);
        await updateCamion(tx, id, {
          estado: 'baja',
          fechaBaja: body.fecha,
          motivoBaja: body.motivo ?? null,
          fechaEntradaTaller: null,
          conductorHabitualId: null,
          ...cambios,
        });
      } else {
        await updateCamion(tx, id, {
          estado: 'activo',
          fechaBaja: null,
          motivoBaja: null,
          ...cambios,
        });
      }
      const despues = await refrescarYLeer(tx, id);
      await historial(tx, user, 'cambiar_estado', antes, despues);
      return despues;
    });

  return {
    list,
    vencimientos,
    get: (id: string) => leer(db, id),
    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id);
      return leerHistorial(database, RECURSO_CAMION, id, query);
    },
    asignaciones: async (id: string) => {
      await leer(db, id);
      return asignacionesDe(db, id);
    },
    create,
    update,
    remove,
    cambiarEstado,
    leer,
    bloquear,
    bloquearFila,
    trasLectura,
    refrescarItv,
    refrescar,
    refrescarYLeer,
    historial,
  };
};

export type CamionesService = ReturnType<typeof createCamionesService>;

/**
 * §2.6, for logística: the vehicles of an albarán with what its R11 and R12 check. Runs in the
 * caller's transaction; "hoy" is the caller's.
 */
export const camionesParaAlbaran = async (tx: Executor, ids: readonly string[], hoy: string) => {
  const rows = await camionesPorIds(tx, ids.filter(idValido));
  return (await completarFilas(tx, rows, hoy)).map((c) => ({
    _id: c._id,
    matricula: c.matricula,
    matriculaTexto: c.matriculaTexto,
    descripcion: c.descripcion,
    tipo: c.tipo,
    estado: c.estado,
    activo: c.activo,
    itvHasta: c.itvHasta,
    mmaKg: c.mmaKg,
    taraKg: c.taraKg,
    cargaUtilKg: c.cargaUtilKg,
    apto: c.apto,
    motivosNoApto: c.motivosNoApto,
  }));
};

/** Stores every vehicle's due items again (after a bulk load that bypassed the services). */
export const refrescarVencimientosFlota = async (database: Database, hoy: string) => {
  const service = createCamionesService(database, () => hoy);
  for (const id of await idsDeCamiones(database.db))
    await database.db.transaction((tx) => service.refrescar(tx, id));
  await completarClavesDeOrden(database.db);
};
