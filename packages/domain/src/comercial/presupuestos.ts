import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { contactoSchema } from '../partes/parte-schemas.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import {
  lineaInputSchema,
  lineaPlantillaInputSchema,
  lineaSchema,
  totalesSchema,
} from './lineas.js';
import { COMERCIAL_MESSAGES as M } from './mensajes.js';
import {
  ESTADO_PRESUPUESTO_LABELS,
  ESTADOS_PRESUPUESTO,
  PRESUPUESTO_SORT_FIELDS,
  type EstadoPresupuesto,
} from './comercial-listas.js';

export {
  ESTADO_PRESUPUESTO_LABELS,
  ESTADOS_PRESUPUESTO,
  PRESUPUESTO_SORT_FIELDS,
  type EstadoPresupuesto,
};

// §2.2–2.3 quotes and their templates, §3.1 their states, §6 their bodies and queries.

export const FACTURACIONES = ['mensual_vencido', 'al_finalizar'] as const;
export type Facturacion = (typeof FACTURACIONES)[number];
export const FACTURACION_LABELS: Record<Facturacion, string> = {
  mensual_vencido: 'Mensual, a mes vencido',
  al_finalizar: 'Al finalizar',
};

/** The default conditions printed on quotes and contracts (§2.2 `CONDICIONES_ALQUILER`). */
export const CONDICIONES_ALQUILER =
  'El material se entrega en buen estado y debe devolverse limpio y completo. Los días de retraso en la devolución se facturan a la tarifa del contrato. La fianza se devuelve al finalizar el alquiler, descontados los daños o faltas.';

const opcionalTexto = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    textSchema({ multiline: true }).trim().max(max).optional(),
  );

export const clienteProvisionalSchema = z.object({
  nombre: textSchema().trim().min(2, 'El nombre debe tener al menos 2 caracteres').max(200),
  documento: opcionalTexto(20),
  telefono: opcionalTexto(30),
  correo: opcionalTexto(254),
});

export const fianzaImporteSchema = z
  .string({ error: 'Importe no válido' })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Importe no válido');

const documentoFields = {
  clienteId: z.uuid({ error: M.clienteObligatorio }).optional(),
  contacto: contactoSchema.optional(),
  obraNombre: opcionalTexto(200),
  direccionObra: direccionInputSchema.optional(),
  fechaInicio: fechaSchema(),
  fechaFin: fechaSchema(),
  facturacion: z.enum(FACTURACIONES).optional(),
  condiciones: opcionalTexto(5000),
  observaciones: opcionalTexto(2000),
  observacionesInternas: opcionalTexto(2000),
};

const fechasEnOrden = (v: { fechaInicio: string; fechaFin: string }, ctx: z.RefinementCtx) => {
  if (v.fechaFin < v.fechaInicio)
    ctx.addIssue({ code: 'custom', message: M.fechaFinAnterior, path: ['fechaFin'] });
};

const presupuestoFields = {
  ...documentoFields,
  clienteProvisional: clienteProvisionalSchema.optional(),
  fechaValidez: fechaSchema().optional(),
  fianza: fianzaImporteSchema.optional(),
  plantillaId: z.uuid().optional(),
  lineas: z.array(lineaInputSchema).min(1, M.lineasObligatorias).max(200, M.maxLineasPresupuesto),
};

