// The one PDF service of every printable document (modules/README.md "Documents as PDF"):
// pdfkit (docs/decisions/0020-pdf.md) with the empresa's letterhead, DejaVu Sans (every Spanish
// glyph, € included), tables, QR codes and "Página N de M" on every page.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Emisor } from '@tvsistema/domain/finanzas';
import { formatFecha, formatFechaHora } from '@tvsistema/domain/format';
import type { Empresa } from '@tvsistema/domain/systems';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const LOGOS_DIR = fileURLToPath(new URL('../../assets/logos/', import.meta.url));

const MARGIN = 50;
const GREY = '#555555';

/** One line of the letterhead's address, from the emisor's structured address. */
export const addressLine = (emisor: Emisor) => {
  const d = emisor.direccion;
  const street = [d.calle, d.altura === null ? null : String(d.altura)].filter(Boolean).join(' ');
  const place = [d.codigoPostal, d.municipio ?? d.ciudad].filter(Boolean).join(' ');
  return [street, place, d.provincia].filter(Boolean).join(', ');
};

export type PdfTable = { columns: { header: string; width: number }[]; rows: string[][] };

/** A document being written: the letterhead is on its first page, the page numbers at the end. */
export type PdfWriter = {
  doc: PDFKit.PDFDocument;
  title(text: string): void;
  section(text: string): void;
  field(label: string, value: string | null | undefined): void;
  paragraph(text: string): void;
  table(table: PdfTable): void;
  qr(text: string, caption: string): Promise<void>;
  /** Numbers the pages and returns the finished file. */
  end(): Promise<Buffer>;
};

/**
 * A new A4 document of `empresa` with its letterhead: logo, razón social, NIF, address; the footer
 * of every page carries the registro mercantil line and "Página N de M".
 */
export const createPdf = (
  empresa: Empresa,
  emisor: Emisor,
  info: { title: string; pie?: string | undefined },
): PdfWriter => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: info.title, Author: emisor.razonSocial, Creator: 'TVSistema' },
    lang: 'es-ES',
    // PDF/A-2b (logistica.md §6: the documento de control is archived and sent to the Ministry as
    // PDF/A): pdfkit writes the XMP identification and the sRGB output intent; every font must be
    // embedded, so the default font is DejaVu, never the standard Helvetica pdfkit starts with.
    subset: 'PDF/A-2b',
    pdfVersion: '1.7',
    font: FONT,
  });
  doc.registerFont('texto', FONT);
  doc.registerFont('negrita', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Letterhead.
  const top = MARGIN;
  doc.image(`${LOGOS_DIR}${empresa}.png`, MARGIN, top, { fit: [120, 48] });
  doc
    .font('negrita')
    .fontSize(11)
    .text(emisor.razonSocial, MARGIN + 140, top, { width: 355 });
  doc.font('texto').fontSize(9).fillColor(GREY);
  if (emisor.nif) doc.text(`NIF ${emisor.nif}`, { width: 355 });
  const address = addressLine(emisor);
  if (address) doc.text(address, { width: 355 });
  const contact = [emisor.telefono, emisor.email].filter(Boolean).join(' · ');
  if (contact) doc.text(contact, { width: 355 });
  doc.fillColor('black');
  doc.y = Math.max(doc.y, top + 56) + 12;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(1);

  const width = doc.page.width - 2 * MARGIN;
  const writer: PdfWriter = {
    doc,
    title: (text) => {
      doc.font('negrita').fontSize(16).text(text, MARGIN, doc.y, { width });
      doc.moveDown(0.5);
    },
    section: (text) => {
      doc.moveDown(0.6);
      doc.font('negrita').fontSize(11).text(text, MARGIN, doc.y, { width });
      doc.moveDown(0.2);
    },
    field: (label, value) => {
      doc
        .font('negrita')
        .fontSize(9)
        .text(`${label}: `, MARGIN, doc.y, { continued: true, width })
        .font('texto')
        .text(value && value.trim() ? value : '—');
    },
    paragraph: (text) => {
      doc.font('texto').fontSize(9).text(text, MARGIN, doc.y, { width });
    },
    table: ({ columns, rows }) => {
      const line = (cells: string[], font: 'texto' | 'negrita') => {
        const y = doc.y;
        let x = MARGIN;
        let bottom = y;
        doc.font(font).fontSize(9);
        cells.forEach((cell, index) => {
          const column = columns[index];
          if (!column) return;
          doc.text(cell || '—', x, y, { width: column.width - 6 });
          bottom = Math.max(bottom, doc.y);
          x += column.width;
        });
        doc.y = bottom + 3;
        if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
      };
      line(
        columns.map((column) => column.header),
        'negrita',
      );
      for (const row of rows) line(row, 'texto');
      doc.x = MARGIN;
    },
    qr: async (text, caption) => {
      const png = await QRCode.toBuffer(text, { margin: 1, width: 160, errorCorrectionLevel: 'M' });
      doc.moveDown(0.8);
      const y = doc.y;
      doc.image(png, MARGIN, y, { width: 80 });
      doc
        .font('texto')
        .fontSize(8)
        .fillColor(GREY)
        .text(caption, MARGIN + 90, y + 30, { width: width - 90 });
      doc.fillColor('black');
      doc.y = y + 88;
    },
    end: async () => {
      const range = doc.bufferedPageRange();
      for (let index = 0; index < range.count; index += 1) {
        doc.switchToPage(range.start + index);
        const footer = [emisor.registroMercantil, info.pie, `Página ${index + 1} de ${range.count}`]
          .filter(Boolean)
          .join(' · ');
        // Written inside the bottom margin: without this pdfkit would open a new page.
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('texto')
          .fontSize(8)
          .fillColor(GREY)
          .text(footer, MARGIN, doc.page.height - 35, { width, align: 'center' });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return finished;
    },
  };
  return writer;
};

/** "Generado el 23/11/2026" for a document's date line (Madrid calendar day). */
export const generadoEl = (today: string) => `Generado el ${formatFecha(today)}`;

/**
 * flota-obras.md §5.7's footer: "Generado el dd/mm/aaaa hh:mm por {usuario}" (Madrid wall time of
 * the request; the name `userDisplayName` gives, as the documents name people).
 */
export const generadoPor = (usuario: string | null | undefined, ahora: Date = new Date()) =>
  `Generado el ${formatFechaHora(ahora)} por ${usuario ?? 'TVSistema'}`;
