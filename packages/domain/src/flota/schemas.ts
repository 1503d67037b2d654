import { z } from '../zod-es.js';
import { checkSpanishDocument } from '../documento/spanish-id.js';
import { checkSpanishPlate, matriculaSchema } from '../documento/matricula.js';
import { bastidorSchema } from '../documento/vin.js';
import { fechaSchema } from '../fechas/fechas.js';
import { blankToUndefined, listQueryFields, parseSort } from '../lists/list-query.js';
import { PARTE_MESSAGES } from '../partes/parte-messages.js';
import { observacionesSchema } from '../partes/parte-schemas.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import {
  ACCIONES_CAMION,
  CARROCERIAS,
  CATEGORIAS_DOCUMENTO_CAMION,
  CLASES_PERMISO,
  COBERTURAS,
  ESTADOS_CAMION,
  ESTADOS_ITV,
  esRemolque,
  ORIGENES_LECTURA_KM,
  RESULTADOS_ITV,
  TIPOS_AUTORIZACION,
  TIPOS_CAMION,
  TIPOS_MANTENIMIENTO_CAMION,
  TIPOS_TACOGRAFO,
  TIPOS_VENCIMIENTO,
} from './catalogos.js';
import { CATEGORIAS_VEHICULO } from './itv.js';
import { FLOTA_MESSAGES as M } from './mensajes.js';
import { CAMION_SORT_FIELDS, type CamionSortField } from './flota-listas.js';

export { CAMION_SORT_FIELDS, type CamionSortField };

// §2.1, §2.2, §6: every payload and answer of the fleet, shared by the API routes and the forms.

const opcional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
const nulable = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.nullable().optional());
const texto = (max: number, mensaje: string = M.texto(max)) =>
  textSchema({ error: mensaje }).trim().max(max, mensaje);
const requerido = (min: number, max: number, mensaje: string) =>
  textSchema({ error: mensaje }).trim().min(min, mensaje).max(max, mensaje);
const entero = (min: number, max: number, mensaje: string) =>
  z.number({ error: mensaje }).int(mensaje).min(min, mensaje).max(max, mensaje);
const importe = z
  .string({ error: M.importe })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, M.importe);
const kmSchema = entero(0, 9_999_999, M.kmLectura);

export const autorizacionSchema = z
  .object({
    tipo: z.enum(TIPOS_AUTORIZACION, { error: M.autorizacionRequerida }),
    numero: opcional(texto(30, M.autorizacionNumero)),
    visadoHasta: opcional(fechaSchema()),
  })
  .superRefine((a, ctx) => {
    if (a.tipo === 'no_requiere') return;
    if (!a.numero)
      ctx.addIssue({ code: 'custom', message: M.autorizacionNumero, path: ['numero'] });
    if (!a.visadoHasta)
      ctx.addIssue({ code: 'custom', message: M.autorizacionVisado, path: ['visadoHasta'] });
  });

export const seguroSchema = z.object({
  aseguradora: requerido(1, 80, M.aseguradora),
  poliza: requerido(1, 40, M.poliza),
  cobertura: z.enum(COBERTURAS),
  vencimiento: fechaSchema(),
  primaAnual: opcional(importe),
});

export const tacografoSchema = z.object({
  tipo: z.enum(TIPOS_TACOGRAFO, { error: M.tacografoRequerido }),
  numeroSerie: opcional(texto(40)),
  ultimaRevision: opcional(fechaSchema()),
  ultimaDescarga: opcional(fechaSchema()),
});

const camionFields = {
  matricula: matriculaSchema,
  bastidor: bastidorSchema,
  tipo: z.enum(TIPOS_CAMION, { error: M.tipo }),
  carroceria: nulable(z.enum(CARROCERIAS)),
  marca: requerido(1, 60, M.marca),
  modelo: requerido(1, 60, M.modelo),
  fechaPrimeraMatriculacion: fechaSchema(),
  fechaAlta: opcional(fechaSchema()),
  mmaKg: entero(100, 60_000, M.mma),
  taraKg: entero(1, 60_000, M.tara),
  autorizacion: nulable(autorizacionSchema),
  seguro: nulable(seguroSchema),
  tacografo: nulable(tacografoSchema),
  itvProximaInicial: nulable(fechaSchema()),
  conductorHabitualId: nulable(z.string().uuid(M.conductorDesconocido)),
  observaciones: observacionesSchema,
};

