import type { Obra } from '@tvsistema/domain';

// Small pieces the obras screens share.

export const ubicacionDe = (obra: {
  direccion: Pick<Obra['direccion'], 'calle' | 'altura' | 'ciudad'>;
}) =>
  [
    [obra.direccion.calle, obra.direccion.altura].filter((v) => v !== null).join(' '),
    obra.direccion.ciudad,
  ]
    .filter(Boolean)
    .join(', ');

/** Historial field names as the screens say them. */
export const HISTORIAL_LABELS: Readonly<Record<string, string>> = {
  nombre: 'Nombre',
  clienteId: 'Cliente',
  direccion: 'Dirección',
  descripcion: 'Descripción',
  tipoTrabajo: 'Tipo de trabajo',
  fechaInicioPrevista: 'Inicio previsto',
  fechaFinPrevista: 'Fin previsto',
  fechaInicioReal: 'Inicio real',
  fechaFinReal: 'Fin real',
  estado: 'Estado',
  motivoEstado: 'Motivo',
  importePresupuesto: 'Presupuesto',
  progreso: 'Avance',
  responsable: 'Responsable',
  coordinadorSeguridad: 'Coordinador de seguridad',
  comunicacionApertura: 'Comunicación de apertura',
  observaciones: 'Observaciones',
  equipo: 'Equipo',
  documentos: 'Documentos',
  partesTrabajo: 'Partes de trabajo',
};
