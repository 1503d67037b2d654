import type { Resolver } from 'react-hook-form';
import {
  componenteCreateSchema,
  componenteUpdateSchema,
  type CategoriaComponente,
  type Componente,
  type ComponenteCreate,
} from '@tvsistema/domain/inventario';
import { payloadResolver } from '../../../lib/form-resolver.js';

export type AndamioFormMode = 'create' | 'edit';

const PRECIOS = ['dia', 'semana', 'mes', 'reposicion', 'venta'] as const;
type PrecioKey = (typeof PRECIOS)[number];

/** What the form holds: numbers as typed ("18,5", "0,05"), observations as rows. */
export type AndamioFormValues = {
  codigo: string;
  nombre: string;
  categoria: CategoriaComponente | '';
  sistema: string;
  fabricante: string;
  referenciaFabricante: string;
  norma: string;
  dimensiones: string;
  pesoKg: string;
  precios: Record<PrecioKey, string>;
  stockInicial: string;
  stockMinimo: string;
  activo: boolean;
  observaciones: { texto: string }[];
};

/** Fields the server's 400 `errors` may name. */
export const ANDAMIO_FIELDS = [
  'codigo',
  'nombre',
  'categoria',
  'sistema',
  'fabricante',
  'referenciaFabricante',
  'norma',
  'dimensiones',
  'pesoKg',
  'precios.dia',
  'precios.semana',
  'precios.mes',
  'precios.reposicion',
  'precios.venta',
  'stockInicial',
  'stockMinimo',
] as const;

export const EMPTY_ANDAMIO: AndamioFormValues = {
  codigo: '',
  nombre: '',
  categoria: '',
  sistema: '',
  fabricante: '',
  referenciaFabricante: '',
  norma: '',
  dimensiones: '',
  pesoKg: '',
  precios: { dia: '', semana: '', mes: '', reposicion: '', venta: '' },
  stockInicial: '0',
  stockMinimo: '0',
  activo: true,
  observaciones: [{ texto: '' }],
};

/** A decimal as typed in Spain ("1.234,50", "0,05") or with a point, as the API reads it. */
export const decimalInput = (text: string): string => {
  const trimmed = text.trim();
  return trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
};

/** A stored decimal as the form shows it: "18.500" → "18,5", "0.0500" → "0,05" (2 decimals min. for prices). */
const decimalParaFormulario = (value: string | null, minDecimales = 0): string => {
  if (value === null) return '';
  const [integer = '0', fraction = ''] = value.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(minDecimales, '0');
  return kept ? `${integer},${kept}` : integer;
};

/** A whole number as typed; blank is "not given" (the schema's default applies). */
const entero = (text: string): number | undefined => {
  const trimmed = text.trim().replace(/\./g, '');
  return trimmed === '' ? undefined : /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

const decimalOrUndefined = (value: string | undefined): string | undefined =>
  value !== undefined && /^\d+(\.\d+)?$/.test(value) ? value : undefined;

const texto = (value: string): string | undefined => value.trim() || undefined;

export const andamioToFormValues = (record: Componente): AndamioFormValues => ({
  codigo: record.codigo,
  nombre: record.nombre,
  categoria: record.categoria,
  sistema: record.sistema ?? '',
  fabricante: record.fabricante ?? '',
  referenciaFabricante: record.referenciaFabricante ?? '',
  norma: record.norma ?? '',
  dimensiones: record.dimensiones ?? '',
  pesoKg: decimalParaFormulario(record.pesoKg),
  precios: Object.fromEntries(
    PRECIOS.map((key) => [key, decimalParaFormulario(record.precios[key], 2)]),
  ) as Record<PrecioKey, string>,
  stockInicial: '0',
  stockMinimo: String(record.stockMinimo),
  activo: record.activo,
  observaciones: record.observaciones.length
    ? record.observaciones.map((line) => ({ texto: line }))
    : [{ texto: '' }],
});

type AndamioPayload = Omit<ComponenteCreate, 'stockInicial'> & { stockInicial?: number };

/** The POST body (create, with stockInicial) or the PUT body without its version (edit). */
export const buildAndamioPayload = (
  values: AndamioFormValues,
  mode: AndamioFormMode,
): AndamioPayload => {
  const precios = Object.fromEntries(
    PRECIOS.flatMap((key) => {
      const value = decimalInput(values.precios[key]);
      return value || key === 'dia' ? [[key, value]] : [];
    }),
  ) as AndamioPayload['precios'];
  const optional = Object.fromEntries(
    (['sistema', 'fabricante', 'referenciaFabricante', 'norma', 'dimensiones'] as const).flatMap(
      (key) => {
        const value = texto(values[key]);
        return value ? [[key, value]] : [];
      },
    ),
  );
  const stockMinimo = entero(values.stockMinimo);
  const stockInicial = entero(values.stockInicial);
  return {
    codigo: values.codigo.trim().toUpperCase(),
    nombre: values.nombre.trim(),
    categoria: values.categoria as CategoriaComponente,
    ...optional,
    pesoKg: decimalInput(values.pesoKg),
    precios,
    stockMinimo: stockMinimo ?? 0,
    activo: values.activo,
    observaciones: values.observaciones.map((o) => o.texto.trim()).filter((line) => line !== ''),
    ...(mode === 'create' ? { stockInicial: stockInicial ?? 0 } : {}),
  };
};

/** Validates exactly the body that would be sent, with the schema the API uses. */
export const andamioResolver = (mode: AndamioFormMode): Resolver<AndamioFormValues> =>
  payloadResolver<AndamioFormValues>({
    schema: mode === 'create' ? componenteCreateSchema : componenteUpdateSchema,
    toPayload: (values) => {
      const payload = buildAndamioPayload(values, mode);
      return {
        ...payload,
        categoria: values.categoria || undefined,
        // The domain's refinements compare decimals and throw on anything else: a value that
        // is not a decimal goes as missing, which the schema answers with the field's text.
        pesoKg: decimalOrUndefined(payload.pesoKg),
        precios: Object.fromEntries(
          Object.entries(payload.precios).map(([key, value]) => [key, decimalOrUndefined(value)]),
        ),
      };
    },
    fieldOf: (path) =>
      path[0] === 'observaciones' && path[1] !== undefined ? [...path.slice(0, 2), 'texto'] : path,
  });
