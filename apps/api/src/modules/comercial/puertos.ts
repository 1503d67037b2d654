import {
  basePorcentaje,
  COMERCIAL_MESSAGES as M,
  importePeriodo,
  lotesDeLinea,
  periodoFacturable,
  tipoDeLinea,
  type EstadoAlquiler,
  type Lote,
} from '@tvsistema/domain/comercial';
import { diasInclusivos, maxFecha, minFecha, sumarDias } from '@tvsistema/domain/fechas';
import { diaEnMadrid, formatEuros, formatFecha, formatNumero } from '@tvsistema/domain/format';
import { horasExtra } from '@tvsistema/domain/inventario';
import { addDecimals, compareDecimals, lineBase, sumDecimals } from '@tvsistema/domain/money';
import type { Executor } from '../../db/executor.js';
import { facturacionDeOrigenes } from '../finanzas/index.js';
import { notFound } from '../../http/errors.js';
import { registrarHistorial } from '../historial/index.js';
import { estadoDeLinea, estadoDerivado } from './alquiler-estado.js';
import { bloquearAlquiler, leerAlquiler, RECURSO_ALQUILER } from './alquileres.service.js';
import {
  alquileresFacturables,
  borrarDeAlbaran,
  cargosDeAlquiler,
  cargosDeAlquileres,
  findAlquiler,
  findConceptos,
  findMaquinas,
  firmarMovimientos,
  guardarLineasAlquiler,
  insertCargos,
  insertMovimientos,
  lineasDeAlquiler,
  lineasDeAlquileres,
  movimientosDeAlquileres,
  updateAlquiler,
  type AlquilerLineaRow,
  type CargoRow,
  type MovimientoInsert,
  type MovimientoRow,
} from './comercial.repository.js';
import { conflicto, idValido } from './comercial-comun.js';
import { lineasConFacturado } from './lineas-facturadas.js';
import { aPrecio, resolverLineas } from './lineas.service.js';
import { reservarLineas } from './reservas.js';

// §2.7: the ports comercial offers. Logística reports its albaranes (emitted, signed, annulled);
// finanzas asks what is billable and the lines of a period. Each runs in the caller's transaction.

type ClaseArticulo = 'maquina' | 'andamio' | 'concepto';

const articuloDe = (l: AlquilerLineaRow) => l.maquinaId ?? l.componenteId ?? l.conceptoId ?? '';

/** What logística reads of a rental to write its albaranes. */
export const alquilerParaLogistica = async (tx: Executor, id: string, hoy = diaEnMadrid()) => {
  const a = await leerAlquiler(tx, id, hoy);
  if (!a) throw notFound(M.alquilerNoEncontrado);
  return {
    _id: a._id,
    numero: a.numero,
    empresa: 'alquileres' as const,
    clienteId: a.clienteId,
    estado: a.estado,
    permiteEntrega: a.permiteEntrega,
    permiteRecogida: a.permiteRecogida,
    direccionObra: a.direccionObra,
    lineas: a.lineas.map((l) => ({
      clase: l.clase,
      articuloId: (l.maquinaId ?? l.componenteId ?? l.conceptoId) as string,
      cantidad: Number(l.cantidad),
    })),
  };
};

export type EventoLogistico = {
  evento: 'emitido' | 'firmado' | 'anulado';
  alquilerId: string;
  albaran: { _id: string; numero: string; tipo: 'entrega' | 'recogida' };
  fecha: string;
  fechaFinCobro?: string | undefined;
  lineas?: {
    clase: ClaseArticulo;
    articuloId: string;
    cantidad: number;
    precioUnitario?: string;
  }[];
  horas?: { maquinaId: string; entrega: number; devolucion: number }[];
  cargos?: {
    tipo: 'dano' | 'falta' | 'horas_extra';
    articuloId: string;
    descripcion: string;
    importe: string;
    tipoIva: number;
  }[];
  hoy?: string;
};

/**
 * R24: the extra hours of each machine a recogida brings back, from its readings at delivery and
 * return over the days it was billed (its first delivery to the fin de cobro), at the machine's
 * rate (inventario R3). No rate or no excess, no charge.
 */
