import { z } from '../zod-es.js';
import { diasInclusivos, fechaSchema } from '../fechas/fechas.js';
import { MOTIVOS_IVA_0 } from '../fiscal/iva.js';
import { round2, toDecimal } from '../money/decimal.js';
import { lineBase, totales, TIPOS_IVA, type TipoIva } from '../money/importes.js';
import { textSchema } from '../text/text.js';
import {
  importeAlquiler,
  MODOS_TARIFA,
  tarifaIncompleta,
  type ModoTarifa,
} from './importe-alquiler.js';
import { COMERCIAL_MESSAGES as M } from './mensajes.js';

// §2.1 the line shared by presupuestos, plantillas and alquileres, and R1–R6: what a line costs
// and what a document totals. The API prices with these functions; the form previews with them.

export const CLASES_LINEA = ['maquina', 'andamio', 'concepto'] as const;
export type ClaseLinea = (typeof CLASES_LINEA)[number];

/** R1: the span of one line, both ends included, may not pass 1.825 days. */
export const MAX_DIAS_LINEA = 1825;

const decimal = /^\d{1,10}(\.\d{1,4})?$/;
const precioLinea = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: M.precioNegativo })
    .trim()
    .regex(decimal, M.precioNegativo)
    .nullable()
    .optional(),
);

const lineaInputFields = z.object({
  _id: z.uuid().optional(),
  clase: z.enum(CLASES_LINEA, { error: M.articuloObligatorio }),
  maquinaId: z.uuid({ error: M.articuloObligatorio }).optional(),
  componenteId: z.uuid({ error: M.articuloObligatorio }).optional(),
  conceptoId: z.uuid({ error: M.articuloObligatorio }).optional(),
  descripcion: textSchema().trim().min(1).max(500).optional(),
  cantidad: z
    .string({ error: M.cantidadPositiva })
    .trim()
    .regex(decimal, M.cantidadPositiva)
    .refine((v) => toDecimal(v).gt('0'), M.cantidadPositiva)
    .optional(),
  fechaInicio: fechaSchema().optional(),
  fechaFin: fechaSchema().optional(),
  fecha: fechaSchema().optional(),
  modoTarifa: z.enum(MODOS_TARIFA).default('optimo'),
  diasMinimos: z.number().int().min(1).max(365).default(1),
  precioDia: precioLinea,
  precioSemana: precioLinea,
  precioMes: precioLinea,
  precio: precioLinea,
  descuentoPct: z
    .string({ error: M.descuento })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, M.descuento)
    .refine((v) => toDecimal(v).lte('100'), M.descuento)
    .default('0'),
  tipoIva: z
    .union(
      TIPOS_IVA.map((t) => z.literal(t)),
      { error: M.iva },
    )
    .optional(),
  motivoIva0: z.enum(MOTIVOS_IVA_0, { error: M.motivoIva0 }).nullable().optional(),
});

