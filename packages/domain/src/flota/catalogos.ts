// The closed lists of flota-obras.md part A (§2.1, §2.2), each with its Spanish label.

const keysOf = <K extends string>(entries: Record<K, unknown>) =>
  Object.keys(entries) as [K, ...K[]];

export const TIPO_CAMION_LABELS = {
  tractora: 'Cabeza tractora',
  rigido: 'Camión rígido',
  furgoneta: 'Furgoneta',
  semirremolque: 'Semirremolque',
  remolque: 'Remolque',
} as const;
export type TipoCamion = keyof typeof TIPO_CAMION_LABELS;
export const TIPOS_CAMION = keysOf(TIPO_CAMION_LABELS);
/** Trailers: no engine, so no odometer, tachograph, authorisation or driver (§2.1). */
export const TIPOS_REMOLQUE: readonly TipoCamion[] = ['semirremolque', 'remolque'];
export const esRemolque = (tipo: TipoCamion) => TIPOS_REMOLQUE.includes(tipo);

export const CARROCERIA_LABELS = {
  caja_abierta: 'Caja abierta',
  lona: 'Lona',
  grua: 'Grúa',
  plataforma: 'Plataforma',
  gondola: 'Góndola portamaquinaria',
  volquete: 'Volquete',
  furgon: 'Furgón',
  frigorifico: 'Frigorífico',
  cisterna: 'Cisterna',
  otra: 'Otra',
} as const;
export type Carroceria = keyof typeof CARROCERIA_LABELS;
export const CARROCERIAS = keysOf(CARROCERIA_LABELS);

export const ESTADO_CAMION_LABELS = {
  activo: 'Activo',
  en_taller: 'En taller',
  baja: 'Baja',
} as const;
export type EstadoCamion = keyof typeof ESTADO_CAMION_LABELS;
export const ESTADOS_CAMION = keysOf(ESTADO_CAMION_LABELS);

export const AUTORIZACION_LABELS = {
  MDP: 'MDP (pesados)',
  MDL: 'MDL (ligeros)',
  MPC: 'MPC (privado complementario)',
  no_requiere: 'No requiere',
} as const;
export type TipoAutorizacion = keyof typeof AUTORIZACION_LABELS;
export const TIPOS_AUTORIZACION = keysOf(AUTORIZACION_LABELS);

export const COBERTURA_LABELS = {
  rc_obligatoria: 'RC obligatoria',
  terceros_ampliado: 'Terceros ampliado',
  todo_riesgo: 'Todo riesgo',
  todo_riesgo_franquicia: 'Todo riesgo con franquicia',
} as const;
export type Cobertura = keyof typeof COBERTURA_LABELS;
export const COBERTURAS = keysOf(COBERTURA_LABELS);

export const TACOGRAFO_LABELS = {
  digital: 'Digital',
  inteligente: 'Inteligente',
  analogico: 'Analógico',
  no_lleva: 'No lleva',
} as const;
export type TipoTacografo = keyof typeof TACOGRAFO_LABELS;
export const TIPOS_TACOGRAFO = keysOf(TACOGRAFO_LABELS);

export const RESULTADO_ITV_LABELS = {
  favorable: 'Favorable',
  desfavorable: 'Desfavorable',
  negativa: 'Negativa',
} as const;
export type ResultadoItv = keyof typeof RESULTADO_ITV_LABELS;
export const RESULTADOS_ITV = keysOf(RESULTADO_ITV_LABELS);

export const ESTADO_ITV_LABELS = {
  exenta: 'Exenta',
  vigente: 'Vigente',
  proxima: 'Próxima',
  caducada: 'Caducada',
  desfavorable: 'Desfavorable',
  negativa: 'Negativa',
} as const;
export type EstadoItv = keyof typeof ESTADO_ITV_LABELS;
export const ESTADOS_ITV = keysOf(ESTADO_ITV_LABELS);

