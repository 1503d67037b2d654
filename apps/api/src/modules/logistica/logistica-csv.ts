import { Readable } from 'node:stream';
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

/**
 * The same file as `csvDe` of all the batches, written as they come (logistica.md §10: first byte
 * ≤ 1 s for 100,000 rows). The first batch is awaited before answering, so an error there is still
 * a proper error answer; a later one cuts the download short.
 */
export const enviarCsvPorLotes = async <R>(
  reply: FastifyReply,
  nombre: string,
  hoy: string,
  columnas: readonly ColumnaCsv<R>[],
  lotes: AsyncGenerator<readonly R[]>,
) => {
  const primero = await lotes.next();
  const filas = (registros: readonly R[]) =>
    stringify(
      registros.map((registro) => columnas.map((columna) => columna.value(registro) ?? '')),
      { delimiter: ';', record_delimiter: '\r\n', escape_formulas: true },
    );
  const texto = async function* () {
    try {
      yield csvDe(columnas, primero.done ? [] : primero.value);
      if (primero.done) return;
      for (let lote = await lotes.next(); !lote.done; lote = await lotes.next())
        yield filas(lote.value);
    } finally {
      // A download cut short ends the batches too, which frees the snapshot's cursor.
      await lotes.return(undefined);
    }
  };
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nombre}-${hoy}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(texto(), { objectMode: false }));
};
