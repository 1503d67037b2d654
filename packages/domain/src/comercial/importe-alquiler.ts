import { plural } from '../format/es-es.js';
import { exactDecimal, powerOfTen, toDecimal } from '../money/decimal.js';

// The one rate function of the rental modules (comercial.md §4 R2–R4): comercial's lines,
// inventario's previews and, through comercial, finanzas' period lines all price with it.

/** A "mes" is 30 days and a "semana" 7 (comercial.md R3). */
export const DIAS_POR_MES = 30;
export const DIAS_POR_SEMANA = 7;
/** The longest period priced: 10 years, well above a line's 1.825 days. */
export const MAX_DIAS_ALQUILER = 3650;

/** `optimo` is R3's cheapest mix; the others force one unit (R4). */
export const MODOS_TARIFA = ['optimo', 'dia', 'semana', 'mes'] as const;
export type ModoTarifa = (typeof MODOS_TARIFA)[number];

/**
 * The 400 texts of a tariff that cannot price the line (R4, and comercial's catalogue for the day
 * price). The API prefixes the field's path: "lineas[0].precioSemana: La tarifa por semanas…".
 */
export const IMPORTE_ALQUILER_MESSAGES = {
  precioDiaObligatorio: 'El precio por día es obligatorio',
  semanaSinPrecio: 'La tarifa por semanas necesita precio por semana',
  mesSinPrecio: 'La tarifa por meses necesita precio por mes',
} as const;

export type ImporteAlquilerInput = {
  /** Rented days, both ends included (R1): an integer 1–3650. */
  dias: number;
  /** Unit prices as decimal strings (`numeric(14,4)`); null or absent removes that unit (R3). */
  precioDia: string | null;
  precioSemana?: string | null;
  precioMes?: string | null;
  /** R2: the line bills at least this many days. Default 1. */
  diasMinimos?: number;
  /** Default `optimo`. */
  modoTarifa?: ModoTarifa;
};

export type ImporteAlquiler = {
  /**
   * The cost of the billed days, exact (at least 2 decimals, more if the prices have them):
   * R5 rounds only the line base, round2(cantidad × importe × (1 − dto/100)).
   */
  importe: string;
  meses: number;
  semanas: number;
  /** Units billed at the day price (not the rented days). */
  dias: number;
  /** max(dias, diasMinimos) (R2). */
  diasFacturables: number;
  /** "1 semana + 3 días", "2 meses", "1 mes (mínimo 30 días)". */
  desglose: string;
};

export type TarifaIncompleta = {
  campo: 'precioDia' | 'precioSemana' | 'precioMes';
  message: string;
};

/** Thrown by `importeAlquiler` when the tariff cannot price the line; check first to answer 400. */
export class TarifaIncompletaError extends Error {
  readonly campo: TarifaIncompleta['campo'];

  constructor({ campo, message }: TarifaIncompleta) {
    super(message);
    this.name = 'TarifaIncompletaError';
    this.campo = campo;
  }
}

const present = (price: string | null | undefined): price is string =>
  price !== null && price !== undefined;

/**
 * Why a tariff cannot price a line, or null when it can: a forced unit without its price (R4),
 * or `optimo` with no price at all. Schemas call it to put the message on the field.
 */
export const tarifaIncompleta = ({
  precioDia,
  precioSemana,
  precioMes,
  modoTarifa = 'optimo',
}: Omit<ImporteAlquilerInput, 'dias'>): TarifaIncompleta | null => {
  const M = IMPORTE_ALQUILER_MESSAGES;
  const missing: Record<ModoTarifa, boolean> = {
    optimo: ![precioDia, precioSemana, precioMes].some(present),
    dia: !present(precioDia),
    semana: !present(precioSemana),
    mes: !present(precioMes),
  };
  if (!missing[modoTarifa]) return null;
  if (modoTarifa === 'semana') return { campo: 'precioSemana', message: M.semanaSinPrecio };
  if (modoTarifa === 'mes') return { campo: 'precioMes', message: M.mesSinPrecio };
  return { campo: 'precioDia', message: M.precioDiaObligatorio };
};

/** How many of each unit a period bills. */
export type UnidadesAlquiler = { meses: number; semanas: number; dias: number };

/** Prices as integers of one common scale, so the search compares exactly and fast. */
const scaled = (prices: readonly (string | null)[]) => {
  const decimals = Math.max(0, ...prices.filter(present).map((p) => p.split('.')[1]?.length ?? 0));
  const factor = powerOfTen(decimals);
  const toUnits = (price: string | null): bigint | null => {
    if (!present(price)) return null;
    const value = toDecimal(price);
    if (value.lt('0')) throw new RangeError(`A price cannot be negative: "${price}"`);
    return BigInt(value.times(factor).toFixed(0));
  };
  return { units: prices.map(toUnits), factor };
};

