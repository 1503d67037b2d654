import { z } from '../zod-es.js';
import { checkSpanishPlate, MATRICULA_INVALIDA } from '../documento/matricula.js';
import { textSchema } from '../text/text.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { versionField, versionSchema } from '../versiones/index.js';
import { observacionesSchema } from '../partes/parte-schemas.js';
import {
  COMBUSTIBLES,
  ESTADOS_MAQUINA,
  MOTIVOS_BAJA,
  ORIGENES_LECTURA,
  TIPOS_MAQUINA,
} from './catalogos.js';
import {
  auditoriaFields,
  comprobarTarifas,
  fechaOpcional,
  importeInventarioSchema,
  medidaSchema,
  opcional,
} from './campos.js';
import { INVENTARIO_MESSAGES as M } from './mensajes.js';
import {
  FILTROS_AVISO_MAQUINA,
  FILTROS_ESTADO_MAQUINA,
  MAQUINA_SORT_FIELDS,
  MAX_DIAS_CONSULTA,
  type MaquinaSortField,
} from './inventario-listas.js';

export {
  FILTROS_AVISO_MAQUINA,
  FILTROS_ESTADO_MAQUINA,
  MAQUINA_SORT_FIELDS,
  MAX_DIAS_CONSULTA,
  type MaquinaSortField,
};

// §2.1 serial machines, §2.2 hour-meter readings, §2.3 service plans.

export const ANIO_MINIMO = 1950;
/** A machine may be of next year's model (§2.1); the bound moves with the calendar. */
export const anioMaximo = (hoy: Date = new Date()) => hoy.getFullYear() + 1;

export const horometroSchema = medidaSchema(1, '999999999.9', M.horometro, { cero: true });

const entero = (min: number, max: number, mensaje: string) =>
  z.number({ error: mensaje }).int(mensaje).min(min, mensaje).max(max, mensaje);

const tarifasSchema = z
  .object({
    dia: importeInventarioSchema,
    semana: opcional(importeInventarioSchema),
    mes: opcional(importeInventarioSchema),
    horasIncluidasDia: entero(1, 24, M.horasIncluidas).default(8),
    horaExtra: opcional(importeInventarioSchema),
    fianza: opcional(importeInventarioSchema),
  })
  .superRefine((tarifas, ctx) => {
    if (!/[1-9]/.test(tarifas.dia))
      ctx.addIssue({ code: 'custom', message: M.tarifaDiaria, path: ['dia'] });
    else comprobarTarifas(tarifas, ctx, [], { semanaEstricta: true });
  });

export const revisionPlanSchema = z
  .object({
    _id: opcional(z.string()),
    nombre: textSchema({ error: M.revisionNombre })
      .trim()
      .min(2, M.revisionNombre)
      .max(80, M.revisionNombre),
    cadaHoras: opcional(
      z
        .number({ error: M.revisionPeriodo })
        .int(M.revisionPeriodo)
        .min(10, M.revisionPeriodo)
        .max(10_000, M.revisionPeriodo),
    ),
    cadaMeses: opcional(
      z
        .number({ error: M.revisionPeriodo })
        .int(M.revisionPeriodo)
        .min(1, M.revisionPeriodo)
        .max(60, M.revisionPeriodo),
    ),
    avisoHoras: entero(0, 1000, 'Avisar de 0 a 1.000 h antes').default(25),
    avisoDias: entero(0, 90, 'Avisar de 0 a 90 días antes').default(30),
    ultimaFecha: fechaOpcional,
    ultimasHoras: opcional(horometroSchema),
  })
  .superRefine((item, ctx) => {
    if (item.cadaHoras === undefined && item.cadaMeses === undefined)
      ctx.addIssue({ code: 'custom', message: M.revisionPeriodo, path: ['cadaHoras'] });
  });
export type RevisionPlanInput = z.output<typeof revisionPlanSchema>;

const matriculaOpcional = opcional(
  z.string().transform((valor, ctx) => {
    const matricula = checkSpanishPlate(valor);
    if (matricula) return matricula.normalizada;
    ctx.addIssue({ code: 'custom', message: MATRICULA_INVALIDA });
    return z.NEVER;
  }),
);

