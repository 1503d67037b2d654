import {
  camionCreateSchema,
  camionUpdateSchema,
  type Camion,
  type CamionInput,
} from '@tvsistema/domain';
import { payloadResolver } from '../../../lib/form-resolver.js';

// The vehicle form (§5.2): what it holds, the body it sends and its resolver, which validates
// that body with the domain schema the API uses.

export type CamionFormMode = 'create' | 'edit';

export type CamionFormValues = {
  matricula: string;
  bastidor: string;
  tipo: string;
  carroceria: string;
  marca: string;
  modelo: string;
  fechaPrimeraMatriculacion: string;
  fechaAlta: string;
  mmaKg: string;
  taraKg: string;
  autorizacion: { tipo: string; numero: string; visadoHasta: string };
  seguro: {
    aseguradora: string;
    poliza: string;
    cobertura: string;
    vencimiento: string;
    primaAnual: string;
  };
  tacografo: { tipo: string; numeroSerie: string; ultimaRevision: string; ultimaDescarga: string };
  itvProximaInicial: string;
  conductorHabitualId: string;
  kmIniciales: string;
  observaciones: string;
};

export const emptyCamionValues = (hoy: string): CamionFormValues => ({
  matricula: '',
  bastidor: '',
  tipo: '',
  carroceria: '',
  marca: '',
  modelo: '',
  fechaPrimeraMatriculacion: '',
  fechaAlta: hoy,
  mmaKg: '',
  taraKg: '',
  autorizacion: { tipo: '', numero: '', visadoHasta: '' },
  seguro: { aseguradora: '', poliza: '', cobertura: '', vencimiento: '', primaAnual: '' },
  tacografo: { tipo: '', numeroSerie: '', ultimaRevision: '', ultimaDescarga: '' },
  itvProximaInicial: '',
  conductorHabitualId: '',
  kmIniciales: '',
  observaciones: '',
});

const s = (v: string | null | undefined) => v ?? '';
const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const recordToFormValues = (c: Camion): CamionFormValues => ({
  matricula: c.matriculaTexto,
  bastidor: c.bastidor,
  tipo: c.tipo,
  carroceria: s(c.carroceria),
  marca: c.marca,
  modelo: c.modelo,
  fechaPrimeraMatriculacion: c.fechaPrimeraMatriculacion,
  fechaAlta: c.fechaAlta,
  mmaKg: n(c.mmaKg),
  taraKg: n(c.taraKg),
  autorizacion: {
    tipo: s(c.autorizacion?.tipo),
    numero: s(c.autorizacion?.numero),
    visadoHasta: s(c.autorizacion?.visadoHasta),
  },
  seguro: {
    aseguradora: s(c.seguro?.aseguradora),
    poliza: s(c.seguro?.poliza),
    cobertura: s(c.seguro?.cobertura),
    vencimiento: s(c.seguro?.vencimiento),
    primaAnual: s(c.seguro?.primaAnual).replace('.', ','),
  },
  tacografo: {
    tipo: s(c.tacografo?.tipo),
    numeroSerie: s(c.tacografo?.numeroSerie),
    ultimaRevision: s(c.tacografo?.ultimaRevision),
    ultimaDescarga: s(c.tacografo?.ultimaDescarga),
  },
  itvProximaInicial: s(c.itvProximaInicial),
  conductorHabitualId: s(c.conductorHabitualId),
  kmIniciales: '',
  observaciones: c.observaciones.join('\n'),
});

const entero = (v: string): number | undefined => {
  const t = v.trim().replace(/\./g, '');
  return t === '' ? undefined : Number(t);
};
const esRemolque = (tipo: string) => tipo === 'semirremolque' || tipo === 'remolque';

/** The body of POST (create) or PUT (edit, without kmIniciales). */
export const buildPayload = (v: CamionFormValues, mode: CamionFormMode): CamionInput => {
  const remolque = esRemolque(v.tipo);
  const seguroVacio = Object.values(v.seguro).every((x) => x.trim() === '');
  return {
    matricula: v.matricula,
    bastidor: v.bastidor,
    tipo: v.tipo as CamionInput['tipo'],
    carroceria: (v.carroceria || null) as CamionInput['carroceria'],
    marca: v.marca,
    modelo: v.modelo,
    fechaPrimeraMatriculacion: v.fechaPrimeraMatriculacion,
    fechaAlta: v.fechaAlta,
    mmaKg: entero(v.mmaKg) as number,
    taraKg: entero(v.taraKg) as number,
    autorizacion:
      remolque || !v.autorizacion.tipo
        ? null
        : {
            tipo: v.autorizacion.tipo as 'MDP',
            numero: v.autorizacion.numero,
            visadoHasta: v.autorizacion.visadoHasta,
          },
    seguro: seguroVacio
      ? null
      : {
          aseguradora: v.seguro.aseguradora,
          poliza: v.seguro.poliza,
          cobertura: v.seguro.cobertura as 'todo_riesgo',
          vencimiento: v.seguro.vencimiento,
          primaAnual: v.seguro.primaAnual.replace(/\./g, '').replace(',', '.'),
        },
    tacografo:
      remolque || !v.tacografo.tipo
        ? null
        : {
            tipo: v.tacografo.tipo as 'digital',
            numeroSerie: v.tacografo.numeroSerie,
            ultimaRevision: v.tacografo.ultimaRevision,
            ultimaDescarga: v.tacografo.ultimaDescarga,
          },
    itvProximaInicial: v.itvProximaInicial || null,
    conductorHabitualId: remolque ? null : v.conductorHabitualId || null,
    observaciones: v.observaciones.split('\n'),
    ...(mode === 'create' && !remolque ? { kmIniciales: entero(v.kmIniciales) } : {}),
  };
};

export const camionFormResolver = (mode: CamionFormMode) =>
  payloadResolver<CamionFormValues>({
    schema: mode === 'create' ? camionCreateSchema : camionUpdateSchema,
    toPayload: (values) => buildPayload(values, mode),
  });

/** Server `errors` naming these go onto their fields. */
export const CAMION_FIELDS = [
  'matricula',
  'bastidor',
  'tipo',
  'marca',
  'modelo',
  'fechaPrimeraMatriculacion',
  'fechaAlta',
  'mmaKg',
  'taraKg',
  'autorizacion.tipo',
  'autorizacion.numero',
  'autorizacion.visadoHasta',
  'itvProximaInicial',
  'tacografo.tipo',
  'conductorHabitualId',
  'kmIniciales',
] as const;
