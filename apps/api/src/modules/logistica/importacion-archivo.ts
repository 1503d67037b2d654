import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORTACION_MAX_FILAS, IMPORTACION_MESSAGES as IM } from '@tvsistema/domain/logistica';
import { HttpError } from '../../http/errors.js';

// logistica.md R19: an uploaded file, recognised by content (XLSX = a ZIP holding
// xl/workbook.xml, else CSV text), read into its header and its data rows as text. Excel date
// cells become ISO dates; blank rows are skipped; `fila` is the row number the user sees.

export type FilaCruda = { fila: number; celdas: string[] };
export type ArchivoLeido = {
  formato: 'csv' | 'xlsx';
  codificacion: string | null;
  separador: string | null;
  cabeceras: string[];
  filas: FilaCruda[];
};

const noAdmitido = () => new HttpError(415, IM.formatoNoAdmitido);
const demasiadasFilas = (n: number) => new HttpError(400, IM.demasiadasFilas(n));
const vacio = () => new HttpError(400, IM.archivoVacio);

const esXlsx = (contenido: Buffer) =>
  contenido.length > 4 &&
  contenido.readUInt32LE(0) === 0x04034b50 &&
  contenido.includes('xl/workbook.xml');

const iso = (d: Date) => d.toISOString().slice(0, 10);

const textoCelda = (valor: ExcelJS.CellValue): string => {
  if (valor === null || valor === undefined) return '';
  if (valor instanceof Date) return iso(valor);
  if (typeof valor === 'number') return String(valor);
  if (typeof valor === 'string') return valor.trim();
  if (typeof valor === 'boolean') return valor ? 'sí' : 'no';
  if (typeof valor === 'object') {
    if ('richText' in valor)
      return valor.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('result' in valor) return textoCelda(valor.result as ExcelJS.CellValue);
    if ('text' in valor) return String(valor.text).trim();
    if ('error' in valor) return '';
  }
  return String(valor as unknown).trim();
};

/** Header = first non-empty row; trailing empty header cells are dropped. */
const separarCabecera = (filas: FilaCruda[]): { cabeceras: string[]; filas: FilaCruda[] } => {
  const i = filas.findIndex((f) => f.celdas.some((c) => c !== ''));
  if (i < 0) throw vacio();
  const cabecera = (filas[i] as FilaCruda).celdas;
  let n = cabecera.length;
  while (n > 0 && cabecera[n - 1] === '') n -= 1;
  const usadas = new Map<string, number>();
  const cabeceras = cabecera.slice(0, n).map((c, k) => {
    const base = c || `Columna ${k + 1}`;
    const veces = (usadas.get(base) ?? 0) + 1;
    usadas.set(base, veces);
    return veces === 1 ? base : `${base} (${veces})`;
  });
  const datos = filas
    .slice(i + 1)
    .filter((f) => f.celdas.some((c) => c !== ''))
    .map((f) => ({ fila: f.fila, celdas: cabeceras.map((_, k) => f.celdas[k] ?? '') }));
  if (datos.length === 0) throw vacio();
  if (datos.length > IMPORTACION_MAX_FILAS) throw demasiadasFilas(datos.length);
  return { cabeceras, filas: datos };
};

const leerXlsx = async (contenido: Buffer): Promise<ArchivoLeido> => {
  const filas: FilaCruda[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(contenido), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const hoja of reader) {
      for await (const row of hoja) {
        const valores = row.values as ExcelJS.CellValue[];
        const celdas: string[] = [];
        for (let k = 1; k < valores.length; k += 1) celdas.push(textoCelda(valores[k]));
        filas.push({ fila: row.number, celdas });
        if (filas.length > IMPORTACION_MAX_FILAS + 50) break;
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw noAdmitido();
  }
  return { formato: 'xlsx', codificacion: null, separador: null, ...separarCabecera(filas) };
};

const SEPARADORES = [';', ',', '\t'] as const;

/** R19: `;`, `,` or tab — the one whose column count is steadiest over the first 20 lines. */
const detectarSeparador = (texto: string): string => {
  const lineas = texto
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let mejor: { sep: string; puntos: number; columnas: number } = {
    sep: ';',
    puntos: -1,
    columnas: 0,
  };
  for (const sep of SEPARADORES) {
    let registros: string[][];
    try {
      registros = parse(lineas.join('\n'), {
        delimiter: sep,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      }) as string[][];
    } catch {
      continue;
    }
    const cuenta = new Map<number, number>();
    for (const r of registros) cuenta.set(r.length, (cuenta.get(r.length) ?? 0) + 1);
    let moda = 1;
    let veces = 0;
    for (const [columnas, n] of cuenta)
      if (n > veces || (n === veces && columnas > moda)) {
        moda = columnas;
        veces = n;
      }
    if (moda < 2) continue;
    const puntos = veces / Math.max(1, registros.length);
    if (puntos > mejor.puntos || (puntos === mejor.puntos && moda > mejor.columnas))
      mejor = { sep, puntos, columnas: moda };
  }
  return mejor.sep;
};

const decodificar = (contenido: Buffer): { texto: string; codificacion: string } => {
  const sinBom =
    contenido[0] === 0xef && contenido[1] === 0xbb && contenido[2] === 0xbf
      ? contenido.subarray(3)
      : contenido;
  if (sinBom.includes(0)) throw noAdmitido();
  try {
    return {
      texto: new TextDecoder('utf-8', { fatal: true }).decode(sinBom),
      codificacion: 'utf-8',
    };
  } catch {
    const texto = iconv.decode(sinBom, 'win1252');
    // Control characters other than tab and line breaks mean this is no text at all.
    for (let i = 0; i < texto.length; i += 1) {
      const c = texto.charCodeAt(i);
      if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) throw noAdmitido();
    }
    return { texto, codificacion: 'windows-1252' };
  }
};

const leerCsv = (contenido: Buffer): ArchivoLeido => {
  const { texto, codificacion } = decodificar(contenido);
  const separador = detectarSeparador(texto);
  let registros: { record: string[]; info: { lines: number } }[];
  try {
    registros = parse(texto, {
      delimiter: separador,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw noAdmitido();
  }
  const filas = registros.map((r) => ({ fila: r.info.lines, celdas: r.record }));
  return { formato: 'csv', codificacion, separador, ...separarCabecera(filas) };
};

/** R19: XLSX by its ZIP content, else CSV text; anything else 415. */
export const leerArchivoImportacion = async (contenido: Buffer): Promise<ArchivoLeido> => {
  if (contenido.length === 0) throw vacio();
  if (esXlsx(contenido)) return leerXlsx(contenido);
  if (contenido.readUInt32LE(0) === 0x04034b50) throw noAdmitido();
  return leerCsv(contenido);
};
