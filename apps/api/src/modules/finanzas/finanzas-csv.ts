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

export const csvFilas = (filas: readonly (readonly (string | number | null | undefined)[])[]) =>
  `\uFEFF${filas.map((fila) => fila.map(celda).join(';')).join('\r\n')}\r\n`;

export const enviarCsv = (reply: FastifyReply, archivo: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${archivo}"`)
    .header('cache-control', 'no-store')
    .send(csv);

/** "1880.06" → "1880,06": decimal comma, no thousands. */
export const decimalComa = (valor: string | null | undefined) =>
  valor === null || valor === undefined ? '' : valor.replace('.', ',');