const cargosPorHoras = async (
  tx: Executor,
  e: EventoLogistico,
  filas: AlquilerLineaRow[],
  finCobro: string,
): Promise<NonNullable<EventoLogistico['cargos']>> => {
  const horas = e.horas ?? [];
  const maquinas = new Map(
    (
      await findMaquinas(
        tx,
        horas.map((h) => h.maquinaId),
      )
    ).map((m) => [m.id, m]),
  );
  const movimientos = await movimientosDeAlquileres(tx, [e.alquilerId]);
  return horas.flatMap((h) => {
    const maquina = maquinas.get(h.maquinaId);
    const lineas = new Set(filas.filter((f) => f.maquinaId === h.maquinaId).map((f) => f.id));
    const entregada = movimientos
      .filter((m) => m.tipo === 'entrega' && lineas.has(m.lineaId))
      .map((m) => m.fecha)
      .sort()[0];
    if (!maquina || !entregada || maquina.horaExtra === null) return [];
    const { exceso, importe } = horasExtra({
      entrega: String(h.entrega),
      devolucion: String(h.devolucion),
      horasIncluidasDia: maquina.horasIncluidasDia,
      dias: diasInclusivos(entregada, maxFecha(entregada, finCobro)),
      horaExtra: maquina.horaExtra,
    });
    if (compareDecimals(importe, '0') <= 0) return [];
    const linea = filas.find((f) => lineas.has(f.id));
    return [
      {
        tipo: 'horas_extra' as const,
        articuloId: h.maquinaId,
        descripcion: M.horasExtra(
          maquina.codigo,
          formatNumero(exceso, 1),
          formatEuros(maquina.horaExtra),
        ),
        importe,
        tipoIva: linea?.tipoIva ?? 21,
      },
    ];
  });
};

/**
 * §2.7: an albarán dated in an invoiced period (on or before what an active invoice bills of its
 * line; a recogida by its fin de cobro) cannot be annulled: its invoice is rectified first.
 */
const comprobarAnulable = async (tx: Executor, alquilerId: string, albaranId: string) => {
  const hasta = new Map(
    (await lineasConFacturado(tx, alquilerId)).map((f) => [f.id, f.facturadoHasta]),
  );
  const afectado = (await movimientosDeAlquileres(tx, [alquilerId])).find((m) => {
    const facturado = hasta.get(m.lineaId);
    return m.albaranId === albaranId && facturado && (m.fechaFinCobro ?? m.fecha) <= facturado;
  });
  if (!afectado) return;
  const fecha = afectado.fechaFinCobro ?? afectado.fecha;
  const facturas =
    (await facturacionDeOrigenes(tx, { origenTipo: 'alquiler', origenIds: [alquilerId] })).get(
      alquilerId,
    ) ?? [];
  const factura =
    facturas.find((f) => f.origenLineaId === afectado.lineaId && (f.hasta ?? '') >= fecha) ??
    facturas.at(-1);
  throw conflicto(M.albaranFacturado(factura?.facturaNumero ?? 'borrador'));
};

/**
 * §2.7 `registrarMovimientoLogistico`: one call per albarán event. Movements go to the rental's
 * lines of that article, earliest start first; an article beyond its lines adds a line and
 * re-reserves. Every state is re-derived from the remaining movements (§3.2).
 */
