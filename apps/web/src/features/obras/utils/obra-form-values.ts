import {
  direccionInputOf,
  EMPTY_DIRECCION,
  obraCreateSchema,
  obraUpdateSchema,
  type Direccion,
  type Obra,
} from '@tvsistema/domain';
import { payloadResolver } from '../../../lib/form-resolver.js';

// The obra form's values (everything a text input holds) and the body they become (§2.3).

export type ObraFormValues = {
  nombre: string;
  clienteId: string;
  tipoTrabajo: string;
  descripcion: string;
  direccion: Direccion;
  fechaInicioPrevista: string;
  fechaFinPrevista: string;
  fechaInicioReal: string;
  fechaFinReal: string;
  responsable: string;
  coordinadorSeguridad: string;
  importePresupuesto: string;
  progreso: string;
  observaciones: string;
  aperturaFecha: string;
  aperturaReferencia: string;
};

export const OBRA_FIELDS = [
  'nombre',
  'clienteId',
  'tipoTrabajo',
  'descripcion',
  'direccion',
  'fechaInicioPrevista',
  'fechaFinPrevista',
  'fechaInicioReal',
  'fechaFinReal',
  'responsable',
  'coordinadorSeguridad',
  'importePresupuesto',
  'progreso',
  'observaciones',
] as const;

/** A new obra: the creator is its responsable (flota-obras.md §2, "defaults to the creator's name"). */
export const emptyObraValues = (
  direccion: Direccion = EMPTY_DIRECCION,
  responsable = '',
): ObraFormValues => ({
  nombre: '',
  clienteId: '',
  tipoTrabajo: '',
  descripcion: '',
  direccion,
  fechaInicioPrevista: '',
  fechaFinPrevista: '',
  fechaInicioReal: '',
  fechaFinReal: '',
  responsable,
  coordinadorSeguridad: '',
  importePresupuesto: '',
  progreso: '0',
  observaciones: '',
  aperturaFecha: '',
  aperturaReferencia: '',
});

export const obraToFormValues = (obra: Obra): ObraFormValues => ({
  nombre: obra.nombre,
  clienteId: obra.clienteId,
  tipoTrabajo: obra.tipoTrabajo,
  descripcion: obra.descripcion ?? '',
  direccion: obra.direccion,
  fechaInicioPrevista: obra.fechaInicioPrevista ?? '',
  fechaFinPrevista: obra.fechaFinPrevista ?? '',
  fechaInicioReal: obra.fechaInicioReal ?? '',
  fechaFinReal: obra.fechaFinReal ?? '',
  responsable: obra.responsable ?? '',
  coordinadorSeguridad: obra.coordinadorSeguridad ?? '',
  importePresupuesto: obra.importePresupuesto ?? '',
  progreso: String(obra.progreso),
  observaciones: obra.observaciones.join('\n'),
  aperturaFecha: obra.comunicacionApertura?.fecha ?? '',
  aperturaReferencia: obra.comunicacionApertura?.referencia ?? '',
});

/** The POST / PUT body (without version) for the form's values. */
export const obraPayload = (values: ObraFormValues, edit: boolean) => ({
  nombre: values.nombre,
  clienteId: values.clienteId,
  tipoTrabajo: values.tipoTrabajo || undefined,
  descripcion: values.descripcion,
  direccion: direccionInputOf(values.direccion),
  fechaInicioPrevista: values.fechaInicioPrevista || undefined,
  fechaFinPrevista: values.fechaFinPrevista || undefined,
  ...(edit
    ? {
        fechaInicioReal: values.fechaInicioReal || undefined,
        fechaFinReal: values.fechaFinReal || undefined,
      }
    : {}),
  responsable: values.responsable,
  coordinadorSeguridad: values.coordinadorSeguridad,
  importePresupuesto: values.importePresupuesto.replace(',', '.') || undefined,
  progreso: Number(values.progreso || '0'),
  comunicacionApertura: values.aperturaFecha
    ? { fecha: values.aperturaFecha, referencia: values.aperturaReferencia }
    : undefined,
  observaciones: values.observaciones.split('\n'),
});

export const obraFormResolver = (edit: boolean) =>
  payloadResolver<ObraFormValues>({
    schema: edit ? obraUpdateSchema : obraCreateSchema,
    toPayload: (values) => obraPayload(values, edit),
    fieldOf: (path) => (path[0] === 'comunicacionApertura' ? ['aperturaFecha'] : path),
  });
