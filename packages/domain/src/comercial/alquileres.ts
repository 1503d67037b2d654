import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { contactoSchema } from '../partes/parte-schemas.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import { lineaInputSchema, lineaSchema, totalesSchema } from './lineas.js';
import { COMERCIAL_MESSAGES as M } from './mensajes.js';
import {
  clienteRefSchema,
  FACTURACIONES,
  fianzaImporteSchema,
  motivoSchema,
  periodoDeLista,
} from './presupuestos.js';
import {
  ESTADO_ALQUILER_LABELS,
  ESTADOS_ALQUILER,
  ESTADOS_ALQUILER_ABIERTOS,
  ALQUILER_SORT_FIELDS,
  PENDIENTE_RECOGIDA_LABEL,
  type EstadoAlquiler,
} from './comercial-listas.js';

export {
  ESTADO_ALQUILER_LABELS,
  ESTADOS_ALQUILER,
  ESTADOS_ALQUILER_ABIERTOS,
  ALQUILER_SORT_FIELDS,
  PENDIENTE_RECOGIDA_LABEL,
  type EstadoAlquiler,
};

// §2.4–2.5 rentals, their fianza and movements, §3.2 their states, §6 bodies and queries.

export const ESTADOS_FIANZA = [
  'no_requerida',
  'pendiente',
  'cobrada',
  'devuelta',
  'retenida',
] as const;
export type EstadoFianza = (typeof ESTADOS_FIANZA)[number];
export const ESTADO_FIANZA_LABELS: Record<EstadoFianza, string> = {
  no_requerida: 'No requerida',
  pendiente: 'Pendiente',
  cobrada: 'Cobrada',
  devuelta: 'Devuelta',
  retenida: 'Retenida',
};
export const FORMAS_PAGO = ['transferencia', 'tarjeta', 'efectivo', 'cheque', 'aval'] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number];
export const FORMA_PAGO_LABELS: Record<FormaPago, string> = {
  transferencia: 'Transferencia',
  tarjeta: 'Tarjeta',
  efectivo: 'Efectivo',
  cheque: 'Cheque',
  aval: 'Aval',
};

/** R21: cash only under 1.000,00 € (Ley 7/2012 art. 7). */
export const LIMITE_EFECTIVO = 1000;
export const efectivoNoAdmitido = (importe: string, formaPago: string | undefined | null) =>
  formaPago === 'efectivo' && Number(importe) >= LIMITE_EFECTIVO;

const opcionalTexto = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    textSchema({ multiline: true }).trim().max(max).optional(),
  );

const fianzaBodySchema = z
  .object({ importe: fianzaImporteSchema, formaPago: z.enum(FORMAS_PAGO).optional() })
  .superRefine((v, ctx) => {
    if (efectivoNoAdmitido(v.importe, v.formaPago))
      ctx.addIssue({ code: 'custom', message: M.efectivoLimite, path: ['formaPago'] });
  });

const alquilerFields = {
  clienteId: z.uuid({ error: M.clienteObligatorio }),
  referenciaCliente: opcionalTexto(50),
  contacto: contactoSchema.optional(),
  contactoObra: contactoSchema.optional(),
  obraNombre: opcionalTexto(200),
  direccionObra: direccionInputSchema,
  facturacion: z.enum(FACTURACIONES).optional(),
  fianza: fianzaBodySchema.optional(),
  condiciones: opcionalTexto(5000),
  observaciones: opcionalTexto(2000),
  observacionesInternas: opcionalTexto(2000),
  lineas: z.array(lineaInputSchema).min(1, M.lineasObligatorias).max(300, M.maxLineasAlquiler),
};
const conDireccion = (
  v: { direccionObra: { municipioId: string | null } },
  ctx: z.RefinementCtx,
) => {
  if (!v.direccionObra.municipioId)
    ctx.addIssue({ code: 'custom', message: M.direccionObraObligatoria, path: ['direccionObra'] });
};
export const alquilerCreateSchema = z.object(alquilerFields).superRefine(conDireccion);
export const alquilerUpdateSchema = z
  .object({ ...alquilerFields, ...versionField })
  .superRefine(conDireccion);
export type AlquilerCreate = z.output<typeof alquilerCreateSchema>;
export type AlquilerInput = z.input<typeof alquilerCreateSchema>;

export const fianzaSchema = z.object({
  importe: z.string(),
  estado: z.enum(ESTADOS_FIANZA),
  fechaCobro: z.string().nullable(),
  formaPago: z.enum(FORMAS_PAGO).nullable(),
  fechaDevolucion: z.string().nullable(),
  importeDevuelto: z.string().nullable(),
  importeRetenido: z.string().nullable(),
  motivoRetencion: z.string().nullable(),
});
export type Fianza = z.output<typeof fianzaSchema>;

export const ESTADOS_LINEA_ALQUILER = ['pendiente', 'entregada', 'devuelta'] as const;
export const alquilerLineaSchema = lineaSchema.extend({
  cantidadEntregada: z.number(),
  cantidadDevuelta: z.number(),
  cantidadFuera: z.number(),
  cantidadBaja: z.number(),
  fechaPrimeraEntrega: z.string().nullable(),
  fechaUltimaDevolucion: z.string().nullable(),
  estadoLinea: z.enum(ESTADOS_LINEA_ALQUILER),
  retrasoDias: z.number().int(),
  facturadoHasta: z.string().nullable(),
  lineaPresupuestoId: z.string().nullable(),
});
export type AlquilerLinea = z.output<typeof alquilerLineaSchema>;