export const registrarMovimientoLogistico = async (tx: Executor, e: EventoLogistico) => {
  const hoy = e.hoy ?? diaEnMadrid();
  const antes = await bloquearAlquiler(tx, e.alquilerId, hoy);
  if (antes.estado === 'cancelado') throw conflicto(M.alquilerCancelado(antes.numero));
  let filas = await lineasDeAlquiler(tx, e.alquilerId);
  if (e.evento === 'firmado') await firmarMovimientos(tx, e.alquilerId, e.albaran._id);
  else if (e.evento === 'anulado') {
    await comprobarAnulable(tx, e.alquilerId, e.albaran._id);
    await borrarDeAlbaran(tx, e.alquilerId, e.albaran._id);
  } else {
    const movimientos = await movimientosDeAlquileres(tx, [e.alquilerId]);
    const estados = new Map(filas.map((f) => [f.id, estadoDeLinea(f, movimientos, hoy)]));
    const nuevos: MovimientoInsert[] = [];
    const base = {
      alquilerId: e.alquilerId,
      tipo: e.albaran.tipo,
      fecha: e.fecha,
      fechaFinCobro: e.albaran.tipo === 'recogida' ? (e.fechaFinCobro ?? e.fecha) : null,
      albaranId: e.albaran._id,
      albaranNumero: e.albaran.numero,
      albaranTipo: e.albaran.tipo,
    };
    let anadidas = false;
    for (const item of e.lineas ?? []) {
      const candidatas = filas
        .filter((f) => f.clase === item.clase && articuloDe(f) === item.articuloId)
        .sort((a, b) =>
          (a.fechaInicio ?? a.fecha ?? '').localeCompare(b.fechaInicio ?? b.fecha ?? ''),
        );
      let resto = item.cantidad;
      for (const f of candidatas) {
        if (resto <= 0) break;
        const est = estados.get(f.id);
        const hueco =
          e.albaran.tipo === 'entrega'
            ? Number(f.cantidad) - (est?.entregada ?? 0)
            : (est?.fuera ?? 0);
        const n = Math.min(resto, Math.max(0, hueco));
        if (n > 0) {
          nuevos.push({ ...base, lineaId: f.id, cantidad: n });
          resto -= n;
        }
      }
      if (resto > 0 && e.albaran.tipo === 'entrega') {
        // An article beyond its lines: a new line at inventario's rate, reserved with the rest.
        const { lineas } = await resolverLineas(
          tx,
          [
            {
              clase: item.clase,
              ...(item.clase === 'maquina' ? { maquinaId: item.articuloId } : {}),
              ...(item.clase === 'andamio' ? { componenteId: item.articuloId } : {}),
              ...(item.clase === 'concepto'
                ? { conceptoId: item.articuloId, precio: item.precioUnitario }
                : {}),
              cantidad: String(resto),
              fechaInicio: e.fecha,
              fechaFin: maxFecha(antes.fechaFin, e.fecha),
              fecha: e.fecha,
              modoTarifa: 'optimo',
              diasMinimos: 1,
              descuentoPct: '0',
            },
          ],
          { fechaInicio: e.fecha, fechaFin: maxFecha(antes.fechaFin, e.fecha) },
        );
        const nueva = lineas[0];
        if (nueva) {
          const descripcion = `${nueva.descripcion} · ${M.lineaAnadida(e.albaran.numero)}`;
          const todas = [
            ...filas.map(({ alquilerId: _a, ...f }) => f),
            { ...nueva, orden: filas.length, descripcion },
          ];
          await guardarLineasAlquiler(tx, e.alquilerId, todas);
          nuevos.push({ ...base, lineaId: nueva.id, cantidad: resto });
          anadidas = true;
        }
      }
    }
    await insertMovimientos(tx, nuevos);
    const cargos = [
      ...(e.cargos ?? []),
      ...(e.albaran.tipo === 'recogida' && e.horas?.length
        ? await cargosPorHoras(tx, e, filas, base.fechaFinCobro ?? e.fecha)
        : []),
    ];
    if (cargos.length > 0)
      await insertCargos(
        tx,
        cargos.map((c) => ({
          alquilerId: e.alquilerId,
          tipo: c.tipo,
          descripcion: c.descripcion,
          fecha: e.fecha,
          importe: c.importe,
          tipoIva: c.tipoIva,
          albaranId: e.albaran._id,
          albaranNumero: e.albaran.numero,
        })),
      );
    if (anadidas) {
      filas = await lineasDeAlquiler(tx, e.alquilerId);
      await reservarLineas(tx, {
        origen: {
          tipo: 'alquiler',
          id: antes._id,
          numero: antes.numero,
          etiqueta: `${antes.numero} · ${antes.cliente?.nombre ?? ''}`,
        },
        lineas: filas,
        hoy,
        sustituir: true,
      });
    }
  }
  const movimientos = await movimientosDeAlquileres(tx, [e.alquilerId]);
  const estados = filas.map((f) => estadoDeLinea(f, movimientos, hoy));
  const estado: EstadoAlquiler = estadoDerivado(filas, estados, movimientos);
  await updateAlquiler(tx, e.alquilerId, { estado });
  const despues = await leerAlquiler(tx, e.alquilerId, hoy);
  if (antes.estado !== estado)
    await registrarHistorial(tx, {
      recurso: RECURSO_ALQUILER,
      registroId: e.alquilerId,
      empresa: 'alquileres',
      accion: 'cambiar_estado',
      antes: { estado: antes.estado },
      despues: { estado },
      campos: ['estado'],
    });
  return despues;
};

// ---- finanzas: the billing source `alquiler` (R19) ----------------------------------------

