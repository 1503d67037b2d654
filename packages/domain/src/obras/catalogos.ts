// Obras (flota-obras.md part B): the value lists of works, operarios and daily work reports, with
// the Spanish labels the screens show. `as const` unions, one list each.

export const ESTADOS_OBRA = [
  'presupuestada',
  'planificada',
  'en_curso',
  'pausada',
  'finalizada',
  'cancelada',
] as const;
export type EstadoObra = (typeof ESTADOS_OBRA)[number];
export const ESTADO_OBRA_LABEL: Readonly<Record<EstadoObra, string>> = {
  presupuestada: 'Presupuestada',
  planificada: 'Planificada',
  en_curso: 'En curso',
  pausada: 'Pausada',
  finalizada: 'Finalizada',
  cancelada: 'Cancelada',
};
/** The list's default estado filter (§5.5): every estado but the closed ones. */
export const ESTADOS_OBRA_ABIERTOS: readonly EstadoObra[] = [
  'presupuestada',
  'planificada',
  'en_curso',
  'pausada',
];

export const TIPOS_TRABAJO = [
  'fachadas',
  'cubiertas',
  'limpieza',
  'impermeabilizacion',
  'rehabilitacion',
  'otros',
] as const;
export type TipoTrabajo = (typeof TIPOS_TRABAJO)[number];
export const TIPO_TRABAJO_LABEL: Readonly<Record<TipoTrabajo, string>> = {
  fachadas: 'Fachadas',
  cubiertas: 'Cubiertas',
  limpieza: 'Limpieza',
  impermeabilizacion: 'Impermeabilización',
  rehabilitacion: 'Rehabilitación',
  otros: 'Otros',
};

export const ACCIONES_OBRA = [
  'planificar',
  'iniciar',
  'pausar',
  'reanudar',
  'finalizar',
  'cancelar',
  'reabrir',
  'recuperar',
] as const;
export type AccionObra = (typeof ACCIONES_OBRA)[number];

/** §3: from which estados each action runs, where it leads, its button and whether it asks why. */
export const ACCION_OBRA: Readonly<
  Record<
    AccionObra,
    { desde: readonly EstadoObra[]; a: EstadoObra; label: string; motivo: boolean; fecha: boolean }
  >
> = {
  planificar: {
    desde: ['presupuestada'],
    a: 'planificada',
    label: 'Planificar',
    motivo: false,
    fecha: false,
  },
  iniciar: {
    desde: ['planificada'],
    a: 'en_curso',
    label: 'Iniciar obra',
    motivo: false,
    fecha: true,
  },
  pausar: { desde: ['en_curso'], a: 'pausada', label: 'Pausar', motivo: true, fecha: false },
  reanudar: { desde: ['pausada'], a: 'en_curso', label: 'Reanudar', motivo: false, fecha: false },
  finalizar: {
    desde: ['en_curso', 'pausada'],
    a: 'finalizada',
    label: 'Finalizar',
    motivo: false,
    fecha: true,
  },
  cancelar: {
    desde: ['presupuestada', 'planificada', 'en_curso', 'pausada'],
    a: 'cancelada',
    label: 'Cancelar obra',
    motivo: true,
    fecha: false,
  },
  reabrir: { desde: ['finalizada'], a: 'en_curso', label: 'Reabrir', motivo: true, fecha: false },
  recuperar: {
    desde: ['cancelada'],
    a: 'presupuestada',
    label: 'Recuperar',
    motivo: false,
    fecha: false,
  },
};

/** The actions an obra in `estado` offers, in the table's order. */
export const accionesDisponibles = (estado: EstadoObra): AccionObra[] =>
  ACCIONES_OBRA.filter((accion) => ACCION_OBRA[accion].desde.includes(estado));

export const ROLES_EQUIPO = ['supervisor', 'tecnico'] as const;
export type RolEquipo = (typeof ROLES_EQUIPO)[number];
export const ROL_EQUIPO_LABEL: Readonly<Record<RolEquipo, string>> = {
  supervisor: 'Supervisor',
  tecnico: 'Técnico',
};

export const ESQUEMAS_CERTIFICACION = ['irata', 'anetva', 'otra'] as const;
export type EsquemaCertificacion = (typeof ESQUEMAS_CERTIFICACION)[number];
export const ESQUEMA_CERTIFICACION_LABEL: Readonly<Record<EsquemaCertificacion, string>> = {
  irata: 'IRATA',
  anetva: 'ANETVA',
  otra: 'Otra',
};
export const NIVELES_CERTIFICACION = [1, 2, 3] as const;

export const RESULTADOS_RECONOCIMIENTO = ['apto', 'apto_restricciones', 'no_apto'] as const;
export type ResultadoReconocimiento = (typeof RESULTADOS_RECONOCIMIENTO)[number];
export const RESULTADO_RECONOCIMIENTO_LABEL: Readonly<Record<ResultadoReconocimiento, string>> = {
  apto: 'Apto',
  apto_restricciones: 'Apto con restricciones',
  no_apto: 'No apto',
};

export const TIPOS_INCIDENCIA = [
  'meteorologia',
  'seguridad',
  'accidente',
  'material',
  'cliente',
  'otra',
] as const;
export type TipoIncidencia = (typeof TIPOS_INCIDENCIA)[number];
export const TIPO_INCIDENCIA_LABEL: Readonly<Record<TipoIncidencia, string>> = {
  meteorologia: 'Meteorología',
  seguridad: 'Seguridad',
  accidente: 'Accidente',
  material: 'Material',
  cliente: 'Cliente',
  otra: 'Otra',
};

export const ESTADOS_PARTE_TRABAJO = ['borrador', 'cerrado'] as const;
export type EstadoParteTrabajo = (typeof ESTADOS_PARTE_TRABAJO)[number];
export const ESTADO_PARTE_TRABAJO_LABEL: Readonly<Record<EstadoParteTrabajo, string>> = {
  borrador: 'Borrador',
  cerrado: 'Cerrado',
};

export const CATEGORIAS_DOCUMENTO_OBRA = [
  'plan_seguridad',
  'evaluacion_riesgos',
  'acta_aprobacion',
  'comunicacion_apertura',
  'presupuesto',
  'licencia',
  'planos',
  'certificado_fin',
  'otro',
] as const;
export type CategoriaDocumentoObra = (typeof CATEGORIAS_DOCUMENTO_OBRA)[number];
export const CATEGORIA_DOCUMENTO_OBRA_LABEL: Readonly<Record<CategoriaDocumentoObra, string>> = {
  plan_seguridad: 'Plan de seguridad y salud',
  evaluacion_riesgos: 'Evaluación de riesgos',
  acta_aprobacion: 'Acta de aprobación del plan',
  comunicacion_apertura: 'Comunicación de apertura',
  presupuesto: 'Presupuesto firmado',
  licencia: 'Licencia municipal',
  planos: 'Planos',
  certificado_fin: 'Acta de fin de obra',
  otro: 'Otro',
};
/** §3 iniciar: either of these is the safety document a work needs to start. */
export const CATEGORIAS_SEGURIDAD: readonly CategoriaDocumentoObra[] = [
  'plan_seguridad',
  'evaluacion_riesgos',
];

/** §4.9: company cap of hours per operario and day, across every work. */
export const HORAS_MAX_DIA = 12;
/** §4.8: an item that expires within this many days is an alert. */
export const DIAS_AVISO_OBRAS = 30;
/** §4.9: photos per daily work report. */
export const MAX_FOTOS_PARTE = 20;
/** §6 planificación: at most six weeks at a time. */
export const MAX_DIAS_PLANIFICACION = 42;
