import { z } from '../zod-es.js';
import { formatFechaHora, formatNumero, plural } from '../format/es-es.js';
import { normalizeSearchText } from '../localizacion/normalize.js';
import { pageMetaSchema } from '../lists/list-query.js';
import { versionSchema } from '../versiones/index.js';

// logistica.md §2.5, R19, §5 (import wizard) and §6: the import of albaranes from CSV or XLSX.
// This file is the contract the API and the wizard share: the field catalogue of each destino,
// the header matching, the mapping checks, the texts and the payloads.

export const DESTINOS_IMPORTACION = ['alquiler', 'transporte'] as const;
export type DestinoImportacion = (typeof DESTINOS_IMPORTACION)[number];
export const ESTADOS_IMPORTACION = [
  'subida',
  'validada',
  'importada',
  'fallida',
  'descartada',
] as const;
export type EstadoImportacion = (typeof ESTADOS_IMPORTACION)[number];
export const ESTADO_IMPORTACION_LABELS: Record<EstadoImportacion, string> = {
  subida: 'Subida',
  validada: 'Validada',
  importada: 'Importada',
  fallida: 'Fallida',
  descartada: 'Descartada',
};
export const FORMATOS_ARCHIVO_IMPORTACION = ['csv', 'xlsx'] as const;
export const FORMATOS_FECHA_IMPORTACION = ['DD/MM/AAAA', 'AAAA-MM-DD', 'DD-MM-AAAA'] as const;
export type FormatoFechaImportacion = (typeof FORMATOS_FECHA_IMPORTACION)[number];
export const SEPARADORES_DECIMALES = ['coma', 'punto'] as const;
export type SeparadorDecimal = (typeof SEPARADORES_DECIMALES)[number];
export const SEPARADOR_DECIMAL_LABELS: Record<SeparadorDecimal, string> = {
  coma: 'Coma (1.234,56)',
  punto: 'Punto (1,234.56)',
};
/** Rental imports land as borrador unless asked to emit; transport ones ignore it (R19). */
export const ESTADOS_INICIALES_IMPORTACION = ['borrador', 'emitido'] as const;

/** R19: the limits of an uploaded file. */
export const IMPORTACION_MAX_BYTES = 25 * 1024 * 1024;
export const IMPORTACION_MAX_FILAS = 50_000;
/** §5: rows shown in "Vista previa", and errors per page. */
export const IMPORTACION_VISTA_PREVIA = 50;
export const IMPORTACION_ERRORES_POR_PAGINA = 50;
/** §6: confirm inserts in chunks of this many albaranes. */
export const IMPORTACION_LOTE = 2_000;

export type CampoImportacion = {
  key: string;
  /** The template header, also the label of "Campo de TVSistema". */
  cabecera: string;
  obligatorio: boolean;
  /** Other headers that map to this field automatically (compared normalised). */
  sinonimos: readonly string[];
};

const campo = (
  key: string,
  cabecera: string,
  obligatorio: boolean,
  sinonimos: readonly string[] = [],
): CampoImportacion => ({ key, cabecera, obligatorio, sinonimos });

const lugar = (extremo: 'origen' | 'destino', etiqueta: 'Origen' | 'Destino') => {
  const e = etiqueta.toLowerCase();
  return [
    campo(`${extremo}Lugar`, `Lugar ${e}`, false, [`nombre ${e}`, `lugar de ${e}`]),
    campo(`${extremo}Poblacion`, `Población ${e}`, true, [
      e,
      `municipio ${e}`,
      `localidad ${e}`,
      `poblacion de ${e}`,
    ]),
    campo(`${extremo}Cp`, `CP ${e}`, false, [`codigo postal ${e}`, `cp de ${e}`]),
    campo(`${extremo}Calle`, `Calle ${e}`, false, [`direccion ${e}`, `calle de ${e}`]),
    campo(`${extremo}Numero`, `Número ${e}`, false, [`num ${e}`, `n ${e}`, `numero de ${e}`]),
  ];
};

