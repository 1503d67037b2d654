import { z } from '../zod-es.js';

// Files (modules/README.md "Files"): stored outside the database, named by their SHA-256, with
// their metadata and owner in it; 25 MB each; PDF, images, Office documents and CSV, checked by
// content, not by name.

export const ARCHIVO_MAX_BYTES = 25 * 1024 * 1024;

export const ARCHIVO_MESSAGES = {
  tooLarge: 'El archivo supera el tamaño máximo de 25 MB',
  typeNotAllowed: 'Tipo de archivo no permitido. Solo PDF, imágenes, documentos de Office y CSV.',
  /**
   * Camiones' and obras' own wording of the same refusal (flota-obras.md §6): the module's design
   * file is the more specific one (decision 0039); every other module keeps the line above.
   */
  typeNotAllowedFlotaObras:
    'Tipo de archivo no permitido. Se admiten PDF, imágenes, documentos de Office y CSV',
  notMultipart: 'Envía el archivo como multipart/form-data, en el campo «archivo».',
  empty: 'El archivo está vacío.',
  notFound: 'Archivo no encontrado',
} as const;

/** The types accepted, by what their content says (file-type), with the extension they keep. */
export const ARCHIVO_TIPOS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  // Phone photos (parte de trabajo photos, flota-obras.md §6).
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/tiff': 'tif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/x-cfb': 'doc',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/csv': 'csv',
};

/** A stored file as the API answers it. */
export const archivoSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  mime: z.string(),
  tamano: z.number().int(),
  sha256: z.string(),
  subidoEn: z.string(),
  subidoPor: z.string().nullable(),
  /** The folder inside the record's archive, where the module keeps folders (comercial). */
  carpeta: z.string().nullable(),
});
export type Archivo = z.output<typeof archivoSchema>;
