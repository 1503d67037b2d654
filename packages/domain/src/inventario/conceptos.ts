import { z } from '../zod-es.js';
import { MOTIVOS_IVA_0, TIPOS_IVA } from '../fiscal/iva.js';
import { compareDecimals } from '../money/decimal.js';
import { textSchema } from '../text/text.js';
import { listQueryFields, parseSort } from '../lists/list-query.js';
import { versionField } from '../versiones/index.js';
import {
  APLICA_A,
  TIPOS_CONCEPTO,
  TIPOS_CONCEPTO_PORCENTAJE,
  UNIDADES_CONCEPTO,
} from './catalogos.js';
import {
  auditoriaFields,
  booleanoQuery,
  esDecimal,
  opcional,
  precioInventarioSchema,
} from './campos.js';
import { INVENTARIO_MESSAGES as M } from './mensajes.js';

// §2.8 price templates that quotes and rentals reuse (R13).

const conceptoFields = {
  codigo: textSchema({ error: M.codigoPlantilla })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,20}$/, M.codigoPlantilla),
  nombre: textSchema({ error: M.nombrePlantilla })
    .trim()
    .min(2, M.nombrePlantilla)
    .max(120, M.nombrePlantilla),
  descripcion: opcional(textSchema({ multiline: true }).trim().max(1000, M.descripcionPlantilla)),
  tipo: z.enum(TIPOS_CONCEPTO, { error: M.tipoRequerido }),
  aplicaA: z.enum(APLICA_A).default('todos'),
  unidad: z.enum(UNIDADES_CONCEPTO, { error: 'Elige una unidad' }),
  precio: precioInventarioSchema,
  tipoIva: z
    .union(
      TIPOS_IVA.map((tipo) => z.literal(tipo)),
      { error: 'Elige un tipo de IVA' },
    )
    .default(21),
  motivoIva0: opcional(z.enum(MOTIVOS_IVA_0, { error: M.motivoIva0 })),
  activo: z.boolean().default(true),
};

type ConceptoReglas = {
  tipo: string;
  unidad: string;
  precio: string;
  tipoIva: number;
  motivoIva0?: string | undefined;
};

/** R13: a deposit is 0 % no sujeta; 0 % says why; a percentage is (0, 100] on seguro / otro. */
const reglasConcepto = (value: ConceptoReglas, ctx: z.RefinementCtx) => {
  if (value.tipo === 'fianza' && (value.tipoIva !== 0 || value.motivoIva0 !== 'no_sujeta'))
    ctx.addIssue({ code: 'custom', message: M.fianzaIva, path: ['tipoIva'] });
  else if (value.tipoIva === 0 && value.motivoIva0 === undefined)
    ctx.addIssue({ code: 'custom', message: M.motivoIva0, path: ['motivoIva0'] });
  if (value.unidad === 'porcentaje') {
    if (
      esDecimal(value.precio) &&
      (compareDecimals(value.precio, 0) <= 0 || compareDecimals(value.precio, 100) > 0)
    )
      ctx.addIssue({ code: 'custom', message: M.porcentaje, path: ['precio'] });
    if (!TIPOS_CONCEPTO_PORCENTAJE.includes(value.tipo as never))
      ctx.addIssue({ code: 'custom', message: M.porcentajeTipo, path: ['unidad'] });
  }
};

/** A 0 % reason only travels with 0 %. */
const sinMotivoSiIva = <T extends { tipoIva: number; motivoIva0?: unknown }>(value: T): T =>
  value.tipoIva === 0 ? value : { ...value, motivoIva0: undefined };

export const conceptoCreateSchema = z
  .object(conceptoFields)
  .superRefine(reglasConcepto)
  .transform(sinMotivoSiIva);
export const conceptoUpdateSchema = z
  .object({ ...conceptoFields, ...versionField })
  .superRefine(reglasConcepto)
  .transform(sinMotivoSiIva);

export type ConceptoCreate = z.output<typeof conceptoCreateSchema>;
export type ConceptoUpdate = z.output<typeof conceptoUpdateSchema>;
/** What the form holds before parsing. */
export type ConceptoInput = z.input<typeof conceptoCreateSchema>;

export const conceptoSchema = z.object({
  ...auditoriaFields,
  codigo: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  tipo: z.enum(TIPOS_CONCEPTO),
  aplicaA: z.enum(APLICA_A),
  unidad: z.enum(UNIDADES_CONCEPTO),
  precio: z.string(),
  tipoIva: z.number().int(),
  motivoIva0: z.enum(MOTIVOS_IVA_0).nullable(),
  activo: z.boolean(),
});
export type Concepto = z.output<typeof conceptoSchema>;

export const CONCEPTO_SORT_FIELDS = ['codigo', 'nombre', 'tipo', 'precio', 'updatedAt'] as const;
export type ConceptoSortField = (typeof CONCEPTO_SORT_FIELDS)[number];

export const conceptoListQuerySchema = z.object({
  ...listQueryFields({ sortFields: CONCEPTO_SORT_FIELDS, defaultLimit: 20, maxLimit: 100 }),
  tipo: opcional(z.enum(TIPOS_CONCEPTO)),
  aplicaA: opcional(z.enum(APLICA_A)),
  activo: booleanoQuery,
});
export const conceptoExportQuerySchema = conceptoListQuerySchema.omit({ page: true, limit: true });
export type ConceptoListQuery = z.output<typeof conceptoListQuerySchema>;

export const parseConceptoSort = (sort: string | undefined) =>
  parseSort(sort, CONCEPTO_SORT_FIELDS, { field: 'codigo', direction: 'asc' });

/** §6.4: active templates for the comercial pickers. */
export const conceptoOpcionesQuerySchema = z.object({
  q: opcional(textSchema().trim().max(200)),
  tipo: opcional(z.enum(TIPOS_CONCEPTO)),
  aplicaA: opcional(z.enum(APLICA_A)),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