/** §5, in template order: the fields of a transport import. */
export const CAMPOS_IMPORTACION_TRANSPORTE: readonly CampoImportacion[] = [
  campo('referenciaExterna', 'Referencia', true, [
    'ref',
    'referencia externa',
    'n albaran',
    'nº albaran',
    'albaran',
  ]),
  campo('clienteNif', 'NIF del cliente', true, ['nif', 'cif', 'cif cliente', 'nif cliente']),
  campo('fechaCarga', 'Fecha de carga', true, ['fecha', 'fecha carga']),
  campo('horaCarga', 'Hora de carga', false, ['hora', 'hora carga']),
  ...lugar('origen', 'Origen'),
  ...lugar('destino', 'Destino'),
  campo('destinatarioNombre', 'Destinatario', true, ['receptor', 'consignatario']),
  campo('destinatarioNif', 'NIF del destinatario', false, ['nif destinatario', 'cif destinatario']),
  campo('mercancia', 'Mercancía', true, ['mercancias', 'carga', 'descripcion']),
  campo('bultos', 'Bultos', false, ['n bultos', 'paquetes']),
  campo('pesoKg', 'Peso (kg)', false, ['peso', 'kg', 'kilos']),
  campo('matricula', 'Matrícula', false, ['camion', 'vehiculo', 'matricula camion']),
  campo('matriculaRemolque', 'Matrícula remolque', false, ['remolque']),
  campo('conductor', 'Conductor', false, ['chofer', 'conductor camion']),
  campo('precio', 'Precio (€)', false, ['precio', 'importe', 'euros', 'precio eur']),
  campo('tipoIva', 'IVA (%)', false, ['iva', 'tipo iva']),
  campo('estado', 'Estado', false),
  campo('fechaEntrega', 'Fecha de entrega', false, ['entrega', 'fecha entrega']),
  campo('observaciones', 'Observaciones', false, ['notas', 'comentarios']),
];

/** §5, in template order: the fields of a rental import (one row per line; rows share Referencia). */
export const CAMPOS_IMPORTACION_ALQUILER: readonly CampoImportacion[] = [
  campo('referenciaExterna', 'Referencia', true, ['ref', 'n albaran', 'nº albaran', 'albaran']),
  campo('tipo', 'Tipo', true, ['tipo albaran']),
  campo('alquilerNumero', 'Nº de alquiler', true, ['alquiler', 'n alquiler', 'contrato']),
  campo('fecha', 'Fecha', true, ['fecha albaran']),
  campo('hora', 'Hora', false),
  campo('articuloCodigo', 'Código de artículo', true, ['codigo', 'articulo', 'cod articulo']),
  campo('cantidad', 'Cantidad', true, ['uds', 'unidades', 'cant']),
  campo('estadoMaterial', 'Estado del material', false, ['estado', 'estado material']),
  campo('observacionDano', 'Observación del daño', false, ['dano', 'observacion dano']),
  campo('horometro', 'Horómetro (h)', false, ['horometro', 'horas']),
  campo('precio', 'Precio (€)', false, ['precio', 'importe']),
  campo('matricula', 'Matrícula', false, ['camion', 'vehiculo']),
  campo('conductor', 'Conductor', false, ['chofer']),
  campo('observaciones', 'Observaciones', false, ['notas', 'comentarios']),
];

export const camposImportacion = (destino: DestinoImportacion): readonly CampoImportacion[] =>
  destino === 'transporte' ? CAMPOS_IMPORTACION_TRANSPORTE : CAMPOS_IMPORTACION_ALQUILER;

/** `plantilla.csv`'s only row: the template headers in order. */
export const cabecerasPlantilla = (destino: DestinoImportacion): string[] =>
  camposImportacion(destino).map((c) => c.cabecera);

const PUNTUACION = /[^\p{L}\p{N} ]+/gu;
/** §5: headers compare lower case, without accents or punctuation ("Nº Albarán" ≡ "n albaran"). */
export const normalizarCabecera = (cabecera: string): string =>
  normalizeSearchText(cabecera.replace(PUNTUACION, ' ').replace(/º|ª/g, ' '));