export type PeriodoPendiente = {
  origenTipo: 'alquiler';
  origenId: string;
  numero: string;
  clienteId: string;
  detalle: string | null;
  desde: string;
  hasta: string;
  baseEstimada: string;
};

export type LineaFacturable = {
  origenLineaId: string;
  conceptoId?: string;
  descripcion: string;
  cantidad: string;
  unidad: string;
  precioUnitario: string;
  descuentoPct: string;
  base: string;
  tipoIva: number;
  motivoIva0?: string;
  naturaleza: 'alquiler' | 'transporte' | 'servicio_obra' | 'otro';
  desde?: string;
  hasta?: string;
};

const NATURALEZA: Record<string, LineaFacturable['naturaleza']> = {
  alquiler: 'alquiler',
  seguro: 'alquiler',
  transporte: 'transporte',
  montaje: 'servicio_obra',
  desmontaje: 'servicio_obra',
};

type Concepto = Awaited<ReturnType<typeof findConceptos>>[number];

/** A line of `soloBase`: its base and nothing to show. */
const BASE_SOLA = {
  descripcion: '',
  cantidad: '1',
  unidad: 'periodo',
  precioUnitario: '0',
  descuentoPct: '0',
  tipoIva: 21,
  naturaleza: 'otro',
} as const;

/** What R19's amounts of one rental are computed from, read once (one rental or a whole run). */
type DatosFacturables = {
  alFinalizar: boolean;
  /** The rental's lines in their order. */
  filas: readonly AlquilerLineaRow[];
  /** Each line's movements, by date. */
  movimientos: ReadonlyMap<string, readonly MovimientoRow[]>;
  conceptos: ReadonlyMap<string, Concepto>;
  cargos: readonly CargoRow[];
};

/**
 * A line's billing lots from its movements, once per line however often a run asks (they do not
 * depend on the day: `estadoDeLinea` computes the same lots and much more a run does not read).
 */
const lotesPorLinea = (movimientos: ReadonlyMap<string, readonly MovimientoRow[]>) => {
  const hechos = new Map<string, Lote[]>();
  return (lineaId: string): Lote[] => {
    let lotes = hechos.get(lineaId);
    if (!lotes) {
      lotes = lotesDeLinea(
        (movimientos.get(lineaId) ?? []).map((m) => ({
          tipo: m.tipo as 'entrega' | 'recogida' | 'baja',
          fecha: m.fecha,
          fechaFinCobro: m.fechaFinCobro,
          cantidad: m.cantidad,
        })),
      );
      hechos.set(lineaId, lotes);
    }
    return lotes;
  };
};

const agrupar = <T, K>(filas: readonly T[], clave: (f: T) => K) => {
  const mapa = new Map<K, T[]>();
  for (const f of filas) {
    const lista = mapa.get(clave(f));
    if (lista) lista.push(f);
    else mapa.set(clave(f), [f]);
  }
  return mapa;
};

const conceptosDe = async (tx: Executor, filas: readonly AlquilerLineaRow[]) =>
  new Map(
    (
      await findConceptos(tx, [
        ...new Set(filas.map((f) => f.conceptoId).filter((c): c is string => Boolean(c))),
      ])
    ).map((c) => [c.id, c]),
  );

/**
 * R19: the amounts of one rental for the period `desde`–`hasta`, from its read data. `lotes`
 * gives a line's lots (a run shares one); with `soloBase` the lines' texts are left empty (the
 * run's `baseEstimada` reads only the bases).
 */