const clienteUnoDeDos = (
  v: { clienteId?: string | undefined; clienteProvisional?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (!v.clienteId && !v.clienteProvisional)
    ctx.addIssue({ code: 'custom', message: M.clienteObligatorio, path: ['clienteId'] });
};

export const presupuestoCreateSchema = z
  .object(presupuestoFields)
  .superRefine(fechasEnOrden)
  .superRefine(clienteUnoDeDos);
export const presupuestoUpdateSchema = z
  .object({ ...presupuestoFields, ...versionField })
  .superRefine(fechasEnOrden)
  .superRefine(clienteUnoDeDos);
export type PresupuestoCreate = z.output<typeof presupuestoCreateSchema>;
export type PresupuestoInput = z.input<typeof presupuestoCreateSchema>;

const auditoria = {
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const clienteRefSchema = z
  .object({ _id: z.string(), nombre: z.string(), documento: z.string().nullable() })
  .nullable();

export const presupuestoSchema = z.object({
  ...auditoria,
  numero: z.string().nullable(),
  revision: z.number().int(),
  estado: z.enum(ESTADOS_PRESUPUESTO),
  clienteId: z.string().nullable(),
  cliente: clienteRefSchema,
  clienteProvisional: z
    .object({
      nombre: z.string(),
      documento: z.string().optional(),
      telefono: z.string().optional(),
      correo: z.string().optional(),
    })
    .nullable(),
  contacto: z
    .object({ nombre: z.string(), telefono: z.string().optional(), correo: z.string().optional() })
    .nullable(),
  obraNombre: z.string().nullable(),
  direccionObra: direccionSchema.nullable(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  fechaEmision: z.string().nullable(),
  fechaValidez: z.string(),
  fechaRechazo: z.string().nullable(),
  facturacion: z.enum(FACTURACIONES),
  fianza: z.string(),
  condiciones: z.string().nullable(),
  observaciones: z.string().nullable(),
  observacionesInternas: z.string().nullable(),
  plantillaId: z.string().nullable(),
  alquilerId: z.string().nullable(),
  alquilerNumero: z.string().nullable(),
  motivoRechazo: z.string().nullable(),
  lineas: z.array(lineaSchema),
  totales: totalesSchema,
});
export type Presupuesto = z.output<typeof presupuestoSchema>;

/**
 * The list row (comercial.md §5's table and cards): no lines, and the totals the quote stores
 * whenever its lines are saved, so a page is not priced again line by line on every read.
 */
export const presupuestoResumenSchema = presupuestoSchema
  .pick({
    _id: true,
    version: true,
    createdAt: true,
    updatedAt: true,
    numero: true,
    revision: true,
    estado: true,
    clienteId: true,
    cliente: true,
    clienteProvisional: true,
    obraNombre: true,
    fechaInicio: true,
    fechaFin: true,
    fechaEmision: true,
    fechaValidez: true,
    alquilerId: true,
    alquilerNumero: true,
  })
  .extend({ base: z.string(), iva: z.string(), total: z.string() });
export type PresupuestoResumen = z.output<typeof presupuestoResumenSchema>;

const listaEstados = <E extends string>(estados: readonly [E, ...E[]]) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && v.trim() !== ''
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    z.array(z.enum(estados)).optional(),
  );

/** A list's `desde`/`hasta`: either may be absent; `hasta` before `desde` is a 400 on `hasta`. */
export const periodoDeLista = (
  value: { desde?: string | undefined; hasta?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.desde && value.hasta && value.hasta < value.desde)
    ctx.addIssue({ code: 'custom', message: M.hastaAnteriorDesde, path: ['hasta'] });
};

// "Emitido desde"/"hasta" (§5): quotes whose fechaEmision falls in the days given.
const presupuestoListFields = z.object({
  ...listQueryFields({
    sortFields: PRESUPUESTO_SORT_FIELDS,
    defaultLimit: 20,
    maxLimit: 100,
  }),
  estado: listaEstados(ESTADOS_PRESUPUESTO),
  clienteId: z.uuid().optional(),
  desde: fechaSchema().optional(),
  hasta: fechaSchema().optional(),
});
export const presupuestoListQuerySchema = presupuestoListFields.superRefine(periodoDeLista);
export type PresupuestoListQuery = z.output<typeof presupuestoListQuerySchema>;
export const presupuestoExportQuerySchema = presupuestoListFields
  .omit({ page: true, limit: true })
  .superRefine(periodoDeLista);
export const parsePresupuestoSort = (sort: string | undefined) =>
  parseSort(sort, PRESUPUESTO_SORT_FIELDS, { field: 'createdAt', direction: 'desc' });

export const versionBodySchema = z.object({ version: versionSchema.optional() });
export const motivoSchema = textSchema({ error: M.motivoObligatorio, multiline: true })
  .trim()
  .min(3, M.motivoObligatorio)
  .max(500);
export const rechazarSchema = z.object({ version: versionSchema.optional(), motivo: motivoSchema });
export const renovarSchema = z.object({
  version: versionSchema.optional(),
  fechaValidez: fechaSchema(),
});
export const aceptarSchema = z.object({
  version: versionSchema.optional(),
  nuevaFechaInicio: fechaSchema().optional(),
  sustituciones: z
    .array(z.object({ lineaId: z.uuid(), maquinaId: z.uuid() }))
    .max(200)
    .optional(),
});
export type AceptarBody = z.output<typeof aceptarSchema>;

// §2.3 templates.
const plantillaFields = {
  nombre: textSchema().trim().min(2, 'El nombre debe tener entre 2 y 100 caracteres').max(100),
  descripcion: opcionalTexto(500),
  activo: z.boolean().default(true),
  validezDias: z.number().int().min(1).max(365).default(30),
  duracionDias: z.number().int().min(1).max(1825).default(7),
  facturacion: z.enum(FACTURACIONES).optional(),
  fianza: fianzaImporteSchema.optional(),
  condiciones: opcionalTexto(5000),
  lineas: z
    .array(lineaPlantillaInputSchema)
    .min(1, M.lineasObligatorias)
    .max(200, M.maxLineasPresupuesto),
};
export const plantillaCreateSchema = z.object(plantillaFields);
export const plantillaUpdateSchema = z.object({ ...plantillaFields, ...versionField });
export type PlantillaCreate = z.output<typeof plantillaCreateSchema>;

export const plantillaSchema = z.object({
  ...auditoria,
  nombre: z.string(),
  descripcion: z.string().nullable(),
  activo: z.boolean(),
  validezDias: z.number().int(),
  duracionDias: z.number().int(),
  facturacion: z.enum(FACTURACIONES).nullable(),
  fianza: z.string().nullable(),
  condiciones: z.string().nullable(),
  lineas: z.array(z.record(z.string(), z.unknown())),
  usos: z.number().int(),
});
export type Plantilla = z.output<typeof plantillaSchema>;
export const PLANTILLA_SORT_FIELDS = ['nombre', 'updatedAt'] as const;
export const plantillaListQuerySchema = z.object({
  ...listQueryFields({ sortFields: PLANTILLA_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  activo: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : undefined),
    z.boolean().optional(),
  ),
});
export type PlantillaListQuery = z.output<typeof plantillaListQuerySchema>;