/** §2.5: what identifies a set of headers whatever their order (hashed by the API). */
export const firmaCabecerasTexto = (cabeceras: readonly string[]): string =>
  [...new Set(cabeceras.map(normalizarCabecera).filter(Boolean))].sort().join('\u001f');

/**
 * §5 auto-mapping: each field takes the first header equal (normalised) to its label, else to one
 * of its synonyms; a header is used once, labels before synonyms.
 */
export const sugerirMapeo = (
  destino: DestinoImportacion,
  cabeceras: readonly string[],
): Record<string, string> => {
  const campos = camposImportacion(destino);
  const porNormal = new Map<string, string>();
  for (const c of cabeceras) {
    const n = normalizarCabecera(c);
    if (n && !porNormal.has(n)) porNormal.set(n, c);
  }
  const usadas = new Set<string>();
  const mapeo: Record<string, string> = {};
  const pasada = (candidatos: (c: CampoImportacion) => readonly string[]) => {
    for (const c of campos) {
      if (mapeo[c.key]) continue;
      for (const candidato of candidatos(c)) {
        const cabecera = porNormal.get(normalizarCabecera(candidato));
        if (cabecera && !usadas.has(cabecera)) {
          mapeo[c.key] = cabecera;
          usadas.add(cabecera);
          break;
        }
      }
    }
  };
  pasada((c) => [c.cabecera]);
  pasada((c) => c.sinonimos);
  return mapeo;
};

/** A remembered mapping applied to a file: only the headers the file has survive. */
export const aplicarMapeo = (
  mapeo: Record<string, string>,
  cabeceras: readonly string[],
): Record<string, string> => {
  const presentes = new Set(cabeceras);
  return Object.fromEntries(
    Object.entries(mapeo).filter(([, cabecera]) => presentes.has(cabecera)),
  );
};

/**
 * §5 step 2 works per column (column → field, '' = "— No importar —"); this turns it into the
 * `mapeo` the API takes and the errors that keep "Validar" from going on.
 */
export const mapeoDesdeColumnas = (
  destino: DestinoImportacion,
  columnas: Record<string, string>,
): { mapeo: Record<string, string>; errores: string[] } => {
  const campos = camposImportacion(destino);
  const mapeo: Record<string, string> = {};
  const errores: string[] = [];
  const repetidos = new Set<string>();
  for (const [cabecera, key] of Object.entries(columnas)) {
    if (!key) continue;
    if (mapeo[key]) repetidos.add(key);
    else mapeo[key] = cabecera;
  }
  for (const c of campos) {
    if (c.obligatorio && !mapeo[c.key]) errores.push(IMPORTACION_MESSAGES.faltaCampo(c.cabecera));
  }
  for (const c of campos) {
    if (repetidos.has(c.key)) errores.push(IMPORTACION_MESSAGES.campoRepetido(c.cabecera));
  }
  return { mapeo, errores };
};

/** The API's check of a `mapeo` (fields known, required ones present, headers in the file). */
export const erroresMapeo = (
  destino: DestinoImportacion,
  mapeo: Record<string, string>,
  cabeceras: readonly string[],
): string[] => {
  const campos = camposImportacion(destino);
  const presentes = new Set(cabeceras);
  const conocidos = new Set(campos.map((c) => c.key));
  const errores: string[] = [];
  for (const [key, cabecera] of Object.entries(mapeo)) {
    if (!conocidos.has(key)) errores.push(IMPORTACION_MESSAGES.campoDesconocido(key));
    else if (!presentes.has(cabecera))
      errores.push(IMPORTACION_MESSAGES.columnaDesconocida(cabecera));
  }
  for (const c of campos) {
    if (c.obligatorio && !mapeo[c.key]) errores.push(IMPORTACION_MESSAGES.faltaCampo(c.cabecera));
  }
  return errores;
};