const lineasDelPeriodo = (
  d: DatosFacturables,
  desde: string,
  hasta: string,
  lotesDe: (lineaId: string) => readonly Lote[] = lotesPorLinea(d.movimientos),
  soloBase = false,
): LineaFacturable[] => {
  const { alFinalizar, filas, conceptos } = d;
  const salida: LineaFacturable[] = [];
  let alquilerPeriodo = '0';
  const tiempo = filas.filter((f) => tipoDeLinea(f.clase as ClaseArticulo, f.unidad) === 'tiempo');
  for (const f of tiempo) {
    const lotes = lotesDe(f.id);
    const importe = importePeriodo(aPrecio(f), lotes, desde, hasta);
    if (compareDecimals(importe, 0) === 0) continue;
    if (f.clase !== 'concepto') alquilerPeriodo = addDecimals(alquilerPeriodo, importe);
    if (soloBase) {
      salida.push({ ...BASE_SOLA, origenLineaId: f.id, base: importe });
      continue;
    }
    const unidades = lotes.reduce(
      (s, l) => s + (l.desde <= hasta && (l.hasta === null || l.hasta >= desde) ? l.cantidad : 0),
      0,
    );
    const dto =
      compareDecimals(f.descuentoPct, 0) > 0
        ? ` · dto. ${f.descuentoPct.replace(/\.?0+$/, '')} %`
        : '';
    salida.push({
      origenLineaId: f.id,
      ...(f.conceptoId ? { conceptoId: f.conceptoId } : {}),
      descripcion: `${f.descripcion} · ${unidades} ud. · ${formatFecha(desde)}–${formatFecha(hasta)}${dto}`,
      cantidad: '1',
      unidad: 'periodo',
      precioUnitario: importe,
      descuentoPct: '0',
      base: importe,
      tipoIva: f.tipoIva,
      ...(f.motivoIva0 ? { motivoIva0: f.motivoIva0 } : {}),
      naturaleza: f.conceptoId
        ? (NATURALEZA[conceptos.get(f.conceptoId)?.tipo ?? ''] ?? 'otro')
        : 'alquiler',
      desde,
      hasta,
    });
  }
  for (const f of filas) {
    const tipo = tipoDeLinea(f.clase as ClaseArticulo, f.unidad);
    if (tipo === 'tiempo') continue;
    const enPeriodo = alFinalizar || (f.fecha !== null && f.fecha >= desde && f.fecha <= hasta);
    if (tipo === 'puntual' && !enPeriodo) continue;
    const puntual = tipo === 'puntual';
    const base = puntual
      ? lineBase({ cantidad: f.cantidad, precio: f.precio ?? '0', descuentoPct: f.descuentoPct })
      : basePorcentaje(aPrecio(f), alquilerPeriodo);
    if (!puntual && compareDecimals(base, 0) === 0) continue;
    if (soloBase) {
      salida.push({ ...BASE_SOLA, origenLineaId: f.id, base });
      continue;
    }
    salida.push({
      origenLineaId: f.id,
      ...(f.conceptoId ? { conceptoId: f.conceptoId } : {}),
      descripcion: f.descripcion,
      cantidad: puntual ? f.cantidad : '1',
      unidad: puntual ? f.unidad : 'periodo',
      precioUnitario: puntual ? (f.precio ?? '0') : base,
      descuentoPct: puntual ? f.descuentoPct : '0',
      base,
      tipoIva: f.tipoIva,
      ...(f.motivoIva0 ? { motivoIva0: f.motivoIva0 } : {}),
      naturaleza: f.conceptoId
        ? (NATURALEZA[conceptos.get(f.conceptoId)?.tipo ?? ''] ?? 'otro')
        : 'otro',
    });
  }
  for (const c of d.cargos) {
    if (!alFinalizar && (c.fecha < desde || c.fecha > hasta)) continue;
    salida.push({
      origenLineaId: c.id,
      descripcion: c.descripcion,
      cantidad: '1',
      unidad: 'unidad',
      precioUnitario: c.importe,
      descuentoPct: '0',
      base: c.importe,
      tipoIva: c.tipoIva,
      naturaleza: 'otro',
    });
  }
  return salida;
};

/** R19 `lineas(desde, hasta)`: the period's amounts of one rental. */
export const lineasFacturables = async (
  tx: Executor,
  {
    origenId,
    desde,
    hasta,
  }: { origenTipo: 'alquiler'; origenId: string; desde: string; hasta: string },
  // The port's day (a line's lots do not depend on it; the amounts are the period's).
  _hoy = diaEnMadrid(),
): Promise<LineaFacturable[]> => {
  const leido = idValido(origenId) ? await findAlquiler(tx, origenId) : undefined;
  if (!leido) throw notFound(M.alquilerNoEncontrado);
  const filas = await lineasDeAlquiler(tx, origenId);
  const datos: DatosFacturables = {
    alFinalizar: leido.row.facturacion === 'al_finalizar',
    filas,
    movimientos: agrupar(await movimientosDeAlquileres(tx, [origenId]), (m) => m.lineaId),
    conceptos: await conceptosDe(tx, filas),
    cargos: await cargosDeAlquiler(tx, origenId),
  };
  return lineasDelPeriodo(datos, desde, hasta);
};

