import type { Resolver } from 'react-hook-form';
import {
  direccionInputOf,
  EMPTY_DIRECCION,
  parteCreateSchema,
  parteUpdateSchema,
  type CuentaContable,
  type Direccion,
  type Empresa,
  type ParteTipo,
} from '@tvsistema/domain';
import { payloadResolver } from '../../../lib/form-resolver.js';
import type { PartePayload, ParteRecord } from '../parte-record.js';

export type ParteFormMode = 'create' | 'edit' | 'view';

export type ContactoFormValue = { nombre: string; telefono: string; correo: string };

/**
 * What the form holds. Observations are objects because field arrays need them; cuentas sit at
 * the top level so the schema's issue paths are the form's field names.
 */
export type ParteFormValues = {
  nombre: string;
  documento: string;
  empresa: Empresa | '';
  activo: boolean;
  contactos: ContactoFormValue[];
  observaciones: { texto: string }[];
  direccion: Direccion;
} & Partial<Record<CuentaContable, string>>;

export const BLANK_CONTACTO: ContactoFormValue = { nombre: '', telefono: '', correo: '' };
export const BLANK_OBSERVACION = { texto: '' } as const;

/** Fields the server's messages may name (SPEC 5); other messages stay unmapped. */
export const MAPPED_FIELDS = ['nombre', 'empresa', 'documento'] as const;

const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

const isBlankContacto = (contacto: ContactoFormValue): boolean =>
  isBlank(contacto.nombre) && isBlank(contacto.telefono) && isBlank(contacto.correo);

export const emptyFormValues = (
  cuentas: readonly CuentaContable[],
  empresa: Empresa | '',
): ParteFormValues => ({
  nombre: '',
  documento: '',
  empresa,
  activo: true,
  contactos: [{ ...BLANK_CONTACTO }],
  observaciones: [{ ...BLANK_OBSERVACION }],
  direccion: { ...EMPTY_DIRECCION },
  ...Object.fromEntries(cuentas.map((cuenta) => [cuenta, ''])),
});

/** A loaded record as form values; at least one contact and one observation row (SPEC 4.6). */
export const recordToFormValues = (
  record: ParteRecord,
  cuentas: readonly CuentaContable[],
): ParteFormValues => ({
  nombre: record.nombre,
  documento: record.documento ?? '',
  empresa: record.empresa,
  activo: record.activo,
  contactos: record.contactos.length
    ? record.contactos.map((contacto) => ({
        nombre: contacto.nombre,
        telefono: contacto.telefono ?? '',
        correo: contacto.correo ?? '',
      }))
    : [{ ...BLANK_CONTACTO }],
  observaciones: record.observaciones.length
    ? record.observaciones.map((texto) => ({ texto }))
    : [{ ...BLANK_OBSERVACION }],
  direccion: { ...EMPTY_DIRECCION, ...record.direccion },
  ...Object.fromEntries(cuentas.map((cuenta) => [cuenta, record[cuenta] ?? ''])),
});

/** Indexes (in the form) of the contacts the payload keeps: entirely blank rows are dropped. */
export const keptContactoIndexes = (contactos: readonly ContactoFormValue[]): number[] =>
  contactos.flatMap((contacto, index) => (isBlankContacto(contacto) ? [] : [index]));

const optionalText = (value: string | null | undefined): string | undefined =>
  isBlank(value) ? undefined : (value as string).trim();

/**
 * The POST/PUT body (SPEC 4.6, 5): documento trimmed and uppercased, omitted when empty; empresa
 * only on create; blank observation lines and blank contact rows dropped; blank cuentas omitted;
 * the address as ids plus its free fields (names are the server's to fill in).
 */
export const buildPayload = (
  values: ParteFormValues,
  options: { mode: ParteFormMode; cuentas: readonly CuentaContable[] },
): PartePayload => {
  const documento = values.documento.trim().toUpperCase();
  const { direccion } = values;
  const payload: PartePayload = {
    nombre: values.nombre.trim(),
    activo: values.activo,
    contactos: keptContactoIndexes(values.contactos).map((index) => {
      const contacto = values.contactos[index] ?? BLANK_CONTACTO;
      const telefono = optionalText(contacto.telefono);
      const correo = optionalText(contacto.correo);
      return {
        nombre: contacto.nombre.trim(),
        ...(telefono ? { telefono } : {}),
        ...(correo ? { correo } : {}),
      };
    }),
    observaciones: values.observaciones
      .map(({ texto }) => texto.trim())
      .filter((texto) => texto !== ''),
    direccion: direccionInputOf(direccion),
  };
  if (documento) payload.documento = documento;
  if (options.mode === 'create' && values.empresa) payload.empresa = values.empresa;
  for (const cuenta of options.cuentas) {
    const value = optionalText(values[cuenta]);
    if (value) payload[cuenta] = value;
  }
  return payload;
};

/**
 * The form's resolver: validates exactly the payload that would be sent with the domain schema
 * (the one the API uses), then points each issue back at its form field.
 */
export const parteFormResolver = (
  tipo: ParteTipo,
  mode: ParteFormMode,
  cuentas: readonly CuentaContable[],
): Resolver<ParteFormValues> =>
  payloadResolver<ParteFormValues>({
    schema: mode === 'create' ? parteCreateSchema(tipo) : parteUpdateSchema(tipo),
    toPayload: (values) => {
      const payload = buildPayload(values, { mode, cuentas });
      // The create schema needs empresa; an unset select must fail as "La empresa es obligatoria".
      return mode === 'create' ? { ...payload, empresa: values.empresa || undefined } : payload;
    },
    // Blank contact rows are not sent, so a payload index is the n-th kept row; an observation
    // line is the `texto` of its row.
    fieldOf: (path, values) => {
      const field = [...path];
      if (field[0] === 'contactos' && field[1] !== undefined) {
        field[1] = String(keptContactoIndexes(values.contactos)[Number(field[1])] ?? field[1]);
      }
      if (field[0] === 'observaciones' && field[1] !== undefined) field.push('texto');
      return field;
    },
  });
