import { z } from '../zod-es.js';
import { checkSpanishDocument } from '../documento/spanish-id.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { importeSchema } from '../money/decimal-schemas.js';
import { TIPOS_IVA } from '../money/importes.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import {
  firmaInputSchema,
  firmaSchema,
  motivoAnulacionSchema,
  textoOpcional,
} from './albaranes.js';
import { LOGISTICA_MESSAGES as M } from './mensajes.js';
import {
  ESTADO_TRANSPORTE_LABELS,
  ESTADOS_TRANSPORTE,
  TRANSPORTE_SORT_FIELDS,
  type EstadoTransporte,
} from './logistica-listas.js';

export {
  ESTADO_TRANSPORTE_LABELS,
  ESTADOS_TRANSPORTE,
  TRANSPORTE_SORT_FIELDS,
  type EstadoTransporte,
};

// §2.3, §3 (transport), R10–R14 and §6: transport albaranes, the documento de control of Orden
// FOM/2861/2012.

export const MOTIVOS_EXENCION = [
  'sin_autorizacion',
  'mudanza',
  'vehiculo_averiado',
  'paqueteria',
] as const;
export type MotivoExencion = (typeof MOTIVOS_EXENCION)[number];
export const MOTIVO_EXENCION_LABELS: Record<MotivoExencion, string> = {
  sin_autorizacion: 'No requiere autorización',
  mudanza: 'Mudanza',
  vehiculo_averiado: 'Vehículo accidentado o averiado',
  paqueteria: 'Paquetería',
};
/** R10: the labels of the missing control-document data, in this order. */
export const FALTAN_LABELS = [
  'NIF del cliente',
  'NIF del transportista',
  'municipio de origen',
  'municipio de destino',
  'mercancía',
  'peso',
  'matrícula',
  'conductor',
] as const;

/** What R10 reads of an albarán: the art. 6 data (a stored record, a list row or the form). */
export type DatosDocumentoControl = {
  clienteNif: string | null | undefined;
  transportistaNif: string | null | undefined;
  origenMunicipioId: string | null | undefined;
  destinoMunicipioId: string | null | undefined;
  mercancia: string | null | undefined;
  pesoKg: number | null | undefined;
  matricula: string | null | undefined;
  conductor: string | null | undefined;
};

const nifValido = (v: string | null | undefined) =>
  Boolean(v?.trim()) && checkSpanishDocument(v ?? '') === 'valid';
const presente = (v: string | null | undefined) => Boolean(v?.trim());

/**
 * R10: each datum of Orden FOM/2861/2012 art. 6 (plus the driver) with whether it is there, in
 * the order of FALTAN_LABELS. The form's live checklist and the API's 409 both read it.
 */
export const comprobarDocumentoControl = (c: DatosDocumentoControl) => {
  const ok: Record<(typeof FALTAN_LABELS)[number], boolean> = {
    'NIF del cliente': nifValido(c.clienteNif),
    'NIF del transportista': nifValido(c.transportistaNif),
    'municipio de origen': presente(c.origenMunicipioId),
    'municipio de destino': presente(c.destinoMunicipioId),
    mercancía: presente(c.mercancia),
    peso: typeof c.pesoKg === 'number' && Number.isFinite(c.pesoKg) && c.pesoKg > 0,
    matrícula: presente(c.matricula),
    conductor: presente(c.conductor),
  };
  return FALTAN_LABELS.map((label) => ({ label, ok: ok[label] }));
};

/** R10: the labels of what the control document still lacks ([] when complete). */
export const faltanDocumentoControl = (c: DatosDocumentoControl): string[] =>
  comprobarDocumentoControl(c)
    .filter((x) => !x.ok)
    .map((x) => x.label);

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const tipoIvaSchema = z
  .number()
  .refine((v) => (TIPOS_IVA as readonly number[]).includes(v), 'El IVA debe ser 21, 10, 4 o 0');

const lugarSchema = z.object({
  nombre: textoOpcional(100),
  direccion: direccionInputSchema,
});
const numeroOpcional = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

