import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

// The exports open in Spanish Excel by double-click, as partes': UTF-8 with BOM, `;`, CRLF, and a
// cell starting with = + - @ escaped so it never runs as a formula (scenario 16).

export type ColumnaCsv<R> = { header: string; value: (record: R) => string | number | null };

export const csvDe = <R>(columnas: readonly ColumnaCsv<R>[], registros: readonly R[]): string =>
  stringify(
    registros.map((registro) => columnas.map((columna) => columna.value(registro) ?? '')),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: columnas.map((columna) => columna.header),
      escape_formulas: true,
    },
  );

/** Sends a CSV as an attachment named `{nombre}-{hoy}.csv`. */
export const enviarCsv = (reply: FastifyReply, nombre: string, hoy: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nombre}-${hoy}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);

/** A decimal text in Spanish for a spreadsheet cell ("1845.5" → "1845,5"). */
export const decimalCsv = (value: string | null | undefined) =>
  value === null || value === undefined ? null : value.replace('.', ',');