const costOf = (mix: UnidadesAlquiler, [day, week, month]: readonly (bigint | null)[]): bigint =>
  BigInt(mix.meses) * (month ?? 0n) +
  BigInt(mix.semanas) * (week ?? 0n) +
  BigInt(mix.dias) * (day ?? 0n);

const unitsOf = ({ meses, semanas, dias }: UnidadesAlquiler): number => meses + semanas + dias;

const isBetter = (
  a: { mix: UnidadesAlquiler; cost: bigint },
  b: { mix: UnidadesAlquiler; cost: bigint },
): boolean => {
  if (a.cost !== b.cost) return a.cost < b.cost;
  if (unitsOf(a.mix) !== unitsOf(b.mix)) return unitsOf(a.mix) < unitsOf(b.mix);
  if (a.mix.meses !== b.mix.meses) return a.mix.meses > b.mix.meses;
  return a.mix.semanas > b.mix.semanas;
};

/** `cheapestMix` in numbers: the same mixes in the same order, the same ties. */
const cheapestMixNumber = (
  n: number,
  day: bigint | null,
  week: bigint | null,
  month: bigint | null,
): UnidadesAlquiler => {
  const d = day === null ? 0 : Number(day);
  const w = week === null ? 0 : Number(week);
  const m = month === null ? 0 : Number(month);
  let bestMeses = -1;
  let bestSemanas = 0;
  let bestDias = 0;
  let bestCost = 0;
  const maxMeses = month === null ? 0 : Math.ceil(n / DIAS_POR_MES);
  for (let meses = 0; meses <= maxMeses; meses += 1) {
    const afterMonths = n - meses * DIAS_POR_MES;
    const maxSemanas = week === null ? 0 : Math.max(0, Math.ceil(afterMonths / DIAS_POR_SEMANA));
    for (let semanas = 0; semanas <= maxSemanas; semanas += 1) {
      const dias = Math.max(0, afterMonths - semanas * DIAS_POR_SEMANA);
      if (dias > 0 && day === null) continue;
      const cost = meses * m + semanas * w + dias * d;
      const better =
        bestMeses < 0 ||
        (cost !== bestCost
          ? cost < bestCost
          : meses + semanas + dias !== bestMeses + bestSemanas + bestDias
            ? meses + semanas + dias < bestMeses + bestSemanas + bestDias
            : meses !== bestMeses
              ? meses > bestMeses
              : semanas > bestSemanas);
      if (better) {
        bestMeses = meses;
        bestSemanas = semanas;
        bestDias = dias;
        bestCost = cost;
      }
    }
  }
  if (bestMeses < 0) throw new RangeError('No price to cover the days');
  return { meses: bestMeses, semanas: bestSemanas, dias: bestDias };
};

/**
 * R3: the cheapest (m, s, d) with 30m + 7s + d ≥ n, a null price's count fixed at 0. Ties: fewest
 * units, then more months, then more weeks. Exhaustive over m ≤ ceil(n/30) and s ≤ ceil(n/7)
 * (more of either only adds cost and units); d is then the days still uncovered. n ≤ 3650 means
 * at most 123 × 523 mixes.
 */
const cheapestMix = (n: number, prices: readonly (bigint | null)[]): UnidadesAlquiler => {
  const [day = null, week = null, month = null] = prices;
  // The same search in plain numbers when no mix can cost more than a double holds exactly (any
  // real tariff: 10 years at 10 M€ a day in 1/10,000 €): no BigInt and no object per mix, which
  // made the billing run's JS half (decision 0032, revision "h-fin").
  const most = (p: bigint | null, count: number) => (p ?? 0n) * BigInt(count);
  if (
    most(day, n) +
      most(week, Math.ceil(n / DIAS_POR_SEMANA)) +
      most(month, Math.ceil(n / DIAS_POR_MES)) <=
    BigInt(Number.MAX_SAFE_INTEGER)
  )
    return cheapestMixNumber(n, day, week, month);
  let best: { mix: UnidadesAlquiler; cost: bigint } | null = null;
  const maxMeses = month === null ? 0 : Math.ceil(n / DIAS_POR_MES);
  for (let meses = 0; meses <= maxMeses; meses += 1) {
    const afterMonths = n - meses * DIAS_POR_MES;
    const maxSemanas = week === null ? 0 : Math.max(0, Math.ceil(afterMonths / DIAS_POR_SEMANA));
    for (let semanas = 0; semanas <= maxSemanas; semanas += 1) {
      const dias = Math.max(0, afterMonths - semanas * DIAS_POR_SEMANA);
      if (dias > 0 && day === null) continue;
      const mix = { meses, semanas, dias };
      const cost = costOf(mix, prices);
      if (best === null || isBetter({ mix, cost }, best)) best = { mix, cost };
    }
  }
  // Unreachable: `tarifaIncompleta` let through only tariffs with a price, and any one unit
  // repeated covers n.
  if (best === null) throw new RangeError('No price to cover the days');
  return best.mix;
};

