// The closed lists of inventario.md §2, each with its Spanish label as users read it.

const labels = <K extends string>(entries: Record<K, string>) => entries;
const keysOf = <K extends string>(entries: Record<K, unknown>) => Object.keys(entries) as K[];

/** §2.1 machine types: label and the code prefix of R1. */
export const TIPO_MAQUINA = {
  excavadora: { label: 'Excavadora', prefijo: 'EXC' },
  miniexcavadora: { label: 'Miniexcavadora', prefijo: 'MEX' },
  plataforma_tijera: { label: 'Plataforma de tijera', prefijo: 'PTJ' },
  plataforma_articulada: { label: 'Plataforma articulada', prefijo: 'PAR' },
  plataforma_telescopica: { label: 'Plataforma telescópica', prefijo: 'PTL' },
  manipulador_telescopico: { label: 'Manipulador telescópico', prefijo: 'MTL' },
  dumper: { label: 'Dumper', prefijo: 'DUM' },
  compactador: { label: 'Compactador', prefijo: 'COM' },
  generador: { label: 'Generador', prefijo: 'GEN' },
  otra: { label: 'Otra maquinaria', prefijo: 'OTR' },
} as const;
export type TipoMaquina = keyof typeof TIPO_MAQUINA;
export const TIPOS_MAQUINA = keysOf(TIPO_MAQUINA) as [TipoMaquina, ...TipoMaquina[]];

export const ESTADO_MAQUINA_LABELS = labels({
  disponible: 'Disponible',
  alquilada: 'Alquilada',
  en_taller: 'En taller',
  baja: 'Baja',
});
export type EstadoMaquina = keyof typeof ESTADO_MAQUINA_LABELS;
export const ESTADOS_MAQUINA = keysOf(ESTADO_MAQUINA_LABELS) as [EstadoMaquina, ...EstadoMaquina[]];

export const COMBUSTIBLE_LABELS = labels({
  diesel: 'Diésel',
  gasolina: 'Gasolina',
  electrico: 'Eléctrico',
  hibrido: 'Híbrido',
  sin_motor: 'Sin motor',
});
export type Combustible = keyof typeof COMBUSTIBLE_LABELS;
export const COMBUSTIBLES = keysOf(COMBUSTIBLE_LABELS) as [Combustible, ...Combustible[]];

export const MOTIVO_BAJA_LABELS = labels({
  venta: 'Venta',
  desguace: 'Desguace',
  robo: 'Robo',
  siniestro: 'Siniestro',
  otro: 'Otro',
});
export type MotivoBaja = keyof typeof MOTIVO_BAJA_LABELS;
export const MOTIVOS_BAJA = keysOf(MOTIVO_BAJA_LABELS) as [MotivoBaja, ...MotivoBaja[]];

export const ORIGEN_LECTURA_LABELS = labels({
  manual: 'Manual',
  entrega: 'Entrega',
  devolucion: 'Devolución',
  mantenimiento: 'Mantenimiento',
});
export type OrigenLectura = keyof typeof ORIGEN_LECTURA_LABELS;
export const ORIGENES_LECTURA = keysOf(ORIGEN_LECTURA_LABELS) as [
  OrigenLectura,
  ...OrigenLectura[],
];

export const TIPO_MANTENIMIENTO_LABELS = labels({
  revision: 'Revisión periódica',
  reparacion: 'Reparación',
  itv: 'ITV',
  inspeccion: 'Inspección reglamentaria',
  otro: 'Otro',
});
export type TipoMantenimiento = keyof typeof TIPO_MANTENIMIENTO_LABELS;
export const TIPOS_MANTENIMIENTO = keysOf(TIPO_MANTENIMIENTO_LABELS) as [
  TipoMantenimiento,
  ...TipoMantenimiento[],
];

export const ESTADO_MANTENIMIENTO_LABELS = labels({
  programado: 'Programado',
  en_curso: 'En curso',
  finalizado: 'Finalizado',
  cancelado: 'Cancelado',
});
export type EstadoMantenimiento = keyof typeof ESTADO_MANTENIMIENTO_LABELS;

export const TIPO_DOCUMENTO_MAQUINA_LABELS = labels({
  declaracion_ce: 'Declaración CE de conformidad',
  adecuacion_rd1215: 'Certificado de adecuación (RD 1215/1997)',
  manual: 'Manual de instrucciones',
  ficha_tecnica: 'Ficha técnica',
  itv: 'Tarjeta ITV / informe de inspección',
  permiso_circulacion: 'Permiso de circulación',
  seguro: 'Póliza de seguro',
  inspeccion: 'Certificado de inspección periódica',
  factura_compra: 'Factura de compra',
  otro: 'Otro',
});
export type TipoDocumentoMaquina = keyof typeof TIPO_DOCUMENTO_MAQUINA_LABELS;
export const TIPOS_DOCUMENTO_MAQUINA = keysOf(TIPO_DOCUMENTO_MAQUINA_LABELS) as [
  TipoDocumentoMaquina,
  ...TipoDocumentoMaquina[],
];
/** §2.5: the documents that expire, and so must say when. */
export const DOCUMENTOS_CON_CADUCIDAD: readonly TipoDocumentoMaquina[] = [
  'itv',
  'seguro',
  'inspeccion',
];