type CamionCampos = {
  matricula: string;
  tipo: (typeof TIPOS_CAMION)[number];
  mmaKg: number;
  taraKg: number;
  fechaPrimeraMatriculacion: string;
  fechaAlta?: string | undefined;
  autorizacion?: { tipo: string } | null | undefined;
  tacografo?: unknown;
  conductorHabitualId?: string | null | undefined;
};

/** §4.1 and §2.1 rules across fields (the ones that need no stored state nor "hoy"). */
const reglasCamion = (c: CamionCampos, ctx: z.RefinementCtx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path] });
  const remolque = esRemolque(c.tipo);
  const formato = checkSpanishPlate(c.matricula)?.formato;
  if (formato === 'remolque' && !remolque) issue('matricula', M.matriculaR);
  if (remolque && formato !== undefined && formato !== 'remolque')
    issue('matricula', M.remolqueSinR);
  if (c.tipo === 'remolque' && c.mmaKg <= 750) issue('tipo', M.remolqueLigero);
  if (c.taraKg >= c.mmaKg) issue('taraKg', M.taraMenor);
  if (c.fechaAlta && c.fechaAlta < c.fechaPrimeraMatriculacion)
    issue('fechaAlta', M.fechaAltaAnterior);
  if (remolque) {
    if (c.autorizacion) issue('autorizacion', M.soloMotor);
    if (c.tacografo) issue('tacografo', M.soloMotor);
    if (c.conductorHabitualId) issue('conductorHabitualId', M.remolqueSinConductor);
  } else {
    // §2.1 "motor only" = required on motor vehicles: the answer is the tipo ("No requiere",
    // "No lleva" when the vehicle needs none), so the missing part is named on it.
    if (!c.autorizacion)
      ctx.addIssue({
        code: 'custom',
        message: M.autorizacionRequerida,
        path: ['autorizacion', 'tipo'],
      });
    if (!c.tacografo)
      ctx.addIssue({ code: 'custom', message: M.tacografoRequerido, path: ['tacografo', 'tipo'] });
  }
  if (c.autorizacion?.tipo === 'MDP' && c.mmaKg <= 3500)
    ctx.addIssue({ code: 'custom', message: M.autorizacionMdp, path: ['autorizacion', 'tipo'] });
  if (c.autorizacion?.tipo === 'MDL' && (c.mmaKg <= 2000 || c.mmaKg > 3500))
    ctx.addIssue({ code: 'custom', message: M.autorizacionMdl, path: ['autorizacion', 'tipo'] });
};

export const camionCreateSchema = z
  .object({ ...camionFields, kmIniciales: opcional(kmSchema) })
  .superRefine((c, ctx) => {
    reglasCamion(c, ctx);
    if (c.kmIniciales !== undefined && esRemolque(c.tipo))
      ctx.addIssue({ code: 'custom', message: M.remolqueSinKm, path: ['kmIniciales'] });
  });
/** modules/README.md "PUT bodies": a body naming the empresa, even the stored one, is refused. */
const empresaInmutable = {
  empresa: z.undefined({ error: PARTE_MESSAGES.empresaImmutable }).optional(),
};

export const camionUpdateSchema = z
  .object({ ...camionFields, ...versionField, ...empresaInmutable })
  .superRefine(reglasCamion);
export type CamionCreate = z.output<typeof camionCreateSchema>;
export type CamionUpdate = z.output<typeof camionUpdateSchema>;
export type CamionInput = z.input<typeof camionCreateSchema>;

export const vencimientoSchema = z.object({
  ambito: z.enum(['camion', 'conductor']),
  refId: z.string(),
  etiqueta: z.string(),
  tipo: z.enum(TIPOS_VENCIMIENTO),
  concepto: z.string(),
  fecha: z.string().nullable(),
  kmRestantes: z.number().int().nullable(),
  fechaEstimada: z.string().nullable(),
  diasRestantes: z.number().int().nullable(),
  estado: z.enum(['vencido', 'proximo', 'al_dia']),
});
export type VencimientoItem = z.output<typeof vencimientoSchema>;

