import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

// Exports as partes': UTF-8 with BOM, `;`, CRLF, formula-safe cells (scenario 15).

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

export const enviarCsv = (reply: FastifyReply, nombre: string, hoy: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nombre}-${hoy}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
