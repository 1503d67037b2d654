import { z } from '../zod-es.js';
import { archivoSchema } from '../archivos/index.js';

// The rental's archive (comercial.md §2 "Archivo", §5 /alquileres/{id}/archivos/*): files in
// folders, a slug path of at most three levels; the five fixed folders come first on screen.

export const CARPETAS_ALQUILER = [
  'contrato',
  'entregas',
  'devoluciones',
  'incidencias',
  'otros',
] as const;
export const CARPETA_POR_DEFECTO = 'otros';
/** R23: at most 200 files per rental. */
export const MAX_ARCHIVOS_ALQUILER = 200;

export const ARCHIVOS_ALQUILER_MESSAGES = {
  carpeta:
    'La carpeta solo admite minúsculas sin acentos, números y guiones (hasta 40 por nivel y 3 niveles, separados por «/»).',
  limite: 'El alquiler ya tiene 200 archivos; elimina alguno antes de subir más.',
  /** The rental's history rows of its archive (§6; the API records field `archivo`). */
  anadido: (nombre: string) => `Archivo añadido: ${nombre}`,
  eliminado: (nombre: string) => `Archivo eliminado: ${nombre}`,
} as const;

/**
 * How a history change of field `archivo` reads: "Archivo eliminado: acta.pdf" when a file went
 * (`anterior` its name), "Archivo añadido: acta.pdf" when one came.
 */
export const fraseArchivo = (cambio: { anterior: unknown; nuevo: unknown }): string | undefined => {
  if (typeof cambio.anterior === 'string' && (cambio.nuevo === null || cambio.nuevo === undefined))
    return ARCHIVOS_ALQUILER_MESSAGES.eliminado(cambio.anterior);
  if (typeof cambio.nuevo === 'string') return ARCHIVOS_ALQUILER_MESSAGES.anadido(cambio.nuevo);
  return undefined;
};

export const carpetaAlquilerSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,40}){0,2}$/, ARCHIVOS_ALQUILER_MESSAGES.carpeta);

/** "entregas/camion-2" → "Camion 2" (the last level, as a folder is named on screen). */
export const nombreCarpeta = (carpeta: string): string => {
  const ultimo = carpeta.split('/').pop() ?? carpeta;
  const texto = ultimo.replace(/-/g, ' ');
  return texto.charAt(0).toUpperCase() + texto.slice(1);
};

export const archivosAlquilerQuerySchema = z.object({
  carpeta: carpetaAlquilerSchema.optional(),
});

export const archivosAlquilerSchema = z.object({
  alquiler: z.object({ numero: z.string(), cliente: z.string() }),
  carpetas: z.array(z.object({ carpeta: z.string(), total: z.number().int() })),
  archivos: z.array(archivoSchema),
});
export type ArchivosAlquiler = z.output<typeof archivosAlquilerSchema>;