const auditoria = {
  _id: z.string(),
  empresa: z.literal('transporte'),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
};

export const camionSchema = z.object({
  ...auditoria,
  matricula: z.string(),
  matriculaTexto: z.string(),
  bastidor: z.string(),
  tipo: z.enum(TIPOS_CAMION),
  carroceria: z.enum(CARROCERIAS).nullable(),
  marca: z.string(),
  modelo: z.string(),
  descripcion: z.string(),
  fechaPrimeraMatriculacion: z.string(),
  fechaAlta: z.string(),
  mmaKg: z.number().int(),
  taraKg: z.number().int(),
  cargaUtilKg: z.number().int(),
  categoria: z.enum(CATEGORIAS_VEHICULO),
  autorizacion: z
    .object({
      tipo: z.enum(TIPOS_AUTORIZACION),
      numero: z.string().nullable(),
      visadoHasta: z.string().nullable(),
    })
    .nullable(),
  seguro: z
    .object({
      aseguradora: z.string(),
      poliza: z.string(),
      cobertura: z.enum(COBERTURAS),
      vencimiento: z.string(),
      primaAnual: z.string().nullable(),
    })
    .nullable(),
  tacografo: z
    .object({
      tipo: z.enum(TIPOS_TACOGRAFO),
      numeroSerie: z.string().nullable(),
      ultimaRevision: z.string().nullable(),
      ultimaDescarga: z.string().nullable(),
      proximaRevision: z.string().nullable(),
      proximaDescarga: z.string().nullable(),
    })
    .nullable(),
  itvProximaInicial: z.string().nullable(),
  itvHasta: z.string(),
  itv: z.object({
    estado: z.enum(ESTADOS_ITV),
    texto: z.string(),
    ultimaInspeccion: z
      .object({ _id: z.string(), fecha: z.string(), resultado: z.enum(RESULTADOS_ITV) })
      .nullable(),
    plazoSubsanacion: z.string().nullable(),
    inspecciones: z.number().int(),
  }),
  conductorHabitualId: z.string().nullable(),
  conductorHabitual: z.object({ _id: z.string(), nombre: z.string() }).nullable(),
  estado: z.enum(ESTADOS_CAMION),
  activo: z.boolean(),
  fechaBaja: z.string().nullable(),
  motivoBaja: z.string().nullable(),
  fechaEntradaTaller: z.string().nullable(),
  kmActual: z.number().int().nullable(),
  kmFecha: z.string().nullable(),
  observaciones: z.array(z.string()),
  vencimientos: z.array(vencimientoSchema),
  apto: z.boolean(),
  motivosNoApto: z.array(z.string()),
});
export type Camion = z.output<typeof camionSchema>;

export const camionWriteResponseSchema = z.object({
  data: camionSchema,
  warnings: z.array(z.string()).optional(),
});

export const parseCamionSort = (sort: string | undefined) =>
  parseSort(sort, CAMION_SORT_FIELDS, { field: 'matricula', direction: 'asc' });

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? undefined
          : value.split(',').map((v) => v.trim())
        : value,
    z.array(z.enum(values)).optional(),
  );
const booleano = z
  .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
  .transform((value) => (value === undefined ? undefined : value === 'true'));

export const camionListQuerySchema = z.object({
  ...listQueryFields({ sortFields: CAMION_SORT_FIELDS, defaultLimit: 10, maxLimit: 100 }),
  estado: csv(ESTADOS_CAMION),
  activo: booleano,
  tipo: csv(TIPOS_CAMION),
  clase: opcional(z.enum(['motor', 'remolque'])),
  soloAptos: booleano,
  vencimientos: opcional(z.coerce.number().int().min(1).max(365)),
  conductorId: opcional(z.string()),
});
export type CamionListQuery = z.output<typeof camionListQuerySchema>;

/**
 * §6 `/api/camiones/vencimientos`: the window of `dias` a page at a time, most urgent first (§4.3
 * order), with the window's counts — total, vencidos, próximos and per tipo, which the dashboard
 * shows without reading every item (decision 0029).
 */
