import { randomUUID } from 'node:crypto';
import {
  calcularLineas,
  COMERCIAL_MESSAGES as M,
  diasDeLinea,
  errorTarifa,
  MAX_DIAS_LINEA,
  tipoDeLinea,
  totalesDeLineas,
  type Linea,
  type LineaParsed,
  type LineaPrecio,
  type ModoTarifa,
} from '@tvsistema/domain/comercial';
import { addDecimals } from '@tvsistema/domain/money';
import type { Executor } from '../../db/executor.js';
import { invalidData } from '../../http/errors.js';
import {
  findComponentes,
  findConceptos,
  findMaquinas,
  type LineaInsert,
  type LineaRow,
} from './comercial.repository.js';

// §2.1 and R7: a document's lines as the body sends them become stored lines — the item checked,
// its description, unit, prices and IVA copied when the line is added (kept afterwards), the
// dates defaulted to the document's — and then priced (R1–R6).

export type LineaGuardada = Omit<LineaInsert, 'id'> & { id: string };

type Fechas = { fechaInicio: string; fechaFin: string };

const descripcionMaquina = (m: {
  codigo: string;
  marca: string;
  modelo: string;
  numeroSerie: string;
}) => `${m.codigo} — ${m.marca} ${m.modelo} (nº serie ${m.numeroSerie})`;

/**
 * The body's lines → stored lines. `previas`: the document's stored lines by id (an `_id` that is
 * one of them keeps its prices unless the body sends others). 400 naming `lineas[i].campo`.
 * Concept templates of tipo `fianza` are no line: their amount goes to the document's fianza.
 */
