import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { formatEuros } from '../format/es-es.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { exactDecimal, round2, sumDecimals, toDecimal } from '../money/decimal.js';
import { importeSchema, precioSchema } from '../money/decimal-schemas.js';
import { TIPOS_IVA } from '../money/importes.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import { EMPRESAS_FACTURA, FORMAS_PAGO_FACTURA, RETENCIONES, TIPOS_FACTURA } from './facturas.js';
import {
  COMPRA_SORT_FIELDS,
  ESTADO_COMPRA_LABELS,
  ESTADOS_COMPRA,
  ESTADOS_FILTRO_COMPRA,
} from './finanzas-listas.js';

export { COMPRA_SORT_FIELDS, ESTADO_COMPRA_LABELS, ESTADOS_COMPRA, ESTADOS_FILTRO_COMPRA };

// finanzas.md §2 Compra, rule 15.

export const FORMAS_PAGO_COMPRA = [...FORMAS_PAGO_FACTURA, 'confirming'] as const;

export const COMPRA_MESSAGES = {
  noEncontrada: 'Compra no encontrada',
  proveedorInvalido: 'proveedorId: El proveedor no existe o no está activo en esta empresa',
  duplicada: (n: string, registro: string) =>
    `Ya existe una compra de este proveedor con el número ${n} (${registro}).`,
  menorQuePagado: (pagado: string) =>
    `El total no puede ser menor que lo ya pagado (${formatEuros(pagado)}).`,
  pagoSupera: (pendiente: string) =>
    `El pago supera el importe pendiente (${formatEuros(pendiente)}).`,
  noAnular: 'No se puede anular: la compra tiene pagos.',
  sinDocumento: 'La compra no tiene documento',
  anulada: 'La compra está anulada.',
  fechas: 'fechaRecepcion: La recepción debe estar entre la expedición y hoy',
  rectificadaObligatoria: 'Indica la factura rectificada del proveedor',
  pagoNoEncontrado: 'Pago no encontrado',
  tipoArchivo: 'archivo: Tipo de archivo no permitido. Solo PDF o imágenes.',
} as const;

const opcional = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    textSchema({ multiline: true }).trim().max(max).nullable().optional(),
  );

export const lineaCompraSchema = z.object({
  descripcion: textSchema().trim().min(1, 'La descripción es obligatoria').max(500),
  cuentaGasto: z
    .string()
    .regex(/^\d{3,12}$/, 'La cuenta de gasto tiene de 3 a 12 dígitos')
    .nullable()
    .optional(),
  base: importeSchema('La base', { minimo: 'ninguno' }),
  tipoIva: z
    .union(TIPOS_IVA.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<21>, z.ZodLiteral<10>])
    .default(21),
  tratamiento: z.enum(['general', 'isp', 'exenta', 'no_sujeta']).default('general'),
  deduciblePct: precioSchema('El porcentaje deducible').default('100'),
  bienInversion: z.boolean().default(false),
});
export type LineaCompra = z.output<typeof lineaCompraSchema>;

const compraFields = {
  proveedorId: z.uuid({ error: 'Elige un proveedor' }),
  numeroFacturaProveedor: textSchema().trim().min(1, 'Indica el número de factura').max(60),
  tipoFactura: z.enum(TIPOS_FACTURA).default('F1'),
  facturaRectificadaProveedor: opcional(60),
  fechaExpedicion: fechaSchema(),
  fechaOperacion: fechaSchema().nullable().optional(),
  fechaRecepcion: fechaSchema().optional(),
  fechaVencimiento: fechaSchema().nullable().optional(),
  formaPago: z.enum(FORMAS_PAGO_COMPRA).default('transferencia'),
  simplificadaCualificada: z.boolean().default(false),
  lineas: z.array(lineaCompraSchema).min(1).max(50),
  retencionPct: z.enum(RETENCIONES).default('0'),
  archivoId: z.string().nullable().optional(),
  observaciones: opcional(2000),
};
const refineCompra = (
  v: { tipoFactura: string; facturaRectificadaProveedor?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.tipoFactura.startsWith('R') && !v.facturaRectificadaProveedor)
    ctx.addIssue({
      code: 'custom',
      message: COMPRA_MESSAGES.rectificadaObligatoria,
      path: ['facturaRectificadaProveedor'],
    });
};
export const compraCreateSchema = z
  .object({ empresa: z.enum(EMPRESAS_FACTURA), ...compraFields })
  .superRefine(refineCompra);
export const compraUpdateSchema = z
  .object({ empresa: z.unknown().optional(), ...compraFields, ...versionField })
  .superRefine(refineCompra);
export type CompraCreate = z.output<typeof compraCreateSchema>;
export type CompraInput = z.input<typeof compraCreateSchema>;

