import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  maquinaCreateSchema,
  maquinaUpdateSchema,
  type Combustible,
  type Maquina,
  type MaquinaInput,
  type TipoMaquina,
} from '@tvsistema/domain';
import { payloadResolver } from '../../../lib/form-resolver.js';

// The machine form (inventario.md §5.2): what it holds, the body it sends and its resolver, which
// validates that body with the domain schema the API uses.

export type MaquinaFormMode = 'create' | 'edit';

export type CaracteristicaValue = { nombre: string; valor: string };
export type RevisionValue = {
  _id?: string;
  nombre: string;
  cadaHoras: string;
  cadaMeses: string;
  avisoDias: string;
  avisoHoras: string;
  ultimaFecha: string;
  ultimasHoras: string;
};

export type MaquinaFormValues = {
  codigoInterno: string;
  tipo: TipoMaquina | '';
  marca: string;
  modelo: string;
  numeroSerie: string;
  anio: string;
  matricula: string;
  fechaMatriculacion: string;
  requiereItv: boolean;
  pesoKg: string;
  dimensiones: { largoMm: string; anchoMm: string; altoMm: string };
  combustible: Combustible;
  caracteristicas: CaracteristicaValue[];
  fechaAdquisicion: string;
  precioAdquisicion: string;
  proveedorId: string;
  tarifas: {
    dia: string;
    semana: string;
    mes: string;
    horasIncluidasDia: string;
    horaExtra: string;
    fianza: string;
  };
  diasPreparacion: string;
  horometroInicial: string;
  planRevisiones: RevisionValue[];
  observaciones: { texto: string }[];
};

/** POST body, or PUT body with the version read. */
export type MaquinaPayload = MaquinaInput & { version?: number | undefined };

export const BLANK_CARACTERISTICA: CaracteristicaValue = { nombre: '', valor: '' };
export const BLANK_REVISION: RevisionValue = {
  nombre: '',
  cadaHoras: '',
  cadaMeses: '',
  avisoDias: '30',
  avisoHoras: '25',
  ultimaFecha: '',
  ultimasHoras: '',
};

export const emptyMaquinaValues = (): MaquinaFormValues => ({
  codigoInterno: '',
  tipo: '',
  marca: '',
  modelo: '',
  numeroSerie: '',
  anio: '',
  matricula: '',
  fechaMatriculacion: '',
  requiereItv: false,
  pesoKg: '',
  dimensiones: { largoMm: '', anchoMm: '', altoMm: '' },
  combustible: 'diesel',
  caracteristicas: [],
  fechaAdquisicion: '',
  precioAdquisicion: '',
  proveedorId: '',
  tarifas: { dia: '', semana: '', mes: '', horasIncluidasDia: '8', horaExtra: '', fianza: '' },
  diasPreparacion: '0',
  horometroInicial: '0',
  planRevisiones: [],
  observaciones: [{ texto: '' }],
});

/** A decimal as the API carries it ("1845.5") from what a user types ("1.845,5" or "1845.5"). */
export const toDecimalText = (value: string): string => {
  const text = value.trim().replace(/\s/g, '');
  return text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
};

/** A decimal string of the API as a Spanish input ("1845.5" → "1845,5"); empty for null. */
export const fromDecimalText = (value: string | null | undefined): string =>
  value === null || value === undefined ? '' : value.replace('.', ',');

const text = (value: string): string | undefined =>
  value.trim() === '' ? undefined : value.trim();
const decimal = (value: string): string | undefined =>
  value.trim() === '' ? undefined : toDecimalText(value);
/** A whole number, or the text itself when it is not one (the schema then names the field). */
const integer = (value: string): number | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
};
const ofInt = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export const recordToFormValues = (record: Maquina): MaquinaFormValues => ({
  codigoInterno: record.codigoInterno,
  tipo: record.tipo,
  marca: record.marca,
  modelo: record.modelo,
  numeroSerie: record.numeroSerie,
  anio: String(record.anio),
  matricula: record.matricula?.texto ?? '',
  fechaMatriculacion: record.fechaMatriculacion ?? '',
  requiereItv: record.requiereItv,
  pesoKg: fromDecimalText(record.pesoKg),
  dimensiones: {
    largoMm: ofInt(record.dimensiones.largoMm),
    anchoMm: ofInt(record.dimensiones.anchoMm),
    altoMm: ofInt(record.dimensiones.altoMm),
  },
  combustible: record.combustible,
  caracteristicas: record.caracteristicas.map((c) => ({ ...c })),
  fechaAdquisicion: record.fechaAdquisicion ?? '',
  precioAdquisicion: fromDecimalText(record.precioAdquisicion),
  proveedorId: record.proveedor?._id ?? '',
  tarifas: {
    dia: fromDecimalText(record.tarifas.dia),
    semana: fromDecimalText(record.tarifas.semana),
    mes: fromDecimalText(record.tarifas.mes),
    horasIncluidasDia: String(record.tarifas.horasIncluidasDia),
    horaExtra: fromDecimalText(record.tarifas.horaExtra),
    fianza: fromDecimalText(record.tarifas.fianza),
  },
  diasPreparacion: String(record.diasPreparacion),
  horometroInicial: fromDecimalText(record.horometro),
  planRevisiones: record.planRevisiones.map((r) => ({
    _id: r._id,
    nombre: r.nombre,
    cadaHoras: ofInt(r.cadaHoras),
    cadaMeses: ofInt(r.cadaMeses),
    avisoDias: String(r.avisoDias),
    avisoHoras: String(r.avisoHoras),
    ultimaFecha: r.ultimaFecha,
    ultimasHoras: fromDecimalText(r.ultimasHoras),
  })),
  observaciones: record.observaciones.length
    ? record.observaciones.map((texto) => ({ texto }))
    : [{ texto: '' }],
});