export const resolverLineas = async (
  tx: Executor,
  entrada: readonly LineaParsed[],
  fechas: Fechas,
  previas: ReadonlyMap<string, Omit<LineaRow, 'presupuestoId'>> = new Map(),
  { conFechas = true }: { conFechas?: boolean } = {},
): Promise<{ lineas: LineaGuardada[]; fianzaConceptos: string }> => {
  const ids = (clase: LineaParsed['clase'], campo: 'maquinaId' | 'componenteId' | 'conceptoId') =>
    entrada.filter((l) => l.clase === clase && l[campo]).map((l) => l[campo] as string);
  const maquinas = new Map(
    (await findMaquinas(tx, ids('maquina', 'maquinaId'))).map((m) => [m.id, m]),
  );
  const componentes = new Map(
    (await findComponentes(tx, ids('andamio', 'componenteId'))).map((c) => [c.id, c]),
  );
  const conceptos = new Map(
    (await findConceptos(tx, ids('concepto', 'conceptoId'))).map((c) => [c.id, c]),
  );
  const errors: string[] = [];
  const lineas: LineaGuardada[] = [];
  let fianzaConceptos = '0';
  entrada.forEach((l, i) => {
    const previa = l._id ? previas.get(l._id) : undefined;
    const campo = (nombre: string, mensaje: string) =>
      errors.push(`lineas[${i}].${nombre}: ${mensaje}`);
    let codigo: string;
    let descripcion: string;
    let unidad: string;
    let cantidad = l.cantidad ?? '1';
    let tarifa: {
      dia: string | null;
      semana: string | null;
      mes: string | null;
      precio: string | null;
    };
    let tipoIva = 21;
    let motivoIva0: string | null = null;
    let ref: Pick<LineaInsert, 'maquinaId' | 'componenteId' | 'conceptoId'>;
    if (l.clase === 'maquina') {
      const m = l.maquinaId ? maquinas.get(l.maquinaId) : undefined;
      if (!m || m.estado === 'baja')
        return campo('maquinaId', m ? `${m.codigo} está dada de baja` : M.articuloNoValido);
      codigo = m.codigo;
      descripcion = descripcionMaquina(m);
      unidad = 'ud.';
      cantidad = '1';
      tarifa = { dia: m.tarifaDia, semana: m.tarifaSemana, mes: m.tarifaMes, precio: null };
      ref = { maquinaId: m.id, componenteId: null, conceptoId: null };
    } else if (l.clase === 'andamio') {
      const c = l.componenteId ? componentes.get(l.componenteId) : undefined;
      if (!c || !c.activo) return campo('componenteId', M.articuloNoValido);
      codigo = c.codigo;
      descripcion = `${c.codigo} — ${c.nombre}`;
      unidad = 'ud.';
      if (!/^\d+(\.0+)?$/.test(cantidad) || Number(cantidad) > 100000)
        campo('cantidad', M.cantidadEntera);
      cantidad = String(Math.trunc(Number(cantidad)));
      tarifa = { dia: c.precioDia, semana: c.precioSemana, mes: c.precioMes, precio: null };
      ref = { maquinaId: null, componenteId: c.id, conceptoId: null };
    } else {
      const c = l.conceptoId ? conceptos.get(l.conceptoId) : undefined;
      if (!c || !c.activo) return campo('conceptoId', M.articuloNoValido);
      if (c.tipo === 'fianza') {
        fianzaConceptos = addDecimals(fianzaConceptos, l.precio ?? c.precio);
        return;
      }
      codigo = c.codigo;
      descripcion = c.nombre;
      unidad = c.unidad;
      tarifa = { dia: null, semana: null, mes: null, precio: c.precio };
      tipoIva = c.tipoIva;
      motivoIva0 = c.motivoIva0;
      ref = { maquinaId: null, componenteId: null, conceptoId: c.id };
    }
    // R7: a kept line keeps its snapshot; a new one copies the item's tariff.
    const mismoArticulo =
      previa &&
      previa.maquinaId === (ref.maquinaId ?? null) &&
      previa.componenteId === (ref.componenteId ?? null) &&
      previa.conceptoId === (ref.conceptoId ?? null);
    const base = mismoArticulo
      ? {
          dia: previa.precioDia,
          semana: previa.precioSemana,
          mes: previa.precioMes,
          precio: previa.precio,
        }
      : tarifa;
    const elegir = (enviado: string | null | undefined, guardado: string | null) =>
      enviado === undefined ? guardado : enviado;
    const tipo = tipoDeLinea(l.clase, unidad);
    const desmontaje = l.clase === 'concepto' && descripcion.toLowerCase().includes('desmontaje');
    const fechaInicio =
      tipo === 'tiempo' && conFechas ? (l.fechaInicio ?? fechas.fechaInicio) : null;
    const fechaFin = tipo === 'tiempo' && conFechas ? (l.fechaFin ?? fechas.fechaFin) : null;
    const fecha =
      tipo !== 'tiempo' && conFechas
        ? (l.fecha ?? (desmontaje ? fechas.fechaFin : fechas.fechaInicio))
        : null;
    if (fechaInicio && fechaFin) {
      if (fechaFin < fechaInicio) campo('fechaFin', M.fechaFinAnterior);
      else if (diasDeLinea(fechaInicio, fechaFin) > MAX_DIAS_LINEA)
        campo('fechaFin', M.periodoMaximo);
    }
    // §2.1: the IVA the body chose (any editor may, as the prices), else the kept or the item's.
    const ivaLinea = l.tipoIva ?? (mismoArticulo ? previa.tipoIva : tipoIva);
    const linea: LineaGuardada = {
      id: previa ? previa.id : randomUUID(),
      orden: lineas.length,
      clase: l.clase,
      ...ref,
      codigo,
      descripcion: l.descripcion ?? (mismoArticulo ? previa.descripcion : descripcion),
      cantidad,
      unidad,
      fechaInicio,
      fechaFin,
      fecha,
      modoTarifa: l.clase === 'concepto' ? 'optimo' : l.modoTarifa,
      diasMinimos: l.diasMinimos,
      precioDia: l.clase === 'concepto' ? null : elegir(l.precioDia, base.dia),
      precioSemana: l.clase === 'concepto' ? null : elegir(l.precioSemana, base.semana),
      precioMes: l.clase === 'concepto' ? null : elegir(l.precioMes, base.mes),
      precio: l.clase === 'concepto' ? elegir(l.precio, base.precio) : null,
      descuentoPct: l.descuentoPct,
      tipoIva: ivaLinea,
      motivoIva0:
        ivaLinea === 0
          ? (l.motivoIva0 ?? (mismoArticulo ? previa.motivoIva0 : motivoIva0) ?? 'no_sujeta')
          : null,
    };
    const problema = errorTarifa(aPrecio(linea), i);
    if (problema) errors.push(problema);
    lineas.push(linea);
  });
  // R8: one machine twice on overlapping dates (j = the later line).
  lineas.forEach((b, j) => {
    if (!b.maquinaId || !b.fechaInicio || !b.fechaFin) return;
    const solapa = lineas
      .slice(0, j)
      .some(
        (a) =>
          a.maquinaId === b.maquinaId &&
          Boolean(a.fechaInicio && a.fechaFin) &&
          (a.fechaInicio as string) <= (b.fechaFin as string) &&
          (b.fechaInicio as string) <= (a.fechaFin as string),
      );
    if (solapa) errors.push(`lineas[${j}].maquinaId: ${M.maquinaRepetida}`);
  });
  if (errors.length > 0) throw invalidData(errors);
  return { lineas, fianzaConceptos };
};

/**
 * R7 "Actualizar precios": stored lines with the tariffs their items have today; everything else
 * (dates, quantities, discounts, descriptions) stays. An item gone (de baja, inactive) keeps its
 * snapshot, and so does every line `fijas` names (an invoiced one, R20).
 */