const maquinaFields = {
  codigoInterno: opcional(
    textSchema()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{2,20}$/, M.codigoInterno),
  ),
  tipo: z.enum(TIPOS_MAQUINA, { error: M.tipoRequerido }),
  marca: textSchema({ error: M.marca }).trim().min(1, M.marca).max(60, M.marca),
  modelo: textSchema({ error: M.modelo }).trim().min(1, M.modelo).max(80, M.modelo),
  anio: z
    .number({ error: M.anio(anioMaximo()) })
    .int(M.anio(anioMaximo()))
    .refine((anio) => anio >= ANIO_MINIMO && anio <= anioMaximo(), { error: M.anio(anioMaximo()) }),
  numeroSerie: textSchema({ error: M.numeroSerie })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9./-]{3,40}$/, M.numeroSerie),
  matricula: matriculaOpcional,
  fechaMatriculacion: fechaOpcional,
  requiereItv: z.boolean().default(false),
  tarifas: tarifasSchema,
  diasPreparacion: entero(0, 7, M.diasPreparacion).default(0),
  pesoKg: medidaSchema(1, '99999.9', M.pesoMaquina),
  dimensiones: z
    .object({
      largoMm: opcional(entero(1, 30_000, M.dimension)),
      anchoMm: opcional(entero(1, 30_000, M.dimension)),
      altoMm: opcional(entero(1, 30_000, M.dimension)),
    })
    .default({}),
  combustible: z.enum(COMBUSTIBLES).default('diesel'),
  caracteristicas: z
    .array(
      z.object({
        nombre: textSchema().trim().min(1, M.caracteristicaNombre).max(40, M.caracteristicaNombre),
        valor: textSchema().trim().min(1, M.caracteristicaValor).max(80, M.caracteristicaValor),
      }),
    )
    .max(20, M.demasiadasCaracteristicas)
    .default([]),
  planRevisiones: z.array(revisionPlanSchema).max(10, M.demasiadasRevisiones).default([]),
  fechaAdquisicion: fechaOpcional,
  precioAdquisicion: opcional(importeInventarioSchema),
  proveedorId: opcional(z.string().uuid('Elige un proveedor de la lista')),
  observaciones: observacionesSchema,
};

type Circulacion = {
  matricula?: string | undefined;
  fechaMatriculacion?: string | undefined;
  requiereItv: boolean;
};

/** §2.1: a plate needs its registration date; only a plated machine can require ITV. */
const reglasCirculacion = (value: Circulacion, ctx: z.RefinementCtx) => {
  if (value.matricula !== undefined && value.fechaMatriculacion === undefined)
    ctx.addIssue({
      code: 'custom',
      message: M.fechaMatriculacionRequerida,
      path: ['fechaMatriculacion'],
    });
  if (value.matricula === undefined && value.requiereItv)
    ctx.addIssue({ code: 'custom', message: M.itvSinMatricula, path: ['requiereItv'] });
};

export const maquinaCreateSchema = z
  .object({ ...maquinaFields, horometroInicial: horometroSchema.default('0') })
  .superRefine(reglasCirculacion);
export const maquinaUpdateSchema = z
  .object({ ...maquinaFields, ...versionField })
  .superRefine(reglasCirculacion);
export type MaquinaCreate = z.output<typeof maquinaCreateSchema>;
export type MaquinaUpdate = z.output<typeof maquinaUpdateSchema>;
export type MaquinaInput = z.input<typeof maquinaCreateSchema>;

export const avisoSchema = z.object({
  codigo: z.string(),
  nivel: z.enum(['error', 'aviso']),
  mensaje: z.string(),
});
export type Aviso = z.output<typeof avisoSchema>;

export const revisionSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  cadaHoras: z.number().int().nullable(),
  cadaMeses: z.number().int().nullable(),
  avisoHoras: z.number().int(),
  avisoDias: z.number().int(),
  ultimaFecha: z.string(),
  ultimasHoras: z.string(),
  proximaFecha: z.string().nullable(),
  proximasHoras: z.string().nullable(),
  estado: z.enum(['al_dia', 'proxima', 'vencida']),
});
export type Revision = z.output<typeof revisionSchema>;

export const maquinaSchema = z.object({
  ...auditoriaFields,
  codigoInterno: z.string(),
  tipo: z.enum(TIPOS_MAQUINA),
  marca: z.string(),
  modelo: z.string(),
  anio: z.number().int(),
  numeroSerie: z.string(),
  matricula: z.object({ normalizada: z.string(), texto: z.string() }).nullable(),
  fechaMatriculacion: z.string().nullable(),
  requiereItv: z.boolean(),
  horometro: z.string(),
  horasAcumuladas: z.string(),
  estado: z.enum(ESTADOS_MAQUINA),
  tarifas: z.object({
    dia: z.string(),
    semana: z.string().nullable(),
    mes: z.string().nullable(),
    horasIncluidasDia: z.number().int(),
    horaExtra: z.string().nullable(),
    fianza: z.string().nullable(),
  }),
  diasPreparacion: z.number().int(),
  pesoKg: z.string(),
  dimensiones: z.object({
    largoMm: z.number().int().nullable(),
    anchoMm: z.number().int().nullable(),
    altoMm: z.number().int().nullable(),
  }),
  combustible: z.enum(COMBUSTIBLES),
  caracteristicas: z.array(z.object({ nombre: z.string(), valor: z.string() })),
  planRevisiones: z.array(revisionSchema),
  fechaAdquisicion: z.string().nullable(),
  precioAdquisicion: z.string().nullable(),
  proveedor: z.object({ _id: z.string(), nombre: z.string() }).nullable(),
  observaciones: z.array(z.string()),
  baja: z
    .object({ fecha: z.string(), motivo: z.enum(MOTIVOS_BAJA), detalle: z.string().nullable() })
    .nullable(),
  avisos: z.array(avisoSchema),
  proximaReserva: z
    .object({
      origenId: z.string(),
      numero: z.string(),
      etiqueta: z.string(),
      desde: z.string(),
      hasta: z.string().nullable(),
    })
    .nullable(),
  mantenimientoAbierto: z
    .object({ _id: z.string(), tipo: z.string(), descripcion: z.string(), fechaInicio: z.string() })
    .nullable(),
  /** Only GET …/{id}: whether R15 lets it be deleted (no bookings, maintenances, later readings). */
  eliminable: z.boolean().optional(),
});
export type Maquina = z.output<typeof maquinaSchema>;