/** R4: n·D, ceil(n/7)·W or ceil(n/30)·M. */
const forcedMix = (n: number, modo: Exclude<ModoTarifa, 'optimo'>): UnidadesAlquiler => ({
  meses: modo === 'mes' ? Math.ceil(n / DIAS_POR_MES) : 0,
  semanas: modo === 'semana' ? Math.ceil(n / DIAS_POR_SEMANA) : 0,
  dias: modo === 'dia' ? n : 0,
});

/**
 * "1 mes + 2 semanas + 1 día": the non-zero units, largest first, each by the plural rule; with
 * R2's minimum in force, " (mínimo 30 días)" after it.
 */
export const desgloseAlquiler = (mix: UnidadesAlquiler, diasMinimos?: number): string => {
  const units = [
    mix.meses > 0 ? plural(mix.meses, 'mes', 'meses') : null,
    mix.semanas > 0 ? plural(mix.semanas, 'semana', 'semanas') : null,
    mix.dias > 0 ? plural(mix.dias, 'día', 'días') : null,
  ].filter((unit) => unit !== null);
  const text = units.join(' + ');
  return diasMinimos === undefined
    ? text
    : `${text} (mínimo ${plural(diasMinimos, 'día', 'días')})`;
};

const assertDays = (name: string, value: number, max: number): void => {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be an integer from 1 to ${max}: ${value}`);
  }
};

/**
 * The price of renting one unit for `dias` days (comercial.md R2–R4):
 * - R2: the billed days are max(dias, diasMinimos); the desglose then says "(mínimo N días)";
 * - R3 (`optimo`): the cheapest mix of 30-day months, weeks and days covering them, covering
 *   more days than rented allowed, a null price removing its unit, ties to fewest units, then
 *   more months, then more weeks. MEX-001 (95 / 380 / 1.100): 10 días → 665 "1 semana + 3 días";
 *   45 → 1.955 "1 mes + 2 semanas + 1 día";
 * - R4 (`dia`, `semana`, `mes`): n·D, ceil(n/7)·W, ceil(n/30)·M.
 * A tariff that cannot price the line throws TarifaIncompletaError (see `tarifaIncompleta`).
 */
export const importeAlquiler = (input: ImporteAlquilerInput): ImporteAlquiler => {
  const clave = `${input.dias}|${input.diasMinimos ?? 1}|${input.modoTarifa ?? 'optimo'}|${input.precioDia}|${input.precioSemana ?? null}|${input.precioMes ?? null}`;
  const leido = calculados.get(clave);
  if (leido) return { ...leido };
  const calculado = calcularImporte(input);
  // A run prices the same tariff for the same days many times (a billing run's lots, a list's
  // lines): the last answers are kept, a few thousand at most.
  if (calculados.size >= MAX_CALCULADOS) calculados.clear();
  calculados.set(clave, calculado);
  return { ...calculado };
};

const MAX_CALCULADOS = 5000;
const calculados = new Map<string, ImporteAlquiler>();

const calcularImporte = (input: ImporteAlquilerInput): ImporteAlquiler => {
  const { dias, diasMinimos = 1, modoTarifa = 'optimo' } = input;
  assertDays('dias', dias, MAX_DIAS_ALQUILER);
  assertDays('diasMinimos', diasMinimos, MAX_DIAS_ALQUILER);
  const problem = tarifaIncompleta(input);
  if (problem) throw new TarifaIncompletaError(problem);

  const diasFacturables = Math.max(dias, diasMinimos);
  const { units, factor } = scaled([
    input.precioDia,
    input.precioSemana ?? null,
    input.precioMes ?? null,
  ]);
  const mix =
    modoTarifa === 'optimo'
      ? cheapestMix(diasFacturables, units)
      : forcedMix(diasFacturables, modoTarifa);
  const importe = toDecimal(costOf(mix, units).toString()).div(factor);
  return {
    importe: exactDecimal(importe, 2),
    ...mix,
    diasFacturables,
    desglose: desgloseAlquiler(mix, diasMinimos > dias ? diasMinimos : undefined),
  };
};