/** §2.6 scaffolding categories. */
export const CATEGORIA_COMPONENTE_LABELS = labels({
  marco: 'Marco',
  plataforma: 'Plataforma',
  barandilla: 'Barandilla',
  diagonal: 'Diagonal',
  husillo: 'Husillo',
  base: 'Base',
  rodapie: 'Rodapié',
  escalera: 'Escalera',
  anclaje: 'Anclaje',
  abrazadera: 'Abrazadera',
  tubo: 'Tubo',
  red: 'Red / lona',
  otro: 'Otro',
});
export type CategoriaComponente = keyof typeof CATEGORIA_COMPONENTE_LABELS;
export const CATEGORIAS_COMPONENTE = keysOf(CATEGORIA_COMPONENTE_LABELS) as [
  CategoriaComponente,
  ...CategoriaComponente[],
];

/** §3.3: stock movements, their label and the counts they move between. */
export const TIPO_MOVIMIENTO = {
  alta: { label: 'Alta', de: null, a: 'disponible' },
  venta: { label: 'Venta', de: 'disponible', a: 'vendido' },
  entrega: { label: 'Entrega en alquiler', de: 'disponible', a: 'alquilado' },
  devolucion: { label: 'Devolución', de: 'alquilado', a: 'disponible' },
  devolucion_danada: { label: 'Devolución dañada', de: 'alquilado', a: 'enReparacion' },
  perdida: { label: 'Pérdida', de: 'alquilado', a: 'baja' },
  reparacion: { label: 'Envío a reparación', de: 'disponible', a: 'enReparacion' },
  reparado: { label: 'Vuelta de reparación', de: 'enReparacion', a: 'disponible' },
  baja: { label: 'Baja', de: 'disponible', a: 'baja' },
  ajuste: { label: 'Ajuste de inventario', de: null, a: 'disponible' },
} as const;
export type TipoMovimiento = keyof typeof TIPO_MOVIMIENTO;
export const TIPOS_MOVIMIENTO = keysOf(TIPO_MOVIMIENTO) as [TipoMovimiento, ...TipoMovimiento[]];

/** The five counts of a component (§2.6), as the API names them. */
export const CUENTAS_STOCK = [
  'disponible',
  'alquilado',
  'enReparacion',
  'baja',
  'vendido',
] as const;
export type CuentaStock = (typeof CUENTAS_STOCK)[number];
export const CUENTA_STOCK_LABELS: Readonly<Record<CuentaStock, string>> = {
  disponible: 'Disponible',
  alquilado: 'Alquilado',
  enReparacion: 'En reparación',
  baja: 'Baja',
  vendido: 'Vendido',
};

/** §2.8 concept templates. */
export const TIPO_CONCEPTO_LABELS = labels({
  alquiler: 'Alquiler',
  transporte: 'Transporte',
  montaje: 'Montaje',
  desmontaje: 'Desmontaje',
  fianza: 'Fianza',
  seguro: 'Seguro',
  limpieza: 'Limpieza',
  otro: 'Otros',
});
export type TipoConcepto = keyof typeof TIPO_CONCEPTO_LABELS;
export const TIPOS_CONCEPTO = keysOf(TIPO_CONCEPTO_LABELS) as [TipoConcepto, ...TipoConcepto[]];

export const APLICA_A_LABELS = labels({
  todos: 'Todos',
  maquinaria: 'Maquinaria',
  andamios: 'Andamios',
});
export type AplicaA = keyof typeof APLICA_A_LABELS;
export const APLICA_A = keysOf(APLICA_A_LABELS) as [AplicaA, ...AplicaA[]];

/** §2.8 units: the label printed after a price ("85,00 €/viaje"). */
export const UNIDAD_CONCEPTO_LABELS = labels({
  dia: 'día',
  semana: 'semana',
  mes: 'mes',
  hora: 'hora',
  unidad: 'ud.',
  viaje: 'viaje',
  km: 'km',
  m2: 'm²',
  ml: 'm lineal',
  porcentaje: '%',
});
export type UnidadConcepto = keyof typeof UNIDAD_CONCEPTO_LABELS;
export const UNIDADES_CONCEPTO = keysOf(UNIDAD_CONCEPTO_LABELS) as [
  UnidadConcepto,
  ...UnidadConcepto[],
];
/** R13: a percentage prices on the document's rental lines; only these types may use it. */
export const TIPOS_CONCEPTO_PORCENTAJE: readonly TipoConcepto[] = ['seguro', 'otro'];