const pct = (value: string, p: string | number) =>
  exactDecimal(toDecimal(value).times(toDecimal(p)).div(toDecimal(100)), 2);

/** Rule 15. */
export const calcularCompra = (
  lineas: readonly Pick<LineaCompra, 'base' | 'tipoIva' | 'tratamiento' | 'deduciblePct'>[],
  {
    retencionPct = '0',
    tipoFactura = 'F1',
    simplificadaCualificada = false,
  }: { retencionPct?: string; tipoFactura?: string; simplificadaCualificada?: boolean } = {},
) => {
  const detalle = lineas.map((l) => {
    const tipo = l.tratamiento === 'general' || l.tratamiento === 'isp' ? l.tipoIva : 0;
    const cuota = round2(pct(l.base, tipo));
    const deducible =
      tipoFactura === 'F2' && !simplificadaCualificada
        ? '0.00'
        : round2(pct(cuota, l.deduciblePct));
    return { cuota, cuotaDeducible: deducible, isp: l.tratamiento === 'isp' };
  });
  const baseImponible = round2(sumDecimals(lineas.map((l) => l.base)));
  const cuotaIva = round2(sumDecimals(detalle.map((d) => d.cuota)));
  const cuotaDeducible = round2(sumDecimals(detalle.map((d) => d.cuotaDeducible)));
  const cuotaRepercutible = sumDecimals(detalle.filter((d) => !d.isp).map((d) => d.cuota));
  const importeTotal = round2(sumDecimals([baseImponible, cuotaRepercutible]));
  const retencion = round2(pct(baseImponible, retencionPct));
  return {
    cuotas: detalle.map((d) => d.cuota),
    deducibles: detalle.map((d) => d.cuotaDeducible),
    baseImponible,
    cuotaIva,
    cuotaDeducible,
    importeTotal,
    retencion,
    totalAPagar: round2(toDecimal(importeTotal).minus(toDecimal(retencion)).toFixed(2)),
  };
};

export const pagoSchema = z.object({
  _id: z.string(),
  fecha: z.string(),
  importe: z.string(),
  medio: z.string(),
  referencia: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

export const compraSchema = z.object({
  _id: z.string(),
  empresa: z.enum(EMPRESAS_FACTURA),
  numeroRegistro: z.string(),
  estado: z.enum(ESTADOS_COMPRA),
  vencida: z.boolean(),
  proveedorId: z.string(),
  proveedor: z.object({ nombre: z.string(), documento: z.string().nullable() }),
  numeroFacturaProveedor: z.string(),
  tipoFactura: z.enum(TIPOS_FACTURA),
  facturaRectificadaProveedor: z.string().nullable(),
  fechaExpedicion: z.string(),
  fechaOperacion: z.string().nullable(),
  fechaRecepcion: z.string(),
  fechaVencimiento: z.string(),
  formaPago: z.enum(FORMAS_PAGO_COMPRA),
  simplificadaCualificada: z.boolean(),
  lineas: z.array(
    lineaCompraSchema.extend({ cuota: z.string(), cuotaDeducible: z.string() }).extend({
      cuentaGasto: z.string().nullable(),
    }),
  ),
  retencionPct: z.string(),
  baseImponible: z.string(),
  cuotaIva: z.string(),
  cuotaDeducible: z.string(),
  importeTotal: z.string(),
  retencion: z.string(),
  totalAPagar: z.string(),
  pagado: z.string(),
  pendiente: z.string(),
  archivo: z
    .object({ archivoId: z.string(), nombre: z.string(), tamano: z.number(), mime: z.string() })
    .nullable(),
  observaciones: z.string().nullable(),
  motivoAnulacion: z.string().nullable(),
  pagos: z.array(pagoSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Compra = z.output<typeof compraSchema>;
export const compraResumenSchema = compraSchema.omit({ lineas: true, pagos: true });

export const compraListQuerySchema = z.object({
  ...listQueryFields({ sortFields: COMPRA_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  empresa: z.enum(EMPRESAS_FACTURA).default('alquileres'),
  estado: z.enum(ESTADOS_FILTRO_COMPRA).optional(),
  proveedorId: z.uuid().optional(),
  desde: fechaSchema().optional(),
  hasta: fechaSchema().optional(),
  sinArchivo: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .optional(),
});
export type CompraListQuery = z.output<typeof compraListQuerySchema>;
export const parseCompraSort = (sort: string | undefined) =>
  parseSort(sort, COMPRA_SORT_FIELDS, { field: 'recepcion', direction: 'desc' });

export const pagoCreateSchema = z.object({
  fecha: fechaSchema(),
  importe: importeSchema('El importe', { minimo: 'positivo' }),
  medio: z.enum(FORMAS_PAGO_COMPRA),
  referencia: opcional(100),
  version: versionSchema.optional(),
});
