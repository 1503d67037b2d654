import { z } from '../zod-es.js';
import { textSchema } from '../text/text.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { versionField } from '../versiones/index.js';
import { observacionesSchema } from '../partes/parte-schemas.js';
import { CATEGORIAS_COMPONENTE, CUENTAS_STOCK, TIPOS_MOVIMIENTO } from './catalogos.js';
import {
  auditoriaFields,
  booleanoQuery,
  comprobarTarifas,
  medidaSchema,
  opcional,
  precioInventarioSchema,
  textoCorto,
} from './campos.js';
import { INVENTARIO_MESSAGES as M } from './mensajes.js';
import { COMPONENTE_SORT_FIELDS, type ComponenteSortField } from './inventario-listas.js';

export { COMPONENTE_SORT_FIELDS, type ComponenteSortField };

// §2.6 scaffolding components: a catalogue entry with five stock counts that only the movement
// ledger (§2.7, §3.3) changes.

export const MAX_PIEZAS = 1_000_000;

const preciosSchema = z
  .object({
    dia: precioInventarioSchema,
    semana: opcional(precioInventarioSchema),
    mes: opcional(precioInventarioSchema),
    reposicion: opcional(precioInventarioSchema),
    venta: opcional(precioInventarioSchema),
  })
  .superRefine((precios, ctx) => comprobarTarifas(precios, ctx, [], { semanaEstricta: false }));

const componenteFields = {
  codigo: textSchema({ error: M.codigoComponente })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9.-]{2,20}$/, M.codigoComponente),
  nombre: textSchema({ error: M.nombreComponente })
    .trim()
    .min(2, M.nombreComponente)
    .max(120, M.nombreComponente),
  categoria: z.enum(CATEGORIAS_COMPONENTE, { error: 'Elige una categoría' }),
  sistema: textoCorto,
  fabricante: textoCorto,
  referenciaFabricante: textoCorto,
  norma: textoCorto,
  dimensiones: textoCorto,
  pesoKg: medidaSchema(3, '9999.999', M.pesoComponente),
  precios: preciosSchema,
  stockMinimo: z
    .number({ error: M.stockMinimo })
    .int(M.stockMinimo)
    .min(0, M.stockMinimo)
    .max(MAX_PIEZAS, M.stockMinimo)
    .default(0),
  activo: z.boolean().default(true),
  observaciones: observacionesSchema,
};

export const componenteCreateSchema = z.object({
  ...componenteFields,
  stockInicial: z
    .number({ error: M.stockInicial })
    .int(M.stockInicial)
    .min(0, M.stockInicial)
    .max(MAX_PIEZAS, M.stockInicial)
    .default(0),
});
export const componenteUpdateSchema = z.object({ ...componenteFields, ...versionField });
export type ComponenteCreate = z.output<typeof componenteCreateSchema>;
export type ComponenteUpdate = z.output<typeof componenteUpdateSchema>;
export type ComponenteInput = z.input<typeof componenteCreateSchema>;

export const stockSchema = z.object(
  Object.fromEntries(CUENTAS_STOCK.map((cuenta) => [cuenta, z.number().int()])) as Record<
    (typeof CUENTAS_STOCK)[number],
    z.ZodNumber
  >,
);
export type Stock = z.output<typeof stockSchema>;

export const componenteSchema = z.object({
  ...auditoriaFields,
  codigo: z.string(),
  nombre: z.string(),
  categoria: z.enum(CATEGORIAS_COMPONENTE),
  sistema: z.string().nullable(),
  fabricante: z.string().nullable(),
  referenciaFabricante: z.string().nullable(),
  norma: z.string().nullable(),
  dimensiones: z.string().nullable(),
  pesoKg: z.string(),
  precios: z.object({
    dia: z.string(),
    semana: z.string().nullable(),
    mes: z.string().nullable(),
    reposicion: z.string().nullable(),
    venta: z.string().nullable(),
  }),
  stockMinimo: z.number().int(),
  activo: z.boolean(),
  observaciones: z.array(z.string()),
  stock: stockSchema.extend({ propiedad: z.number().int() }),
  pesoPropiedadKg: z.string(),
  bajoMinimo: z.boolean(),
  sobrerreserva: z.object({ fecha: z.string(), faltan: z.number().int() }).nullable(),
});
export type Componente = z.output<typeof componenteSchema>;