/**
 * R19 `pendientes(hasta)`: rentals with something to bill up to `hasta`, oldest first. The
 * database leaves out those that cannot have any (`alquileresFacturables`); the rest are read in
 * five statements, whatever their number, and their periods computed here.
 */
export const pendientesFacturacion = async (
  tx: Executor,
  {
    empresa,
    hasta,
    clienteId,
    desde: desdeMin,
  }: { empresa: string; hasta: string; clienteId?: string | undefined; desde?: string | undefined },
  hoy = diaEnMadrid(),
): Promise<PeriodoPendiente[]> => {
  const filas = await alquileresFacturables(tx, { empresa, hasta, clienteId, desde: desdeMin });
  if (filas.length === 0) return [];
  const ids = filas.map((f) => f.row.id);
  const todas = await lineasDeAlquileres(tx, ids);
  const lineas = agrupar(todas, (l) => l.alquilerId);
  const movimientos = agrupar(await movimientosDeAlquileres(tx, ids), (m) => m.lineaId);
  const cargos = agrupar(await cargosDeAlquileres(tx, ids), (c) => c.alquilerId);
  const conceptos = await conceptosDe(tx, todas);
  // §2.7: `desde` is the day after the alquiler's last active billed period (finanzas' view).
  const facturado = await facturacionDeOrigenes(tx, { origenTipo: 'alquiler', origenIds: ids });
  const corte = minFecha(hoy, hasta);
  const lotesDe = lotesPorLinea(movimientos);
  const salida: PeriodoPendiente[] = [];
  for (const { row } of filas) {
    const propias = lineas.get(row.id) ?? [];
    // The rental's time on site is its material's: a concepto delivered on an albarán (portes,
    // montaje) is never returned, so it would keep the period open for ever.
    const material = propias.filter((l) => l.clase !== 'concepto');
    const periodos = (material.length > 0 ? material : propias)
      .map((l) => periodoFacturable(lotesDe(l.id), corte))
      .filter((p): p is { desde: string; hasta: string } => p !== null);
    if (periodos.length === 0) continue;
    if (row.facturacion === 'al_finalizar' && row.estado !== 'finalizado') continue;
    const primero = periodos.map((p) => p.desde).sort()[0] as string;
    const ultimoFacturado = (facturado.get(row.id) ?? [])
      .map((f) => f.hasta)
      .filter((h): h is string => Boolean(h))
      .sort()
      .at(-1);
    const desdeLibre = ultimoFacturado ? maxFecha(primero, sumarDias(ultimoFacturado, 1)) : primero;
    const desde = desdeMin ? maxFecha(desdeMin, desdeLibre) : desdeLibre;
    const ultimoDia = periodos
      .map((p) => p.hasta)
      .sort()
      .at(-1) as string;
    // A returned rental has nothing to bill after its last day on rent.
    const fin = row.facturacion === 'al_finalizar' ? ultimoDia : minFecha(hasta, ultimoDia);
    if (desde > fin) continue;
    const detalle = lineasDelPeriodo(
      {
        alFinalizar: row.facturacion === 'al_finalizar',
        filas: propias,
        movimientos,
        conceptos,
        cargos: cargos.get(row.id) ?? [],
      },
      desde,
      fin,
      lotesDe,
      true,
    );
    salida.push({
      origenTipo: 'alquiler',
      origenId: row.id,
      numero: row.numero,
      clienteId: row.clienteId,
      detalle: row.obraNombre,
      desde,
      hasta: fin,
      baseEstimada: sumDecimals(detalle.map((d) => d.base)),
    });
  }
  return salida;
};

/** The next period the detail's "Facturación" tab proposes (no invoices until finanzas exists). */
export const proximoPeriodo = async (tx: Executor, id: string, hoy: string) => {
  const leido = await findAlquiler(tx, id);
  if (!leido) return null;
  const finMes = sumarDias(`${hoy.slice(0, 7)}-01`, -1);
  const [p] = await pendientesFacturacion(
    tx,
    { empresa: 'alquileres', hasta: finMes >= leido.row.fechaInicio ? finMes : hoy },
    hoy,
  ).then((r) => r.filter((x) => x.origenId === id));
  return p ? { desde: p.desde, hasta: p.hasta, baseEstimada: p.baseEstimada } : null;
};