export const TIPO_MANTENIMIENTO_CAMION_LABELS = {
  revision: 'Revisión periódica (aceite y filtros)',
  neumaticos: 'Neumáticos',
  frenos: 'Frenos',
  tacografo: 'Revisión del tacógrafo',
  equipo_auxiliar: 'Equipo auxiliar (grúa, plataforma)',
  reparacion: 'Reparación / avería',
  carroceria: 'Carrocería',
  otro: 'Otro',
} as const;
export type TipoMantenimientoCamion = keyof typeof TIPO_MANTENIMIENTO_CAMION_LABELS;
export const TIPOS_MANTENIMIENTO_CAMION = keysOf(TIPO_MANTENIMIENTO_CAMION_LABELS);
/** The due item's concepto: the short name (§9 scenario 8 reads "Revisión periódica"). */
export const CONCEPTO_MANTENIMIENTO: Record<TipoMantenimientoCamion, string> = {
  revision: 'Revisión periódica',
  neumaticos: 'Neumáticos',
  frenos: 'Frenos',
  tacografo: 'Revisión del tacógrafo',
  equipo_auxiliar: 'Equipo auxiliar',
  reparacion: 'Reparación',
  carroceria: 'Carrocería',
  otro: 'Mantenimiento',
};

export const ORIGEN_LECTURA_KM_LABELS = {
  manual: 'Manual',
  mantenimiento: 'Mantenimiento',
  itv: 'ITV',
} as const;
export type OrigenLecturaKm = keyof typeof ORIGEN_LECTURA_KM_LABELS;
export const ORIGENES_LECTURA_KM = keysOf(ORIGEN_LECTURA_KM_LABELS);

export const CATEGORIA_DOCUMENTO_CAMION_LABELS = {
  permiso_circulacion: 'Permiso de circulación',
  ficha_tecnica: 'Ficha técnica (tarjeta ITV)',
  poliza: 'Póliza de seguro',
  autorizacion: 'Autorización de transporte',
  tacografo: 'Certificado del tacógrafo',
  informe_itv: 'Informe ITV',
  factura: 'Factura de taller',
  otro: 'Otro',
} as const;
export type CategoriaDocumentoCamion = keyof typeof CATEGORIA_DOCUMENTO_CAMION_LABELS;
export const CATEGORIAS_DOCUMENTO_CAMION = keysOf(CATEGORIA_DOCUMENTO_CAMION_LABELS);

export const CLASES_PERMISO = ['B', 'C1', 'C', 'C1E', 'CE'] as const;
export type ClasePermiso = (typeof CLASES_PERMISO)[number];

export const ACCION_CAMION_LABELS = {
  enviar_taller: 'Enviar a taller',
  volver_servicio: 'Volver a servicio',
  dar_baja: 'Dar de baja',
  reactivar: 'Reactivar',
} as const;
export type AccionCamion = keyof typeof ACCION_CAMION_LABELS;
export const ACCIONES_CAMION = keysOf(ACCION_CAMION_LABELS);
/** §3: the actions each estado offers. */
export const ACCIONES_POR_ESTADO: Record<EstadoCamion, readonly AccionCamion[]> = {
  activo: ['enviar_taller', 'dar_baja'],
  en_taller: ['volver_servicio', 'dar_baja'],
  baja: ['reactivar'],
};

export const TIPO_VENCIMIENTO_LABELS = {
  itv: 'ITV',
  seguro: 'Seguro',
  autorizacion: 'Visado de la autorización',
  tacografo_revision: 'Revisión del tacógrafo',
  tacografo_descarga: 'Descarga del tacógrafo',
  mantenimiento: 'Mantenimiento',
  documento: 'Documento',
  permiso: 'Permiso de conducir',
  cap: 'CAP',
  tarjeta_tacografo: 'Tarjeta de tacógrafo',
} as const;
export type TipoVencimiento = keyof typeof TIPO_VENCIMIENTO_LABELS;
export const TIPOS_VENCIMIENTO = keysOf(TIPO_VENCIMIENTO_LABELS);

/** §4.3: how far ahead a due date warns, and how many km before a km-based service. */
export const DIAS_AVISO = 30;
export const KM_AVISO = 1500;
/** §4.4: a daily increase above this must be confirmed. */
export const KM_DIA_MAXIMO = 1500;