/** The POST / PUT body: empty inputs left out, decimals as strings, integers as numbers. */
export const buildPayload = (values: MaquinaFormValues, mode: MaquinaFormMode): MaquinaPayload => {
  const t = values.tarifas;
  return {
    codigoInterno: text(values.codigoInterno),
    tipo: values.tipo || undefined,
    marca: values.marca.trim(),
    modelo: values.modelo.trim(),
    numeroSerie: values.numeroSerie.trim(),
    anio: integer(values.anio),
    matricula: text(values.matricula),
    fechaMatriculacion: text(values.fechaMatriculacion),
    requiereItv: values.requiereItv,
    pesoKg: decimal(values.pesoKg),
    dimensiones: {
      largoMm: integer(values.dimensiones.largoMm),
      anchoMm: integer(values.dimensiones.anchoMm),
      altoMm: integer(values.dimensiones.altoMm),
    },
    combustible: values.combustible,
    caracteristicas: values.caracteristicas.map((c) => ({
      nombre: c.nombre.trim(),
      valor: c.valor.trim(),
    })),
    fechaAdquisicion: text(values.fechaAdquisicion),
    precioAdquisicion: decimal(values.precioAdquisicion),
    proveedorId: text(values.proveedorId),
    tarifas: {
      dia: decimal(t.dia) ?? '',
      semana: decimal(t.semana),
      mes: decimal(t.mes),
      horasIncluidasDia: integer(t.horasIncluidasDia),
      horaExtra: decimal(t.horaExtra),
      fianza: decimal(t.fianza),
    },
    diasPreparacion: integer(values.diasPreparacion),
    planRevisiones: values.planRevisiones.map((r) => ({
      ...(r._id ? { _id: r._id } : {}),
      nombre: r.nombre.trim(),
      cadaHoras: integer(r.cadaHoras),
      cadaMeses: integer(r.cadaMeses),
      avisoDias: integer(r.avisoDias),
      avisoHoras: integer(r.avisoHoras),
      ultimaFecha: text(r.ultimaFecha),
      ultimasHoras: decimal(r.ultimasHoras),
    })),
    observaciones: values.observaciones.map((o) => o.texto.trim()).filter((o) => o !== ''),
    ...(mode === 'create' ? { horometroInicial: decimal(values.horometroInicial) } : {}),
  } as MaquinaPayload;
};

/** The form's resolver: the domain's create or update schema on the body it would send. */
export const maquinaFormResolver = (mode: MaquinaFormMode) =>
  payloadResolver<MaquinaFormValues>({
    schema: mode === 'create' ? maquinaCreateSchema : maquinaUpdateSchema,
    toPayload: (values) => buildPayload(values, mode),
    fieldOf: (path) => (path[0] === 'observaciones' ? [...path, 'texto'] : path),
  });

/** "campo: mensaje" with the API's path (`tarifas.semana`, `planRevisiones[0].nombre`). */
const CAMPO = /^\s*([\w.[\]]+)\s*:\s*(.+)$/s;

/**
 * The `errors` of a 400 or 409 onto the form's fields (the kit's mapper compares lower-cased names,
 * which the camelCase fields of a machine never match); the rest are returned for the banner.
 */
export const applyMaquinaErrors = <V extends FieldValues>(
  errors: readonly unknown[] | undefined,
  fields: readonly string[],
  setError: UseFormSetError<V>,
): string[] => {
  const unmapped: string[] = [];
  for (const error of errors ?? []) {
    if (typeof error !== 'string') continue;
    const match = CAMPO.exec(error);
    const campo = match?.[1]?.replace(/\[(\d+)\]/g, '.$1');
    if (match?.[2] && campo && fields.some((f) => campo === f || campo.startsWith(`${f}.`))) {
      setError(campo as Path<V>, { type: 'server', message: match[2].trim() });
    } else unmapped.push(error);
  }
  return unmapped;
};

/** Fields (and field groups) a server message may name. */
export const MAQUINA_FIELDS = [
  'codigoInterno',
  'tipo',
  'marca',
  'modelo',
  'numeroSerie',
  'anio',
  'matricula',
  'fechaMatriculacion',
  'requiereItv',
  'pesoKg',
  'dimensiones',
  'combustible',
  'caracteristicas',
  'fechaAdquisicion',
  'precioAdquisicion',
  'proveedorId',
  'tarifas',
  'diasPreparacion',
  'horometroInicial',
  'planRevisiones',
] as const;