/** §2.1: a line sent at 0 % says why (`exenta` or `no_sujeta`); other rates carry none. */
const motivoConIva0 = (
  l: { tipoIva?: number | undefined; motivoIva0?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (l.tipoIva === 0 && !l.motivoIva0)
    ctx.addIssue({ code: 'custom', message: M.motivoIva0, path: ['motivoIva0'] });
};

export const lineaInputSchema = lineaInputFields.superRefine(motivoConIva0);
/** A template's line (§2.3): the same without dates. */
export const lineaPlantillaInputSchema = lineaInputFields
  .omit({ fechaInicio: true, fechaFin: true, fecha: true })
  .superRefine(motivoConIva0);
export type LineaInput = z.input<typeof lineaInputSchema>;
export type LineaParsed = z.output<typeof lineaInputSchema>;

/** A line as stored and computed (R1–R6). */
export const lineaSchema = z.object({
  _id: z.string(),
  orden: z.number().int(),
  clase: z.enum(CLASES_LINEA),
  maquinaId: z.string().nullable(),
  componenteId: z.string().nullable(),
  conceptoId: z.string().nullable(),
  codigo: z.string().nullable(),
  descripcion: z.string(),
  cantidad: z.string(),
  unidad: z.string(),
  fechaInicio: z.string().nullable(),
  fechaFin: z.string().nullable(),
  fecha: z.string().nullable(),
  modoTarifa: z.enum(MODOS_TARIFA),
  diasMinimos: z.number().int(),
  precioDia: z.string().nullable(),
  precioSemana: z.string().nullable(),
  precioMes: z.string().nullable(),
  precio: z.string().nullable(),
  descuentoPct: z.string(),
  tipoIva: z.number().int(),
  motivoIva0: z.string().nullable(),
  tipoLinea: z.enum(['tiempo', 'porcentaje', 'puntual']),
  dias: z.number().int().nullable(),
  diasFacturables: z.number().int().nullable(),
  desglose: z.string().nullable(),
  base: z.string(),
});
export type Linea = z.output<typeof lineaSchema>;

export const totalesSchema = z.object({
  porIva: z.array(z.object({ tipoIva: z.number().int(), base: z.string(), cuota: z.string() })),
  base: z.string(),
  iva: z.string(),
  total: z.string(),
});
export type TotalesDocumento = z.output<typeof totalesSchema>;

/** What pricing needs of a line (stored or being edited). */
export type LineaPrecio = {
  clase: ClaseLinea;
  /** A concepto's unit (`dia`, `porcentaje`, `viaje`…); the item's for the others. */
  unidad: string;
  cantidad: string;
  fechaInicio: string | null;
  fechaFin: string | null;
  modoTarifa: ModoTarifa;
  diasMinimos: number;
  precioDia: string | null;
  precioSemana: string | null;
  precioMes: string | null;
  precio: string | null;
  descuentoPct: string;
  tipoIva: number;
};

export type TipoLinea = 'tiempo' | 'porcentaje' | 'puntual';

/** §2.1: maquina, andamio and per-day/week/month conceptos are time lines. */
export const tipoDeLinea = (clase: ClaseLinea, unidad: string): TipoLinea => {
  if (clase !== 'concepto') return 'tiempo';
  if (unidad === 'dia' || unidad === 'semana' || unidad === 'mes') return 'tiempo';
  if (unidad === 'porcentaje') return 'porcentaje';
  return 'puntual';
};

/** The tariff a time line prices with: a concepto is forced to its unit, at its `precio`. */
export const tarifaDeLinea = (l: LineaPrecio) => {
  if (l.clase !== 'concepto')
    return {
      precioDia: l.precioDia,
      precioSemana: l.precioSemana,
      precioMes: l.precioMes,
      modoTarifa: l.modoTarifa,
    };
  const modo = l.unidad as 'dia' | 'semana' | 'mes';
  return {
    precioDia: modo === 'dia' ? l.precio : null,
    precioSemana: modo === 'semana' ? l.precio : null,
    precioMes: modo === 'mes' ? l.precio : null,
    modoTarifa: modo,
  };
};

export type LineaCalculada = {
  tipoLinea: TipoLinea;
  dias: number | null;
  diasFacturables: number | null;
  desglose: string | null;
  base: string;
};

/** R1: the days of a period, both ends. */
export const diasDeLinea = (desde: string, hasta: string) => diasInclusivos(desde, hasta);

/** R5 for a time line over `dias` days (billing calls it per lot). */
export const baseTiempo = (l: LineaPrecio, dias: number, cantidad = l.cantidad): string => {
  if (dias <= 0) return '0.00';
  const r = importeAlquiler({ dias, diasMinimos: l.diasMinimos, ...tarifaDeLinea(l) });
  return lineBase({ cantidad, precio: r.importe, descuentoPct: l.descuentoPct });
};

/** R5 for a percentage line over the given rental amount. */
export const basePorcentaje = (l: LineaPrecio, sobre: string): string =>
  round2(
    toDecimal(sobre)
      .times(toDecimal(l.precio ?? '0'))
      .div('100')
      .times(toDecimal('100').minus(toDecimal(l.descuentoPct)))
      .div('100'),
  );

/**
 * R1–R5 over a document's lines, in order: time lines first (a percentage line needs the Σ of the
 * maquina and andamio bases), then the rest.
 */
export const calcularLineas = (lineas: readonly LineaPrecio[]): LineaCalculada[] => {
  const tiempo = lineas.map((l): LineaCalculada | null => {
    const tipoLinea = tipoDeLinea(l.clase, l.unidad);
    if (tipoLinea !== 'tiempo') return null;
    const dias = l.fechaInicio && l.fechaFin ? diasDeLinea(l.fechaInicio, l.fechaFin) : 1;
    const r = importeAlquiler({ dias, diasMinimos: l.diasMinimos, ...tarifaDeLinea(l) });
    return {
      tipoLinea,
      dias,
      diasFacturables: r.diasFacturables,
      desglose: r.desglose,
      base: lineBase({ cantidad: l.cantidad, precio: r.importe, descuentoPct: l.descuentoPct }),
    };
  });
  const alquiler = round2(
    lineas.reduce(
      (sum, l, i) => (l.clase === 'concepto' ? sum : sum.plus(toDecimal(tiempo[i]?.base ?? '0'))),
      toDecimal('0'),
    ),
  );
  return lineas.map((l, i) => {
    const calculada = tiempo[i];
    if (calculada) return calculada;
    const tipoLinea = tipoDeLinea(l.clase, l.unidad);
    return {
      tipoLinea,
      dias: null,
      diasFacturables: null,
      desglose: null,
      base:
        tipoLinea === 'porcentaje'
          ? basePorcentaje(l, alquiler)
          : lineBase({
              cantidad: l.cantidad,
              precio: l.precio ?? '0',
              descuentoPct: l.descuentoPct,
            }),
    };
  });
};

/** R6: per IVA rate, base and cuota; total = Σ bases + Σ cuotas. The fianza stays outside. */
export const totalesDeLineas = (
  lineas: readonly { base: string; tipoIva: number }[],
): TotalesDocumento => {
  const t = totales(lineas.map((l) => ({ base: l.base, tipoIva: l.tipoIva as TipoIva })));
  return { porIva: t.desglose, base: t.base, iva: t.iva, total: t.total };
};

/** Why a line's tariff cannot price it (R4), as `lineas[i].campo: texto`, or null. */
export const errorTarifa = (l: LineaPrecio, i: number): string | null => {
  if (tipoDeLinea(l.clase, l.unidad) !== 'tiempo') return null;
  if (l.clase === 'concepto')
    return l.precio === null ? `lineas[${i}].precio: ${M.precioDiaObligatorio}` : null;
  const problema = tarifaIncompleta({
    precioDia: l.precioDia,
    precioSemana: l.precioSemana,
    precioMes: l.precioMes,
    modoTarifa: l.modoTarifa,
  });
  if (!problema && l.precioDia === null && l.modoTarifa === 'optimo')
    return `lineas[${i}].precioDia: ${M.precioDiaObligatorio}`;
  return problema ? `lineas[${i}].${problema.campo}: ${problema.message}` : null;
};