export const IMPORTACION_MESSAGES = {
  titulo: (destino: DestinoImportacion) =>
    `Importar albaranes - ${destino === 'transporte' ? 'Transportes' : 'Alquileres'}`,
  pasos: ['Archivo', 'Columnas', 'Revisión', 'Resultado'] as const,
  soltar: 'Arrastra aquí un archivo CSV o Excel (.xlsx) o haz clic para elegirlo',
  limites: 'Máximo 25 MB y 50.000 filas',
  descargarPlantilla: 'Descargar plantilla',
  subiendo: (p: number) => `Subiendo archivo… ${p} %`,
  recientes: 'Importaciones recientes',
  noImportar: '— No importar —',
  recordar: 'Recordar este mapeo para archivos con las mismas columnas',
  /** `usadoAt` is an instant: the message shows its Madrid date. */
  mapeoAplicado: (usadoAt: string) =>
    `Se ha aplicado el mapeo usado el ${formatFechaHora(usadoAt).slice(0, 10)}`,
  faltaCampo: (campo: string) => `Falta asignar el campo obligatorio «${campo}»`,
  campoRepetido: (campo: string) => `El campo «${campo}» está asignado a dos columnas`,
  campoDesconocido: (key: string) => `El campo «${key}» no existe en esta importación`,
  columnaDesconocida: (cabecera: string) => `La columna «${cabecera}» no está en el archivo`,
  validando: (n: number, total: number) =>
    `Validando fila ${formatNumero(n)} de ${formatNumero(total)}`,
  importarN: (n: number) => `Importar ${plural(n, 'albarán', 'albaranes')}`,
  sinFilasValidas: 'No hay filas válidas para importar.',
  importando: (n: number, total: number) =>
    `Importando… ${formatNumero(n)} de ${formatNumero(total)}`,
  completada: (r: {
    creados: number;
    primerNumero: string | null;
    ultimoNumero: string | null;
    omitidas: number;
    conErrores: number;
    duplicadas: number;
  }) =>
    `Importación completada: ${plural(r.creados, 'albarán creado', 'albaranes creados')}` +
    (r.primerNumero ? ` (${r.primerNumero} a ${r.ultimoNumero})` : '') +
    `. ${plural(r.omitidas, 'fila omitida', 'filas omitidas')} (${formatNumero(r.conErrores)} con errores, ${formatNumero(r.duplicadas)} ${r.duplicadas === 1 ? 'duplicada' : 'duplicadas'}).`,
  fallida: (motivo: string) =>
    `La importación ha fallado y no se ha importado ninguna fila: ${motivo}`,
  // R19: the file
  demasiadoGrande: 'El archivo supera el tamaño máximo de 25 MB',
  demasiadasFilas: (n: number) => `El archivo tiene ${formatNumero(n)} filas; el máximo es 50.000`,
  formatoNoAdmitido: 'Formato no admitido: sube un archivo CSV o Excel (.xlsx)',
  archivoVacio: 'El archivo no tiene filas de datos',
  archivoObligatorio: 'Elige un archivo CSV o Excel (.xlsx)',
  importacionNoEncontrada: 'Importación no encontrada',
  yaRealizada: 'Esta importación ya se ha realizado',
  noValidada: 'Valida la importación antes de confirmarla',
  datosCambiados: (n: number) =>
    `Los datos han cambiado desde la validación: ${n === 1 ? '1 fila ya no es válida' : `${formatNumero(n)} filas ya no son válidas`}. Vuelve a validar.`,
  plantillaRepetida: (nombre: string) => `Ya existe una plantilla de mapeo llamada «${nombre}»`,
  plantillaNoEncontrada: 'Plantilla de mapeo no encontrada',
  // R19: the rows
  poblacionAmbigua: (x: string) => `La población «${x}» es ambigua: indica el código postal`,
  poblacionNoEncontrada: (x: string) => `No se encontró la población «${x}»`,
  calleNoEncontrada: (x: string) =>
    `No se encontró la calle «${x}»: se guarda en la observación de la dirección`,
  clienteNoEncontrado: (x: string) => `No existe ningún cliente de Transportes con el NIF «${x}»`,
  fechaNoValida: (x: string, formato: string) => `Fecha no válida «${x}» (formato ${formato})`,
  camionNoEncontrado: (x: string) => `No existe ningún camión con la matrícula «${x}»`,
  alquilerNoEncontrado: (x: string) => `No existe el alquiler «${x}»`,
  articuloNoEncontrado: (x: string) => `No existe ningún artículo con el código «${x}»`,
  referenciaRepetida: (fila: number) => `Referencia repetida en el archivo (fila ${fila})`,
  filaNoCoincide: (f: number, g: number, columna: string, ref: string) =>
    `La fila ${f} no coincide con la fila ${g} en «${columna}» para la referencia ${ref}`,
  mismoAlbaranConErrores: (f: number) => `La fila ${f} del mismo albarán tiene errores`,
  obligatorio: (campo: string) => `El campo «${campo}» es obligatorio`,
  horaNoValida: (x: string) => `Hora no válida «${x}» (formato HH:MM)`,
  numeroNoValido: (x: string) => `Número no válido «${x}»`,
  matriculaNoValida: (x: string) => `La matrícula «${x}» no tiene un formato válido`,
  ivaNoValido: (x: string) => `IVA no válido «${x}» (21, 10, 4 o 0)`,
  tipoNoValido: (x: string) => `Tipo no válido «${x}» (entrega, recogida, E, R o devolución)`,
  estadoMaterialNoValido: (x: string) =>
    `Estado del material no válido «${x}» (correcto, dañado o falta)`,
  estadoNoValido: (x: string) => `Estado no válido «${x}» (pendiente o entregado)`,
  alquilerNoDisponible:
    'La importación de albaranes de alquiler aún no está disponible: importa albaranes de transporte.',
  sinFirmaMotivo: 'Importado sin firma',
} as const;