export const maquinaListQuerySchema = z
  .object({
    ...listQueryFields({ sortFields: MAQUINA_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
    tipo: opcional(z.enum(TIPOS_MAQUINA)),
    estado: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.enum(FILTROS_ESTADO_MAQUINA).default('activas'),
    ),
    aviso: opcional(z.enum(FILTROS_AVISO_MAQUINA)),
    libreDesde: opcional(fechaSchema()),
    libreHasta: opcional(fechaSchema()),
  })
  .superRefine((query, ctx) =>
    rangoOpcional(query.libreDesde, query.libreHasta, ctx, 'libreHasta'),
  );
export const maquinaExportQuerySchema = maquinaListQuerySchema;
export type MaquinaListQuery = z.output<typeof maquinaListQuerySchema>;

export const parseMaquinaSort = (sort: string | undefined) =>
  parseSort(sort, MAQUINA_SORT_FIELDS, { field: 'codigoInterno', direction: 'asc' });

/** Both dates or none, in order, at most 366 days apart. */
export const rangoOpcional = (
  desde: string | undefined,
  hasta: string | undefined,
  ctx: z.RefinementCtx,
  campo: string,
) => {
  if ((desde === undefined) !== (hasta === undefined)) {
    ctx.addIssue({ code: 'custom', message: M.libreAmbas, path: [campo] });
    return;
  }
  if (desde === undefined || hasta === undefined) return;
  comprobarRango(desde, hasta, ctx, campo);
};

/** hasta ≥ desde and at most 366 days of range. */
export const comprobarRango = (
  desde: string,
  hasta: string,
  ctx: z.RefinementCtx,
  campo: string,
) => {
  if (hasta < desde) ctx.addIssue({ code: 'custom', message: M.rangoInvertido, path: [campo] });
  else if (
    (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000 + 1 >
    MAX_DIAS_CONSULTA
  )
    ctx.addIssue({ code: 'custom', message: M.rangoMaximo, path: [campo] });
};

/** POST …/horometro (maquinaria.taller; reinicio: maquinaria.edit). */
export const lecturaCreateSchema = z
  .object({
    fecha: fechaSchema(),
    lectura: horometroSchema,
    reinicio: z.boolean().default(false),
    motivo: opcional(textSchema().trim().min(5, M.motivo).max(200, M.motivo)),
  })
  .superRefine((value, ctx) => {
    if (value.reinicio && value.motivo === undefined)
      ctx.addIssue({ code: 'custom', message: M.motivo, path: ['motivo'] });
  });
export type LecturaCreate = z.output<typeof lecturaCreateSchema>;

export const lecturaSchema = z.object({
  _id: z.string(),
  fecha: z.string(),
  lectura: z.string(),
  origen: z.enum(ORIGENES_LECTURA),
  referencia: z.string().nullable(),
  reinicio: z.boolean(),
  motivo: z.string().nullable(),
  registradoPor: z.string().nullable(),
  registradoEn: z.string(),
});
export type Lectura = z.output<typeof lecturaSchema>;

export const bajaMaquinaSchema = z.object({
  fecha: fechaSchema(),
  motivo: z.enum(MOTIVOS_BAJA, { error: 'Elige el motivo de la baja' }),
  detalle: opcional(textSchema({ multiline: true }).trim().max(500)),
  version: versionSchema,
});
export const reactivarMaquinaSchema = z.object({
  motivo: textSchema({ error: M.motivo }).trim().min(5, M.motivo).max(200, M.motivo),
  version: versionSchema,
});

/** §6.4 machine picker. */
export const maquinaOpcionesQuerySchema = z
  .object({
    q: opcional(textSchema().trim().max(200)),
    tipo: opcional(z.enum(TIPOS_MAQUINA)),
    desde: opcional(fechaSchema()),
    hasta: opcional(fechaSchema()),
    excluirOrigenId: opcional(z.string().max(60)),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .superRefine((query, ctx) => rangoOpcional(query.desde, query.hasta, ctx, 'hasta'));

export const ocupacionQuerySchema = z
  .object({ desde: fechaSchema(), hasta: fechaSchema() })
  .superRefine((query, ctx) => comprobarRango(query.desde, query.hasta, ctx, 'hasta'));