export const alquilerSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  numero: z.string(),
  estado: z.enum(ESTADOS_ALQUILER),
  clienteId: z.string(),
  cliente: clienteRefSchema,
  presupuestoId: z.string().nullable(),
  presupuestoNumero: z.string().nullable(),
  referenciaCliente: z.string().nullable(),
  contacto: z
    .object({ nombre: z.string(), telefono: z.string().optional(), correo: z.string().optional() })
    .nullable(),
  contactoObra: z
    .object({ nombre: z.string(), telefono: z.string().optional(), correo: z.string().optional() })
    .nullable(),
  obraNombre: z.string().nullable(),
  direccionObra: direccionSchema.nullable(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  facturacion: z.enum(FACTURACIONES),
  fianza: fianzaSchema,
  condiciones: z.string().nullable(),
  observaciones: z.string().nullable(),
  observacionesInternas: z.string().nullable(),
  motivoCancelacion: z.string().nullable(),
  lineas: z.array(alquilerLineaSchema),
  totales: totalesSchema,
  retraso: z.object({ dias: z.number().int(), lineas: z.number().int() }),
  /** Some material is under baja and still on site ("Pendiente de recogida", R17). */
  pendienteRecogida: z.boolean(),
  conflictos: z.array(z.string()),
  permiteEntrega: z.boolean(),
  permiteRecogida: z.boolean(),
});
export type Alquiler = z.output<typeof alquilerSchema>;

const listaEstados = z.preprocess(
  (v) =>
    typeof v === 'string' && v.trim() !== ''
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  z.array(z.enum(ESTADOS_ALQUILER)).optional(),
);

// "Activos entre" (§5): rentals whose period [fechaInicio, fechaFin] meets the days given.
const alquilerListFields = z.object({
  ...listQueryFields({ sortFields: ALQUILER_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  estado: listaEstados,
  clienteId: z.uuid().optional(),
  maquinaId: z.uuid().optional(),
  componenteId: z.uuid().optional(),
  desde: fechaSchema().optional(),
  hasta: fechaSchema().optional(),
  conRetraso: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : undefined),
    z.boolean().optional(),
  ),
});
export const alquilerListQuerySchema = alquilerListFields.superRefine(periodoDeLista);
export type AlquilerListQuery = z.output<typeof alquilerListQuerySchema>;
export const alquilerExportQuerySchema = alquilerListFields
  .omit({ page: true, limit: true })
  .superRefine(periodoDeLista);
export const parseAlquilerSort = (sort: string | undefined) =>
  parseSort(sort, ALQUILER_SORT_FIELDS, { field: 'fechaInicio', direction: 'desc' });

/** The list row: enough for the table and the cards. */
export const alquilerResumenSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  numero: z.string(),
  estado: z.enum(ESTADOS_ALQUILER),
  clienteId: z.string(),
  cliente: z.string(),
  documento: z.string().nullable(),
  obraNombre: z.string().nullable(),
  municipio: z.string().nullable(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  maquinas: z.number().int(),
  piezas: z.number().int(),
  importeEstimado: z.string(),
  fianza: z.string(),
  fianzaEstado: z.enum(ESTADOS_FIANZA),
  retrasoDias: z.number().int(),
  pendienteRecogida: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlquilerResumen = z.output<typeof alquilerResumenSchema>;

export const cambiarFinSchema = z.object({
  version: versionSchema.optional(),
  fechaFin: fechaSchema(),
  lineaIds: z.array(z.uuid()).optional(),
});
export const bajaSchema = z.object({
  version: versionSchema.optional(),
  fecha: fechaSchema(),
  lineas: z
    .array(z.object({ lineaId: z.uuid(), cantidad: z.number().int().positive().optional() }))
    .optional(),
});
export const cancelarSchema = z.object({ version: versionSchema.optional(), motivo: motivoSchema });
export const fianzaUpdateSchema = z.object({
  version: versionSchema.optional(),
  estado: z.enum(ESTADOS_FIANZA),
  fechaCobro: fechaSchema().optional(),
  formaPago: z.enum(FORMAS_PAGO).optional(),
  fechaDevolucion: fechaSchema().optional(),
  importeDevuelto: fianzaImporteSchema.optional(),
  importeRetenido: fianzaImporteSchema.optional(),
  motivoRetencion: opcionalTexto(500),
});
export type FianzaUpdate = z.output<typeof fianzaUpdateSchema>;

export const CALENDARIO_MAX_DIAS = 92;
export const calendarioQuerySchema = z.object({
  clase: z.enum(['maquina', 'andamio']).default('maquina'),
  desde: fechaSchema(),
  hasta: fechaSchema(),
  tipo: z.string().trim().max(60).optional(),
  categoria: z.string().trim().max(60).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CalendarioQuery = z.output<typeof calendarioQuerySchema>;