// ── Payloads (§6) ──────────────────────────────────────────────────────────────────────────────

const mapeoSchema = z.record(z.string(), z.string().min(1).max(200));

export const opcionesImportacionSchema = z.object({
  formatoFecha: z.enum(FORMATOS_FECHA_IMPORTACION).default('DD/MM/AAAA'),
  separadorDecimal: z.enum(SEPARADORES_DECIMALES).default('coma'),
  estadoInicial: z.enum(ESTADOS_INICIALES_IMPORTACION).default('borrador'),
});
export type OpcionesImportacion = z.output<typeof opcionesImportacionSchema>;
export const OPCIONES_IMPORTACION_POR_DEFECTO: OpcionesImportacion = {
  formatoFecha: 'DD/MM/AAAA',
  separadorDecimal: 'coma',
  estadoInicial: 'borrador',
};

export const plantillaMapeoSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  mapeo: mapeoSchema,
  opciones: opcionesImportacionSchema,
  usadoAt: z.string().nullable(),
});
export type PlantillaMapeo = z.output<typeof plantillaMapeoSchema>;
export const guardarPlantillaMapeoSchema = z.object({
  nombre: z.string().trim().min(1, 'Indica un nombre para la plantilla').max(100),
  mapeo: mapeoSchema,
  opciones: opcionesImportacionSchema,
});

/** 201 of the upload. `ejemplos[cabecera]` holds the first three non-empty values of the column. */
export const importacionSubidaSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  formato: z.enum(FORMATOS_ARCHIVO_IMPORTACION),
  cabeceras: z.array(z.string()),
  ejemplos: z.record(z.string(), z.array(z.string())),
  totalFilas: z.number().int(),
  mapeoSugerido: mapeoSchema,
  origenMapeo: z.enum(['recordado', 'automatico']),
  /** When `recordado`: the remembered mapping's options and when it was last used. */
  opcionesSugeridas: opcionesImportacionSchema,
  mapeoUsadoAt: z.string().nullable(),
  plantillas: z.array(plantillaMapeoSchema),
});
export type ImportacionSubida = z.output<typeof importacionSubidaSchema>;

