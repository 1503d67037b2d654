import { z } from '../zod-es.js';
import { fechaSchema } from '../fechas/fechas.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { direccionInputSchema, direccionSchema } from '../localizacion/direccion.js';
import { importeSchema, precioSchema } from '../money/decimal-schemas.js';
import { TIPOS_IVA } from '../money/importes.js';
import { textSchema } from '../text/text.js';
import { versionField, versionSchema } from '../versiones/index.js';
import { LOGISTICA_MESSAGES as M } from './mensajes.js';
import {
  ALBARAN_SORT_FIELDS,
  ESTADO_ALBARAN_LABELS,
  ESTADOS_ALBARAN,
  TIPO_ALBARAN_LABELS,
  TIPOS_ALBARAN,
  type EstadoAlbaran,
  type TipoAlbaran,
} from './logistica-listas.js';

export {
  ALBARAN_SORT_FIELDS,
  ESTADO_ALBARAN_LABELS,
  ESTADOS_ALBARAN,
  TIPO_ALBARAN_LABELS,
  TIPOS_ALBARAN,
  type EstadoAlbaran,
  type TipoAlbaran,
};

// §2.1, §2.2, §2.4, §3 and §6: rental albaranes (entrega / recogida of an alquiler).

export const CLASES_LINEA_ALBARAN = ['maquina', 'andamio', 'concepto'] as const;
export type ClaseLineaAlbaran = (typeof CLASES_LINEA_ALBARAN)[number];

const vacioAUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const textoOpcional = (max: number, multiline = false) =>
  z.preprocess(vacioAUndefined, textSchema({ multiline }).trim().max(max).optional());
const numeroATexto = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const entero = z.number().int().min(0);

export const motivoAnulacionSchema = textSchema({ error: M.motivo, multiline: true })
  .trim()
  .min(10, M.motivo)
  .max(500, M.motivo);

export const lineaAlbaranInputSchema = z.object({
  _id: z.uuid().optional(),
  clase: z.enum(CLASES_LINEA_ALBARAN),
  articuloId: z.uuid({ error: M.articuloNoValido }),
  cantidad: z.preprocess(
    numeroATexto,
    precioSchema('La cantidad', {
      minimo: 'positivo',
      mensajes: { noPositivo: M.cantidadPositiva },
    }),
  ),
  horometro: z.preprocess(
    (v) => vacioAUndefined(numeroATexto(v)),
    z
      .string()
      .regex(/^\d{1,7}(\.\d)?$/, 'El horómetro debe ser un número con hasta 1 decimal')
      .optional(),
  ),
  correcto: entero.optional(),
  danado: entero.optional(),
  falta: entero.optional(),
  observacionDano: textoOpcional(500, true),
  precioUnitario: z.preprocess(numeroATexto, precioSchema('El precio').optional()),
  cargoDano: z.preprocess(numeroATexto, importeSchema('El cargo por daños').optional()),
  tipoIva: z
    .number()
    .refine((v) => (TIPOS_IVA as readonly number[]).includes(v), 'El IVA debe ser 21, 10, 4 o 0')
    .optional(),
});
export type LineaAlbaranInput = z.input<typeof lineaAlbaranInputSchema>;
export type LineaAlbaranParsed = z.output<typeof lineaAlbaranInputSchema>;

const camposComunes = {
  fechaHora: z.iso.datetime({ offset: true, error: 'La fecha y hora no son válidas' }).optional(),
  fechaFinCobro: fechaSchema().optional(),
  direccionObra: direccionInputSchema.optional(),
  matricula: textoOpcional(20),
  conductor: textoOpcional(100),
  referenciaExterna: textoOpcional(50),
  observaciones: textoOpcional(2000, true),
  lineas: z.array(lineaAlbaranInputSchema).min(1, M.lineasObligatorias).max(200, M.maxLineas),
};