export const vencimientosQuerySchema = z.object({
  dias: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(10)),
});
export const vencimientosResponseSchema = z.object({
  data: z.array(vencimientoSchema),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    vencidos: z.number().int(),
    proximos: z.number().int(),
    dias: z.number().int(),
    porTipo: z.record(z.enum(TIPOS_VENCIMIENTO), z.number().int()),
  }),
});
export type VencimientosResponse = z.output<typeof vencimientosResponseSchema>;

export const estadoCamionBodySchema = z
  .object({
    accion: z.enum(ACCIONES_CAMION),
    fecha: fechaSchema(),
    motivo: opcional(texto(200, M.motivoBaja)),
    version: versionSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.accion === 'dar_baja' && (!b.motivo || b.motivo.length < 3))
      ctx.addIssue({ code: 'custom', message: M.motivo, path: ['motivo'] });
  });
export type EstadoCamionBody = z.output<typeof estadoCamionBodySchema>;

// Sub-records

export const itvBodySchema = z.object({
  fecha: fechaSchema(),
  estacion: opcional(texto(80)),
  resultado: z.enum(RESULTADOS_ITV),
  km: opcional(kmSchema),
  observaciones: opcional(textSchema({ multiline: true }).trim().max(2000, M.texto(2000))),
  informeArchivoId: nulable(z.string().uuid(M.informeItv)),
  confirmada: z.boolean().optional(),
  ...versionField,
});
export type ItvBody = z.output<typeof itvBodySchema>;