export const validarImportacionSchema = z.object({
  mapeo: mapeoSchema,
  opciones: opcionesImportacionSchema,
  recordar: z.boolean().default(true),
});
export type ValidarImportacion = z.input<typeof validarImportacionSchema>;
export const confirmarImportacionSchema = z.object({ version: versionSchema });

export const resumenImportacionSchema = z.object({
  validas: z.number().int(),
  conErrores: z.number().int(),
  duplicadas: z.number().int(),
  avisos: z.number().int(),
  /** Albaranes the valid rows make (transport: one per row; rental: one per Referencia). */
  albaranes: z.number().int(),
});
export type ResumenImportacion = z.output<typeof resumenImportacionSchema>;

export const resultadoImportacionSchema = z.object({
  creados: z.number().int(),
  primerNumero: z.string().nullable(),
  ultimoNumero: z.string().nullable(),
  omitidas: z.number().int(),
  conErrores: z.number().int(),
  duplicadas: z.number().int(),
  duracionMs: z.number().int(),
});
export type ResultadoImportacion = z.output<typeof resultadoImportacionSchema>;

export const errorFilaImportacionSchema = z.object({
  fila: z.number().int(),
  columna: z.string().nullable(),
  valor: z.string().nullable(),
  mensaje: z.string(),
});
export type ErrorFilaImportacion = z.output<typeof errorFilaImportacionSchema>;

/** One NDJSON line of `validar` and `confirmar`. */
export const lineaProgresoImportacionSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('progreso'),
    fase: z.enum(['validando', 'importando']),
    procesadas: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    tipo: z.literal('resumen'),
    version: z.number().int(),
    resumen: resumenImportacionSchema,
  }),
  z.object({ tipo: z.literal('resultado'), resultado: resultadoImportacionSchema }),
  z.object({ tipo: z.literal('error'), message: z.string() }),
]);
export type LineaProgresoImportacion = z.output<typeof lineaProgresoImportacionSchema>;

export const ESTADOS_FILA_IMPORTACION = ['valida', 'error', 'duplicada'] as const;
export type EstadoFilaImportacion = (typeof ESTADOS_FILA_IMPORTACION)[number];
/** A row as saved by `validar`: its values by field key, its errors and warnings. */
export const filaImportacionSchema = z.object({
  fila: z.number().int(),
  estado: z.enum(ESTADOS_FILA_IMPORTACION),
  valores: z.record(z.string(), z.string()),
  errores: z.array(errorFilaImportacionSchema),
  avisos: z.array(z.string()),
});
export type FilaImportacion = z.output<typeof filaImportacionSchema>;
export const filasImportacionQuerySchema = z.object({
  estado: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ESTADOS_FILA_IMPORTACION).optional(),
  ),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const filasImportacionPageSchema = z.object({
  data: z.array(filaImportacionSchema),
  meta: pageMetaSchema,
});
export const erroresImportacionPageSchema = z.object({
  data: z.array(errorFilaImportacionSchema),
  meta: pageMetaSchema,
});

export const importacionSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  destino: z.enum(DESTINOS_IMPORTACION),
  estado: z.enum(ESTADOS_IMPORTACION),
  archivo: z.object({
    nombre: z.string(),
    bytes: z.number().int(),
    formato: z.enum(FORMATOS_ARCHIVO_IMPORTACION),
  }),
  cabeceras: z.array(z.string()),
  totalFilas: z.number().int(),
  mapeo: mapeoSchema.nullable(),
  opciones: opcionesImportacionSchema.nullable(),
  resumen: resumenImportacionSchema.nullable(),
  resultado: resultadoImportacionSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Importacion = z.output<typeof importacionSchema>;
/** "Importaciones recientes": the last 10 of the current system's destino. */
export const importacionesRecientesSchema = z.array(importacionSchema);
