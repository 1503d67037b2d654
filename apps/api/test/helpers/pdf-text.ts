import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, page by page (pdf.js, as a reader would extract it). */
export const pdfPages = async (bytes: Uint8Array): Promise<string[]> => {
  // pdf.js wants a plain Uint8Array (a Node Buffer is refused).
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join(''),
    );
  }
  await document.destroy();
  return pages;
};

/**
 * What a PDF declares about PDF/A (logistica.md §6): its version, the XMP identification
 * (pdfaid part and conformance, read by pdf.js), the sRGB output intent and whether any font is a
 * standard one that is not embedded (the object dictionaries are not compressed, so the file's
 * bytes show them).
 */
export const pdfArchivo = async (bytes: Uint8Array) => {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const { info, metadata } = await document.getMetadata();
  await document.destroy();
  const raw = Buffer.from(bytes).toString('latin1');
  return {
    version: (info as { PDFFormatVersion?: string }).PDFFormatVersion,
    pdfa: `${metadata?.get('pdfaid:part') ?? '?'}${metadata?.get('pdfaid:conformance') ?? '?'}`,
    intencionSalida: /\/S \/GTS_PDFA1/.test(raw) && raw.includes('sRGB IEC61966-2.1'),
    fuentesSinIncrustar: [
      ...raw.matchAll(/\/BaseFont \/(Helvetica|Times|Courier|Symbol|ZapfDingbats)/g),
    ].length,
    fuentesIncrustadas: [...raw.matchAll(/\/FontFile2 /g)].length,
  };
};