export const transporteCamposSchema = z.object({
  clienteId: z.uuid({ error: M.clienteObligatorio }),
  remitente: z
    .object({
      nombre: textSchema().trim().min(1).max(200),
      documento: textoOpcional(30),
    })
    .nullable()
    .optional(),
  destinatario: z.object({
    nombre: textSchema({ error: M.destinatarioNombre })
      .trim()
      .min(1, M.destinatarioNombre)
      .max(200, M.destinatarioNombre),
    documento: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      textSchema().trim().min(5).max(30).optional(),
    ),
    telefono: textoOpcional(30),
  }),
  origen: lugarSchema,
  destino: lugarSchema,
  fechaCarga: fechaSchema(),
  horaCarga: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(HORA, 'La hora debe tener el formato HH:mm').optional(),
  ),
  fechaEntregaPrevista: z.preprocess((v) => (v === '' ? undefined : v), fechaSchema().optional()),
  transportista: z
    .discriminatedUnion('tipo', [
      z.object({ tipo: z.literal('propio') }),
      z.object({ tipo: z.literal('subcontratado'), proveedorId: z.uuid(M.proveedorNoValido) }),
    ])
    .optional(),
  camionId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullable().optional()),
  matricula: textoOpcional(20),
  matriculaRemolque: textoOpcional(20),
  conductor: z.object({ nombre: textoOpcional(100), dni: textoOpcional(20) }).optional(),
  mercancia: z.object({
    descripcion: textSchema({ error: M.mercanciaObligatoria, multiline: true })
      .trim()
      .min(1, M.mercanciaObligatoria)
      .max(500, M.mercanciaObligatoria),
    bultos: numeroOpcional(z.number().int().min(0)),
    pesoKg: numeroOpcional(
      z
        .number({ error: M.pesoRango })
        .int(M.pesoRango)
        .min(1, M.pesoRango)
        .max(60_000, M.pesoRango),
    ),
    pesoEstimado: z.boolean().optional(),
  }),
  exentoDocumentoControl: z.boolean().optional(),
  motivoExencion: z.enum(MOTIVOS_EXENCION).nullable().optional(),
  precio: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'number' ? String(v) : v),
    importeSchema('El precio').nullable().optional(),
  ),
  tipoIva: tipoIvaSchema.optional(),
  referenciaExterna: textoOpcional(50),
  observaciones: textoOpcional(2000, true),
});

const reglas = (v: Partial<z.output<typeof transporteCamposSchema>>, ctx: z.RefinementCtx) => {
  if (v.fechaCarga && v.fechaEntregaPrevista && v.fechaEntregaPrevista < v.fechaCarga)
    ctx.addIssue({
      code: 'custom',
      message: M.entregaPreviaAnterior,
      path: ['fechaEntregaPrevista'],
    });
  if (v.exentoDocumentoControl && !v.motivoExencion)
    ctx.addIssue({ code: 'custom', message: M.motivoExencion, path: ['motivoExencion'] });
};

export const transporteCreateSchema = transporteCamposSchema.superRefine(reglas);
export type TransporteCreate = z.output<typeof transporteCreateSchema>;
export type TransporteCreateInput = z.input<typeof transporteCreateSchema>;

/** PUT: any of the create fields (R14 limits them after pendiente) and the version read. */
export const transporteUpdateSchema = transporteCamposSchema
  .partial()
  .extend({ ...versionField, empresa: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (v.empresa !== undefined)
      ctx.addIssue({ code: 'custom', message: M.empresaInmutable, path: ['empresa'] });
    reglas(v, ctx);
  });
export type TransporteUpdate = z.output<typeof transporteUpdateSchema>;

export const entregarSchema = z.object({
  version: versionSchema.optional(),
  firma: firmaInputSchema.optional(),
  sinFirmaMotivo: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    textSchema({ multiline: true })
      .trim()
      .min(10, 'El motivo debe tener entre 10 y 500 caracteres')
      .max(500, 'El motivo debe tener entre 10 y 500 caracteres')
      .optional(),
  ),
});
export const anularTransporteSchema = z.object({
  version: versionSchema.optional(),
  motivo: motivoAnulacionSchema,
});
export const inspeccionSchema = z.object({
  codigo: z.string().regex(/^\d{4,20}$/, 'El código de la inspección tiene entre 4 y 20 cifras'),
  fecha: fechaSchema(),
  notas: textoOpcional(500, true),
});
export const inspeccionUpdateSchema = z.object({ enviado: z.literal(true) });

const parteSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  documento: z.string().nullable(),
});
export const transporteSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  empresa: z.literal('transporte'),
  numero: z.string(),
  estado: z.enum(ESTADOS_TRANSPORTE),
  cliente: parteSchema,
  remitente: z.object({ nombre: z.string(), documento: z.string().nullable() }).nullable(),
  destinatario: z.object({
    nombre: z.string(),
    documento: z.string().nullable(),
    telefono: z.string().nullable(),
  }),
  origen: z.object({ nombre: z.string().nullable(), direccion: direccionSchema }),
  destino: z.object({ nombre: z.string().nullable(), direccion: direccionSchema }),
  fechaCarga: z.string(),
  horaCarga: z.string().nullable(),
  fechaEntregaPrevista: z.string().nullable(),
  transportista: z.object({
    tipo: z.enum(['propio', 'subcontratado']),
    nombre: z.string(),
    nif: z.string().nullable(),
    proveedorId: z.string().nullable(),
  }),
  camion: z.object({ _id: z.string(), matricula: z.string() }).nullable(),
  matricula: z.string().nullable(),
  matriculaTexto: z.string().nullable(),
  matriculaRemolque: z.string().nullable(),
  conductor: z.object({ nombre: z.string().nullable(), dni: z.string().nullable() }),
  mercancia: z.object({
    descripcion: z.string(),
    bultos: z.number().nullable(),
    pesoKg: z.number().nullable(),
    pesoEstimado: z.boolean(),
  }),
  exentoDocumentoControl: z.boolean(),
  motivoExencion: z.enum(MOTIVOS_EXENCION).nullable(),
  precio: z.string().nullable(),
  tipoIva: z.number(),
  firma: firmaSchema.nullable(),
  /** R9: the fingerprint of the delivered content, signed or delivered without signature. */
  huella: z.string().nullable(),
  sinFirmaMotivo: z.string().nullable(),
  salidaAt: z.string().nullable(),
  entregadoAt: z.string().nullable(),
  avisos: z.array(z.string()),
  inspecciones: z.array(
    z.object({
      _id: z.string(),
      codigo: z.string(),
      fecha: z.string(),
      notas: z.string().nullable(),
      enviadoAt: z.string().nullable(),
      registradoPor: z.string().nullable(),
    }),
  ),
  referenciaExterna: z.string().nullable(),
  observaciones: z.string().nullable(),
  anulacion: z
    .object({ motivo: z.string(), anuladoAt: z.string(), anuladoPor: z.string().nullable() })
    .nullable(),
  origenDocumento: z.object({ _id: z.string(), numero: z.string() }).nullable(),
  importacionId: z.string().nullable(),
  factura: z.object({ _id: z.string(), numero: z.string() }).nullable(),
  documentoControl: z.object({ completo: z.boolean(), faltan: z.array(z.string()) }),
});
export type Transporte = z.output<typeof transporteSchema>;

export const parseTransporteSort = (sort: string | undefined) =>
  parseSort(sort, TRANSPORTE_SORT_FIELDS, { field: 'fecha', direction: 'desc' });
const vacio = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const transporteListQuerySchema = z.object({
  ...listQueryFields({ sortFields: TRANSPORTE_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  estado: z.preprocess(vacio, z.enum(ESTADOS_TRANSPORTE).optional()),
  desde: z.preprocess(vacio, fechaSchema().optional()),
  hasta: z.preprocess(vacio, fechaSchema().optional()),
  clienteId: z.preprocess(vacio, z.uuid().optional()),
  camionId: z.preprocess(vacio, z.uuid().optional()),
  importacionId: z.preprocess(vacio, z.uuid().optional()),
  /** "Sin facturar" is `facturado=false`. */
  facturado: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : undefined),
    z.boolean().optional(),
  ),
  /** "Documento de control incompleto" (R10, not exento). */
  incompleto: z.preprocess((v) => (v === 'true' ? true : undefined), z.boolean().optional()),
});
export type TransporteListQuery = z.output<typeof transporteListQuerySchema>;
export const transporteExportQuerySchema = transporteListQuerySchema.omit({
  page: true,
  limit: true,
});

export const transporteResumenSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  numero: z.string(),
  estado: z.enum(ESTADOS_TRANSPORTE),
  fechaCarga: z.string(),
  cliente: parteSchema,
  origen: z.string().nullable(),
  destino: z.string().nullable(),
  matricula: z.string().nullable(),
  conductor: z.string().nullable(),
  pesoKg: z.number().nullable(),
  precio: z.string().nullable(),
  documentoControlCompleto: z.boolean(),
  factura: z.object({ _id: z.string(), numero: z.string() }).nullable(),
});
export type TransporteResumen = z.output<typeof transporteResumenSchema>;