export const itvSchema = z.object({
  _id: z.string(),
  camionId: z.string(),
  version: z.number().int(),
  fecha: z.string(),
  estacion: z.string().nullable(),
  resultado: z.enum(RESULTADOS_ITV),
  km: z.number().int().nullable(),
  observaciones: z.string().nullable(),
  informeArchivoId: z.string().nullable(),
  proximaItv: z.string().nullable(),
  plazoSubsanacion: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Inspeccion = z.output<typeof itvSchema>;

export const mantenimientoCamionBodySchema = z.object({
  fecha: fechaSchema(),
  km: opcional(kmSchema),
  tipo: z.enum(TIPOS_MANTENIMIENTO_CAMION),
  tallerId: nulable(z.string().uuid(M.tallerInvalido)),
  descripcion: opcional(textSchema({ multiline: true }).trim().max(2000, M.texto(2000))),
  coste: z.preprocess(blankToUndefined, importe.default('0.00')),
  numeroFactura: opcional(texto(40)),
  /** → finanzas compras (§2.6): a transporte compra, optional. */
  compraId: nulable(z.string().uuid(M.compraInvalida)),
  proximaFecha: nulable(fechaSchema()),
  proximoKm: nulable(kmSchema),
  confirmada: z.boolean().optional(),
  ...versionField,
});
export type MantenimientoCamionBody = z.output<typeof mantenimientoCamionBodySchema>;

export const mantenimientoCamionSchema = z.object({
  _id: z.string(),
  camionId: z.string(),
  version: z.number().int(),
  fecha: z.string(),
  km: z.number().int().nullable(),
  tipo: z.enum(TIPOS_MANTENIMIENTO_CAMION),
  tallerId: z.string().nullable(),
  taller: z.string(),
  descripcion: z.string().nullable(),
  coste: z.string(),
  numeroFactura: z.string().nullable(),
  compraId: z.string().nullable(),
  /** The linked compra as finanzas lists it (null when none, or no longer a transporte one). */
  compra: z
    .object({
      _id: z.string(),
      numeroRegistro: z.string(),
      proveedor: z.string(),
      numeroFacturaProveedor: z.string(),
    })
    .nullable(),
  proximaFecha: z.string().nullable(),
  proximoKm: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type MantenimientoCamion = z.output<typeof mantenimientoCamionSchema>;

export const subListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** GET …/mantenimientos: a page, of one tipo when asked (the form's previous one of that tipo). */
export const mantenimientosQuerySchema = subListQuerySchema.extend({
  tipo: opcional(z.enum(TIPOS_MANTENIMIENTO_CAMION)),
});

export const lecturaKmBodySchema = z.object({
  fecha: fechaSchema(),
  km: kmSchema,
  confirmada: z.boolean().optional(),
});
export type LecturaKmBody = z.output<typeof lecturaKmBodySchema>;

export const lecturaKmSchema = z.object({
  _id: z.string(),
  camionId: z.string(),
  fecha: z.string(),
  km: z.number().int(),
  origen: z.enum(ORIGENES_LECTURA_KM),
  origenId: z.string().nullable(),
  confirmada: z.boolean(),
  registradoPor: z.string().nullable(),
  createdAt: z.string(),
});
export type LecturaKm = z.output<typeof lecturaKmSchema>;

export const documentoCamionCamposSchema = z.object({
  categoria: z.enum(CATEGORIAS_DOCUMENTO_CAMION, { error: 'Elige una categoría' }),
  fechaDocumento: opcional(fechaSchema()),
  vencimiento: opcional(fechaSchema()),
});

export const documentoCamionSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  mime: z.string(),
  tamano: z.number().int(),
  categoria: z.enum(CATEGORIAS_DOCUMENTO_CAMION),
  fechaDocumento: z.string().nullable(),
  vencimiento: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DocumentoCamion = z.output<typeof documentoCamionSchema>;

export const asignacionSchema = z.object({
  conductorId: z.string(),
  nombre: z.string(),
  desde: z.string(),
  hasta: z.string().nullable(),
});

// §2.2 conductores

const documentoConductor = textSchema({ error: M.documento })
  .trim()
  .toUpperCase()
  .refine((valor) => checkSpanishDocument(valor) === 'valid', { error: M.documento });

const conductorFields = {
  nombre: requerido(2, 100, M.nombre),
  apellidos: requerido(2, 150, M.apellidos),
  documento: documentoConductor,
  telefono: opcional(
    textSchema()
      .trim()
      .max(30, M.telefono)
      .regex(/^[+\d\s()-]+$/, M.telefono),
  ),
  correo: opcional(textSchema().trim().toLowerCase().email(M.correo).max(254)),
  clasesPermiso: z
    .array(z.enum(CLASES_PERMISO), { error: M.clases })
    .min(1, M.clases)
    .transform((clases) => CLASES_PERMISO.filter((c) => clases.includes(c))),
  permisoVencimiento: fechaSchema(),
  capVencimiento: nulable(fechaSchema()),
  tarjetaTacografo: nulable(
    z.object({ numero: requerido(1, 20, M.tarjeta), vencimiento: fechaSchema() }),
  ),
  activo: z.boolean().default(true),
  observaciones: observacionesSchema,
};

const reglasConductor = (
  c: { clasesPermiso: string[]; capVencimiento?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (c.clasesPermiso.some((clase) => clase !== 'B') && !c.capVencimiento)
    ctx.addIssue({ code: 'custom', message: M.capRequerido, path: ['capVencimiento'] });
};

export const conductorCreateSchema = z.object(conductorFields).superRefine(reglasConductor);
export const conductorUpdateSchema = z
  .object({ ...conductorFields, ...versionField, ...empresaInmutable })
  .superRefine(reglasConductor);
export type ConductorCreate = z.output<typeof conductorCreateSchema>;
export type ConductorInput = z.input<typeof conductorCreateSchema>;

export const conductorSchema = z.object({
  ...auditoria,
  nombre: z.string(),
  apellidos: z.string(),
  nombreCompleto: z.string(),
  documento: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
  clasesPermiso: z.array(z.enum(CLASES_PERMISO)),
  permisoVencimiento: z.string(),
  capVencimiento: z.string().nullable(),
  tarjetaTacografo: z.object({ numero: z.string(), vencimiento: z.string() }).nullable(),
  activo: z.boolean(),
  observaciones: z.array(z.string()),
  vehiculoHabitual: z.object({ _id: z.string(), matriculaTexto: z.string() }).nullable(),
  vencimientos: z.array(vencimientoSchema),
});
export type Conductor = z.output<typeof conductorSchema>;

export const CONDUCTOR_SORT_FIELDS = ['nombre', 'documento', 'updatedAt'] as const;
export const parseConductorSort = (sort: string | undefined) =>
  parseSort(sort, CONDUCTOR_SORT_FIELDS, { field: 'nombre', direction: 'asc' });
export const conductorListQuerySchema = z.object({
  ...listQueryFields({ sortFields: CONDUCTOR_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  activo: booleano,
});
export type ConductorListQuery = z.output<typeof conductorListQuerySchema>;