/** The line rules a schema can check alone (the saldo and stock are the server's). */
const reglasLineas = (
  v: { tipo?: TipoAlbaran; lineas: LineaAlbaranParsed[] },
  ctx: z.RefinementCtx,
) => {
  v.lineas.forEach((l, i) => {
    const path = (campo: string) => ['lineas', i, campo];
    const n = Number(l.cantidad);
    if (l.clase === 'maquina' && n !== 1)
      ctx.addIssue({ code: 'custom', message: M.cantidadMaquina, path: path('cantidad') });
    if (l.clase === 'andamio' && !Number.isInteger(n))
      ctx.addIssue({ code: 'custom', message: M.cantidadEntera, path: path('cantidad') });
    if (v.tipo !== 'recogida' || l.clase === 'concepto') return;
    const correcto = l.correcto ?? 0;
    const danado = l.danado ?? 0;
    const falta = l.falta ?? 0;
    if (l.correcto === undefined && l.danado === undefined && l.falta === undefined) return;
    if (correcto + danado + falta !== n)
      ctx.addIssue({ code: 'custom', message: M.recuentoNoCuadra, path: path('cantidad') });
    if (l.clase === 'maquina' && falta > 0)
      ctx.addIssue({ code: 'custom', message: M.maquinaSinVolver, path: path('falta') });
    if ((danado > 0 || falta > 0) && !l.observacionDano)
      ctx.addIssue({
        code: 'custom',
        message: M.observacionDanoObligatoria,
        path: path('observacionDano'),
      });
    if (l.clase === 'maquina' && !l.horometro)
      ctx.addIssue({ code: 'custom', message: M.horometroObligatorio, path: path('horometro') });
  });
};

export const albaranCreateSchema = z
  .object({
    accion: z.enum(['guardar', 'emitir']).default('guardar'),
    tipo: z.enum(TIPOS_ALBARAN, { error: 'El tipo debe ser entrega o recogida' }),
    alquilerId: z.uuid({ error: M.alquilerObligatorio }),
    ...camposComunes,
  })
  .superRefine(reglasLineas);
export type AlbaranCreate = z.output<typeof albaranCreateSchema>;
export type AlbaranCreateInput = z.input<typeof albaranCreateSchema>;

export const albaranUpdateSchema = z
  .object({
    alquilerId: z.uuid({ error: M.alquilerObligatorio }),
    ...camposComunes,
    ...versionField,
    // README: a PUT carrying them is a 400 naming them.
    tipo: z.unknown().optional(),
    empresa: z.unknown().optional(),
    accion: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo !== undefined)
      ctx.addIssue({ code: 'custom', message: M.tipoInmutable, path: ['tipo'] });
    if (v.empresa !== undefined)
      ctx.addIssue({ code: 'custom', message: M.empresaInmutable, path: ['empresa'] });
    if (v.accion !== undefined)
      ctx.addIssue({ code: 'custom', message: M.accionNoAdmitida, path: ['accion'] });
  });
export type AlbaranUpdate = z.output<typeof albaranUpdateSchema>;

export const albaranVersionSchema = z.object({ version: versionSchema.optional() });
export const anularAlbaranSchema = z.object({
  version: versionSchema.optional(),
  motivo: motivoAnulacionSchema,
});

export const firmaInputSchema = z.object({
  nombre: textSchema({ error: M.firmaNombre }).trim().min(2, M.firmaNombre).max(100, M.firmaNombre),
  dni: z.string({ error: M.firmaDni }),
  imagen: z.string({ error: M.firmaVacia }).min(1, M.firmaVacia),
});
export const firmarSchema = firmaInputSchema.extend({ version: versionSchema.optional() });
export type FirmaInput = z.output<typeof firmaInputSchema>;

/** §2.4: the signer's DNI/NIE trimmed, upper-cased, without separators. */
export const normalizarDni = (dni: string) =>
  dni
    .trim()
    .toUpperCase()
    .replace(/[\s.\-/]/g, '');

export const firmaSchema = z.object({
  nombre: z.string(),
  dni: z.string(),
  imagenId: z.string(),
  firmadoAt: z.string(),
  firmadoPor: z.string().nullable(),
  huella: z.string(),
});
export type Firma = z.output<typeof firmaSchema>;

export const lineaAlbaranSchema = z.object({
  _id: z.string(),
  clase: z.enum(CLASES_LINEA_ALBARAN),
  articuloId: z.string(),
  codigo: z.string(),
  descripcion: z.string(),
  cantidad: z.string(),
  horometro: z.string().nullable(),
  correcto: z.number().nullable(),
  danado: z.number().nullable(),
  falta: z.number().nullable(),
  observacionDano: z.string().nullable(),
  precioUnitario: z.string().nullable(),
  cargoDano: z.string(),
  tipoIva: z.number(),
  importe: z.string(),
  asignaciones: z.array(
    z.object({
      loteId: z.string(),
      entregaId: z.string(),
      numero: z.string(),
      fecha: z.string(),
      cantidad: z.number(),
      /** §5 Asignación "Pendiente tras la recogida": what the lote kept on site once it was emitted. */
      pendienteTras: z.number(),
    }),
  ),
});
export type LineaAlbaran = z.output<typeof lineaAlbaranSchema>;