export const componenteListQuerySchema = z.object({
  ...listQueryFields({ sortFields: COMPONENTE_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  categoria: opcional(z.enum(CATEGORIAS_COMPONENTE)),
  sistema: opcional(textSchema().trim().max(60)),
  activo: booleanoQuery,
  bajoMinimo: booleanoQuery,
  sobrerreserva: booleanoQuery,
});
export const componenteExportQuerySchema = componenteListQuerySchema.omit({
  page: true,
  limit: true,
});
export type ComponenteListQuery = z.output<typeof componenteListQuerySchema>;

export const parseComponenteSort = (sort: string | undefined) =>
  parseSort(sort, COMPONENTE_SORT_FIELDS, { field: 'codigo', direction: 'asc' });

const cantidadSchema = z
  .number({ error: M.cantidad })
  .int(M.cantidad)
  .positive(M.cantidad)
  .max(MAX_PIEZAS, M.cantidadMaxima);
const motivoSchema = textSchema({ error: M.motivo }).trim().min(5, M.motivo).max(200, M.motivo);

export const referenciaMovimientoSchema = z.object({
  tipo: z.enum(['albaran', 'alquiler', 'compra', 'factura', 'manual']),
  id: opcional(z.string().max(60)),
  numero: textSchema().trim().min(1).max(60),
});

/** POST …/movimientos (andamios.edit): altas, bajas and sales recorded by hand. */
export const movimientoManualSchema = z
  .object({
    tipo: z.enum(['alta', 'baja', 'venta'], { error: 'Elige el tipo de movimiento' }),
    desde: z.enum(['disponible', 'enReparacion']).default('disponible'),
    cantidad: cantidadSchema,
    fecha: fechaSchema(),
    referencia: referenciaMovimientoSchema.optional(),
    motivo: opcional(motivoSchema),
  })
  .superRefine((value, ctx) => {
    // §2.7: a baja and a manual sale say why.
    if ((value.tipo === 'baja' || value.tipo === 'venta') && value.motivo === undefined)
      ctx.addIssue({ code: 'custom', message: M.motivo, path: ['motivo'] });
  });
export type MovimientoManual = z.output<typeof movimientoManualSchema>;

/** POST …/reparaciones (andamios.stock). */
export const reparacionSchema = z.object({
  tipo: z.enum(['enviar', 'devolver'], { error: 'Elige enviar o devolver' }),
  cantidad: cantidadSchema,
  fecha: fechaSchema(),
  motivo: opcional(motivoSchema),
});
export type Reparacion = z.output<typeof reparacionSchema>;

/** POST …/recuento (andamios.edit, R8). */
export const recuentoSchema = z.object({
  contado: z
    .number({ error: M.stockInicial })
    .int(M.stockInicial)
    .min(0, M.stockInicial)
    .max(MAX_PIEZAS, M.stockInicial),
  disponibleLeido: z.number().int().min(0),
  fecha: fechaSchema(),
  motivo: motivoSchema,
});
export type Recuento = z.output<typeof recuentoSchema>;

export const movimientoSchema = z.object({
  _id: z.string(),
  componenteId: z.string(),
  tipo: z.enum(TIPOS_MOVIMIENTO),
  cantidad: z.number().int(),
  de: z.enum(CUENTAS_STOCK).nullable(),
  a: z.enum(CUENTAS_STOCK).nullable(),
  fecha: z.string(),
  referencia: z
    .object({ tipo: z.string(), id: z.string().nullable(), numero: z.string() })
    .nullable(),
  motivo: z.string().nullable(),
  usuario: z.string().nullable(),
  createdAt: z.string(),
});
export type Movimiento = z.output<typeof movimientoSchema>;

export const movimientoListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  tipo: opcional(z.enum(TIPOS_MOVIMIENTO)),
  desde: opcional(fechaSchema()),
  hasta: opcional(fechaSchema()),
});