export const conTarifasActuales = async <L extends Omit<LineaInsert, 'id'> & { id: string }>(
  tx: Executor,
  filas: readonly L[],
  fijas: ReadonlySet<string> = new Set(),
): Promise<L[]> => {
  const ids = (campo: 'maquinaId' | 'componenteId' | 'conceptoId') =>
    filas.map((f) => f[campo]).filter((id): id is string => Boolean(id));
  const maquinas = new Map((await findMaquinas(tx, ids('maquinaId'))).map((m) => [m.id, m]));
  const componentes = new Map(
    (await findComponentes(tx, ids('componenteId'))).map((c) => [c.id, c]),
  );
  const conceptos = new Map((await findConceptos(tx, ids('conceptoId'))).map((c) => [c.id, c]));
  return filas.map((f) => {
    if (fijas.has(f.id)) return f;
    const m = f.maquinaId ? maquinas.get(f.maquinaId) : undefined;
    if (m && m.estado !== 'baja')
      return { ...f, precioDia: m.tarifaDia, precioSemana: m.tarifaSemana, precioMes: m.tarifaMes };
    const c = f.componenteId ? componentes.get(f.componenteId) : undefined;
    if (c && c.activo)
      return { ...f, precioDia: c.precioDia, precioSemana: c.precioSemana, precioMes: c.precioMes };
    const k = f.conceptoId ? conceptos.get(f.conceptoId) : undefined;
    if (k && k.activo) return { ...f, precio: k.precio };
    return f;
  });
};

/** What pricing reads of a stored line. */
export const aPrecio = (
  l: Omit<LineaInsert, 'id'> | Omit<LineaRow, 'presupuestoId'>,
): LineaPrecio => ({
  clase: l.clase as LineaPrecio['clase'],
  unidad: l.unidad,
  cantidad: l.cantidad,
  fechaInicio: l.fechaInicio ?? null,
  fechaFin: l.fechaFin ?? null,
  modoTarifa: (l.modoTarifa ?? 'optimo') as ModoTarifa,
  diasMinimos: l.diasMinimos ?? 1,
  precioDia: l.precioDia ?? null,
  precioSemana: l.precioSemana ?? null,
  precioMes: l.precioMes ?? null,
  precio: l.precio ?? null,
  descuentoPct: l.descuentoPct ?? '0',
  tipoIva: l.tipoIva ?? 21,
});

/** Stored lines → the answer's lines with R1–R5 and the document's totals (R6). */
export const lineasCalculadas = (
  filas: readonly (Omit<LineaRow, 'presupuestoId'> | LineaGuardada)[],
) => {
  const calculo = calcularLineas(filas.map(aPrecio));
  const lineas: Linea[] = filas.map((f, i) => {
    const c = calculo[i] as (typeof calculo)[number];
    return {
      _id: f.id,
      orden: f.orden,
      clase: f.clase as Linea['clase'],
      maquinaId: f.maquinaId ?? null,
      componenteId: f.componenteId ?? null,
      conceptoId: f.conceptoId ?? null,
      codigo: f.codigo ?? null,
      descripcion: f.descripcion,
      cantidad: f.cantidad,
      unidad: f.unidad,
      fechaInicio: f.fechaInicio ?? null,
      fechaFin: f.fechaFin ?? null,
      fecha: f.fecha ?? null,
      modoTarifa: (f.modoTarifa ?? 'optimo') as ModoTarifa,
      diasMinimos: f.diasMinimos ?? 1,
      precioDia: f.precioDia ?? null,
      precioSemana: f.precioSemana ?? null,
      precioMes: f.precioMes ?? null,
      precio: f.precio ?? null,
      descuentoPct: f.descuentoPct ?? '0',
      tipoIva: f.tipoIva ?? 21,
      motivoIva0: f.motivoIva0 ?? null,
      ...c,
    };
  });
  return { lineas, totales: totalesDeLineas(lineas) };
};

/** The maquina and andamio lines as inventario's `recursos` (§2.6). */
export const recursosDe = (lineas: readonly (Omit<LineaRow, 'presupuestoId'> | LineaGuardada)[]) =>
  lineas
    .map((l, indice) => ({ l, indice }))
    .filter(({ l }) => (l.maquinaId || l.componenteId) && l.fechaInicio && l.fechaFin)
    .map(({ l, indice }) => ({
      indice,
      recurso: {
        lineaId: l.id,
        maquinaId: l.maquinaId ?? undefined,
        componenteId: l.componenteId ?? undefined,
        cantidad: Number(l.cantidad),
        desde: l.fechaInicio as string,
        hasta: l.fechaFin as string,
      },
    }));

/** The earliest start and latest end of the time lines (a rental's own dates). */
export const extremos = (
  lineas: readonly {
    fechaInicio?: string | null;
    fechaFin?: string | null;
    fecha?: string | null;
  }[],
  defecto: Fechas,
): Fechas => {
  const inicios = lineas
    .flatMap((l) => [l.fechaInicio, l.fecha])
    .filter((f): f is string => Boolean(f))
    .sort();
  const fines = lineas
    .flatMap((l) => [l.fechaFin, l.fecha])
    .filter((f): f is string => Boolean(f))
    .sort();
  return {
    fechaInicio: inicios[0] ?? defecto.fechaInicio,
    fechaFin: fines.at(-1) ?? defecto.fechaFin,
  };
};