const refSchema = z.object({ _id: z.string(), numero: z.string() });
export const clienteAlbaranSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  documento: z.string().nullable(),
});

export const albaranSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  empresa: z.literal('alquileres'),
  tipo: z.enum(TIPOS_ALBARAN),
  numero: z.string().nullable(),
  estado: z.enum(ESTADOS_ALBARAN),
  alquiler: refSchema,
  cliente: clienteAlbaranSchema,
  fechaHora: z.string(),
  fechaFinCobro: z.string().nullable(),
  direccionObra: direccionSchema.nullable(),
  matricula: z.string().nullable(),
  matriculaTexto: z.string().nullable(),
  conductor: z.string().nullable(),
  referenciaExterna: z.string().nullable(),
  observaciones: z.string().nullable(),
  lineas: z.array(lineaAlbaranSchema),
  unidades: z.number(),
  firma: firmaSchema.nullable(),
  anulacion: z
    .object({ motivo: z.string(), anuladoAt: z.string(), anuladoPor: z.string().nullable() })
    .nullable(),
  transporte: refSchema.nullable(),
  importacionId: z.string().nullable(),
  avisos: z.array(z.string()),
  /** §5 Detail "Devoluciones" of an emitted entrega, per article ([] otherwise). */
  devoluciones: z.array(
    z.object({
      articuloId: z.string(),
      codigo: z.string(),
      descripcion: z.string(),
      entregadas: z.number(),
      devueltas: z.number(),
      enObra: z.number(),
      recogidas: z.array(refSchema),
    }),
  ),
});
export type Albaran = z.output<typeof albaranSchema>;

export const parseAlbaranSort = (sort: string | undefined) =>
  parseSort(sort, ALBARAN_SORT_FIELDS, { field: 'fecha', direction: 'desc' });

const booleano = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : undefined),
  z.boolean().optional(),
);

export const albaranListQuerySchema = z.object({
  ...listQueryFields({ sortFields: ALBARAN_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  tipo: z.preprocess(vacioAUndefined, z.enum(TIPOS_ALBARAN).optional()),
  estado: z.preprocess(vacioAUndefined, z.enum(ESTADOS_ALBARAN).optional()),
  desde: z.preprocess(vacioAUndefined, fechaSchema().optional()),
  hasta: z.preprocess(vacioAUndefined, fechaSchema().optional()),
  clienteId: z.preprocess(vacioAUndefined, z.uuid().optional()),
  alquilerId: z.preprocess(vacioAUndefined, z.uuid().optional()),
  firmado: booleano,
  importacionId: z.preprocess(vacioAUndefined, z.uuid().optional()),
});
export type AlbaranListQuery = z.output<typeof albaranListQuerySchema>;
export const albaranExportQuerySchema = albaranListQuerySchema.omit({ page: true, limit: true });

export const albaranResumenSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  tipo: z.enum(TIPOS_ALBARAN),
  numero: z.string().nullable(),
  estado: z.enum(ESTADOS_ALBARAN),
  fechaHora: z.string(),
  cliente: clienteAlbaranSchema,
  alquiler: refSchema,
  obra: z.string().nullable(),
  unidades: z.number(),
  firmado: z.boolean(),
  firmante: z.string().nullable(),
  referenciaExterna: z.string().nullable(),
});
export type AlbaranResumen = z.output<typeof albaranResumenSchema>;

export const saldoSchema = z.array(
  z.object({
    clase: z.enum(CLASES_LINEA_ALBARAN),
    articuloId: z.string(),
    codigo: z.string(),
    descripcion: z.string(),
    enObra: z.number(),
    lotes: z.array(
      z.object({
        loteId: z.string(),
        entregaId: z.string(),
        numero: z.string(),
        fecha: z.string(),
        pendiente: z.number(),
      }),
    ),
  }),
);
export type Saldo = z.output<typeof saldoSchema>;

export const verificacionSchema = z.object({
  integro: z.boolean(),
  huellaGuardada: z.string().nullable(),
  huellaCalculada: z.string().nullable(),
});
