import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Finanzas' CSV files (lists, libros registro, 347): UTF-8 with BOM, ";", CRLF, quoted when needed,
// formula-injection safe for text cells; a number such as "-121,00" is not a formula and stays
// as it is (the AEAT books carry negative amounts of credit notes).

const NUMERO = /^-?\d+(,\d+)?$/;

const celda = (valor: string | number | null | undefined): string => {
  let texto = valor === null || valor === undefined ? '' : String(valor);
  if (/^[=+\-@\t\r]/.test(texto) && !NUMERO.test(texto)) texto = `'${texto}`;
  return /[";\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
};

type Fila = readonly (string | number | null | undefined)[];

const csvFila = (fila: Fila) => fila.map(celda).join(';');

export const csvFilas = (filas: readonly Fila[]) => `\uFEFF${filas.map(csvFila).join('\r\n')}\r\n`;

export const enviarCsv = (reply: FastifyReply, archivo: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${archivo}"`)
    .header('cache-control', 'no-store')
    .send(csv);

/**
 * The same file as `csvFilas` of all the batches, written to the reply as they come (finanzas.md
 * §10, the libros registro): the first batch is awaited before answering, so an error there is
 * still a proper error answer; a later one cuts the download short.
 */
export const enviarCsvPorLotes = async (
  reply: FastifyReply,
  archivo: string,
  lotes: AsyncIterator<readonly Fila[]>,
) => {
  const primero = await lotes.next();
  const texto = async function* () {
    try {
      yield `\uFEFF${primero.done ? '' : primero.value.map((f) => `${csvFila(f)}\r\n`).join('')}`;
      if (primero.done) return;
      for (let lote = await lotes.next(); !lote.done; lote = await lotes.next())
        yield lote.value.map((f) => `${csvFila(f)}\r\n`).join('');
    } finally {
      // A download cut short (the client left, compression failed) ends the batches too, which
      // frees what their read holds (a connection and its transaction, a cursor).
      await lotes.return?.();
    }
  };
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${archivo}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(texto(), { objectMode: false }));
};

/** "1880.06" → "1880,06": decimal comma, no thousands. */
export const decimalComa = (valor: string | null | undefined) =>
  valor === null || valor === undefined ? '' : valor.replace('.', ',');
