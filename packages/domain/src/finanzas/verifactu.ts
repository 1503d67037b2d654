// VERI*FACTU (RD 1007/2023, Orden HAC/1177/2024; finanzas.md rules 11–14): the exact field string
// each record hashes, its SHA-256 huella, the generation instant in Madrid with its offset, and the
// QR URL of the invoice.
import { round2 } from '../money/decimal.js';
import { sha256Hex } from './sha256.js';

/** "2026-03-02" → "02-03-2026" (dd-mm-aaaa, the AEAT's date format). */
export const fechaAeat = (fecha: string): string => {
  const [y, m, d] = fecha.split('-');
  return `${d}-${m}-${y}`;
};

/** Amounts with "." and two decimals ("-121.00"). */
export const importeAeat = (importe: string): string => round2(importe.trim());

export type DatosAlta = {
  nif: string;
  numSerieFactura: string;
  /** YYYY-MM-DD */
  fechaExpedicion: string;
  tipoFactura: string;
  cuotaTotal: string;
  importeTotal: string;
  /** The previous record's huella, or '' for the first one. */
  huellaAnterior: string;
  /** "2024-01-01T19:20:30+01:00" */
  fechaHoraHusoGenRegistro: string;
};

export type DatosAnulacion = {
  nif: string;
  numSerieFactura: string;
  fechaExpedicion: string;
  huellaAnterior: string;
  fechaHoraHusoGenRegistro: string;
};

/** The string an alta record hashes (rule 11), values trimmed. */
export const cadenaAlta = (d: DatosAlta): string =>
  [
    `IDEmisorFactura=${d.nif.trim()}`,
    `NumSerieFactura=${d.numSerieFactura.trim()}`,
    `FechaExpedicionFactura=${fechaAeat(d.fechaExpedicion.trim())}`,
    `TipoFactura=${d.tipoFactura.trim()}`,
    `CuotaTotal=${importeAeat(d.cuotaTotal)}`,
    `ImporteTotal=${importeAeat(d.importeTotal)}`,
    `Huella=${d.huellaAnterior.trim()}`,
    `FechaHoraHusoGenRegistro=${d.fechaHoraHusoGenRegistro.trim()}`,
  ].join('&');

/** The string an anulación record hashes (rule 11). */
export const cadenaAnulacion = (d: DatosAnulacion): string =>
  [
    `IDEmisorFacturaAnulada=${d.nif.trim()}`,
    `NumSerieFacturaAnulada=${d.numSerieFactura.trim()}`,
    `FechaExpedicionFacturaAnulada=${fechaAeat(d.fechaExpedicion.trim())}`,
    `Huella=${d.huellaAnterior.trim()}`,
    `FechaHoraHusoGenRegistro=${d.fechaHoraHusoGenRegistro.trim()}`,
  ].join('&');

/** SHA-256 of the UTF-8 string, 64 uppercase hex characters. */
export const huella = (cadena: string): string => sha256Hex(cadena);

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The instant in Madrid to the second with its offset: "2026-03-02T10:15:00+01:00". */
export const fechaHoraMadrid = (instante: Date): string => {
  const parts = Object.fromEntries(
    madridParts.formatToParts(instante).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const local = `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}`;
  const utcOfLocal = Date.parse(`${local}Z`);
  const offsetMin = Math.round((utcOfLocal - Math.floor(instante.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
};

export const QR_HOST_PRUEBAS = 'https://prewww2.aeat.es';
export const QR_HOST_PRODUCCION = 'https://www2.agenciatributaria.gob.es';

/** Rule 14: the QR's URL (pre-production host unless VERIFACTU_ENVIO=aeat). */
export const urlQr = (
  d: { nif: string; numSerieFactura: string; fechaExpedicion: string; importeTotal: string },
  produccion = false,
): string =>
  `${produccion ? QR_HOST_PRODUCCION : QR_HOST_PRUEBAS}/wlpl/TIKE-CONT/ValidarQR?nif=${encodeURIComponent(
    d.nif,
  )}&numserie=${encodeURIComponent(d.numSerieFactura)}&fecha=${fechaAeat(
    d.fechaExpedicion,
  )}&importe=${importeAeat(d.importeTotal)}`;

/** One stored record, as the chain verification reads it. */
export type RegistroCadena = {
  orden: number;
  tipo: 'alta' | 'anulacion';
  numSerieFactura: string;
  cadena: string;
  huella: string;
  huellaAnterior: string | null;
};

/**
 * "Verificar cadena" (§11.1): every huella recomputed from its string, and each record's
 * huellaAnterior equal to the previous huella; the first broken record named.
 */
export const verificarCadena = (
  registros: readonly RegistroCadena[],
): { registros: number; integra: boolean; primerError?: { orden: number; numero: string } } => {
  let anterior = '';
  for (const r of registros) {
    const huellaEnCadena = /&Huella=([^&]*)&/.exec(r.cadena)?.[1] ?? '';
    if (
      huella(r.cadena) !== r.huella ||
      (r.huellaAnterior ?? '') !== anterior ||
      huellaEnCadena !== anterior
    )
      return {
        registros: registros.length,
        integra: false,
        primerError: { orden: r.orden, numero: r.numSerieFactura },
      };
    anterior = r.huella;
  }
  return { registros: registros.length, integra: true };
};
