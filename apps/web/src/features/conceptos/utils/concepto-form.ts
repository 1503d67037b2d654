import type { Resolver } from 'react-hook-form';
import type { TipoIva } from '@tvsistema/domain';
import {
  conceptoCreateSchema,
  conceptoUpdateSchema,
  type AplicaA,
  type Concepto,
  type TipoConcepto,
  type UnidadConcepto,
} from '@tvsistema/domain/inventario';
import { payloadResolver } from '../../../lib/form-resolver.js';
import type { ConceptoPayload } from '../api/conceptos-api.js';

export type ConceptoFormMode = 'create' | 'edit';

/** What the form holds: selects and inputs as strings, the price as typed ("85,00"). */
export type ConceptoFormValues = {
  codigo: string;
  nombre: string;
  descripcion: string;
  tipo: TipoConcepto | '';
  aplicaA: AplicaA;
  unidad: UnidadConcepto | '';
  precio: string;
  tipoIva: `${TipoIva}`;
  motivoIva0: '' | 'exenta' | 'no_sujeta';
  activo: boolean;
};

/** Fields the server's 400 `errors` may name. */
export const CONCEPTO_FIELDS = [
  'codigo',
  'nombre',
  'descripcion',
  'tipo',
  'aplicaA',
  'unidad',
  'precio',
  'tipoIva',
  'motivoIva0',
] as const;

export const EMPTY_CONCEPTO: ConceptoFormValues = {
  codigo: '',
  nombre: '',
  descripcion: '',
  tipo: '',
  aplicaA: 'todos',
  unidad: '',
  precio: '',
  tipoIva: '21',
  motivoIva0: '',
  activo: true,
};

/** A decimal as typed in Spain ("1.234,50", "85,00") or with a point ("85.00"), as the API reads it. */
export const decimalInput = (text: string): string => {
  const trimmed = text.trim();
  return trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
};

/** A stored price as the form shows it: "85.0000" → "85,00", "1.6000" → "1,60", "0.1250" → "0,125". */
const precioParaFormulario = (precio: string): string => {
  const [integer = '0', fraction = ''] = precio.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${integer},${kept}`;
};

/** A stored template as form values; `duplicar` leaves the code empty (Duplicar, §5.7). */
export const conceptoToFormValues = (
  record: Concepto,
  { duplicar = false }: { duplicar?: boolean } = {},
): ConceptoFormValues => ({
  codigo: duplicar ? '' : record.codigo,
  nombre: record.nombre,
  descripcion: record.descripcion ?? '',
  tipo: record.tipo,
  aplicaA: record.aplicaA,
  unidad: record.unidad,
  precio: precioParaFormulario(record.precio),
  tipoIva: String(record.tipoIva) as ConceptoFormValues['tipoIva'],
  motivoIva0: record.motivoIva0 ?? '',
  activo: duplicar ? true : record.activo,
});

/**
 * The POST/PUT body. A fianza always travels as 0 % no sujeta (R13), whatever the locked selects
 * hold; a reason only with 0 %.
 */
export const buildConceptoPayload = (values: ConceptoFormValues): ConceptoPayload => {
  const fianza = values.tipo === 'fianza';
  const tipoIva = fianza ? 0 : (Number(values.tipoIva) as TipoIva);
  const motivo = fianza ? 'no_sujeta' : values.motivoIva0;
  const descripcion = values.descripcion.trim();
  return {
    codigo: values.codigo.trim().toUpperCase(),
    nombre: values.nombre.trim(),
    ...(descripcion ? { descripcion } : {}),
    tipo: values.tipo as TipoConcepto,
    aplicaA: values.aplicaA,
    unidad: values.unidad as UnidadConcepto,
    precio: decimalInput(values.precio),
    tipoIva,
    ...(tipoIva === 0 && motivo ? { motivoIva0: motivo } : {}),
    activo: values.activo,
  };
};

/** Validates exactly the body that would be sent, with the schema the API uses. */
export const conceptoResolver = (mode: ConceptoFormMode): Resolver<ConceptoFormValues> =>
  payloadResolver<ConceptoFormValues>({
    schema: mode === 'create' ? conceptoCreateSchema : conceptoUpdateSchema,
    toPayload: (values) => {
      const payload = buildConceptoPayload(values);
      // An unset select fails with its own message ("Elige un tipo"), not as an empty string.
      return {
        ...payload,
        tipo: values.tipo || undefined,
        unidad: values.unidad || undefined,
        // R13 compares the price as a decimal and throws on anything else: send it as missing.
        precio: /^\d+(\.\d+)?$/.test(payload.precio) ? payload.precio : undefined,
      };
    },
  });
