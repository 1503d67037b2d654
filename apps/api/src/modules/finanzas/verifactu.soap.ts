import { fechaAeat, importeAeat } from '@tvsistema/domain/finanzas';
import type { RegistroRow } from './facturas.repository.js';

// finanzas.md rules 12–13: the SOAP 1.1 request RegFactuSistemaFacturacion the AEAT's
// VerifactuSOAP service takes, built from the stored records. The elements follow the order of
// SuministroLR.xsd / SuministroInformacion.xsd (the stored `contenido` is jsonb, whose key order
// is not kept, so each field is read by name and written in the schema's order). The values the
// chain hashed (IDFactura, TipoFactura, CuotaTotal, ImporteTotal, the previous Huella,
// FechaHoraHusoGenRegistro) come from the record's own columns, so the XML says what was hashed.

const AEAT_WS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/';
export const NS_SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
export const NS_SUM = `${AEAT_WS}SuministroLR.xsd`;
export const NS_SUM1 = `${AEAT_WS}SuministroInformacion.xsd`;

/** The Cabecera's ObligadoEmision: the emisor whose chain the batch belongs to. */
export type ObligadoEmision = { nombreRazon: string; nif: string };

/** What a record's Encadenamiento.RegistroAnterior names: the previous record of the chain. */
export type RegistroAnteriorRef = {
  nif: string;
  numSerieFactura: string;
  /** YYYY-MM-DD */
  fechaExpedicionFactura: string;
  huella: string;
};

/** The characters XML 1.0 does not allow anywhere (C0 controls but tab, LF and CR). */
// eslint-disable-next-line no-control-regex
const NO_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text content escaped for XML: & < > " ' as entities, characters XML forbids dropped. */
export const escaparXml = (texto: string): string =>
  texto
    .replace(NO_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** An element's content: text, child elements, or nothing (then the element is left out). */
type Contenido = string | number | null | undefined | readonly (string | null)[];

/**
 * `<pfx:nombre>…</pfx:nombre>`; an absent value (undefined, null, '') leaves the element out, as
 * the schema's optional elements are; a list is the already built children.
 */
export const elemento = (nombre: string, valor: Contenido): string | null => {
  if (valor === undefined || valor === null) return null;
  if (Array.isArray(valor)) {
    const hijos = valor.filter((h): h is string => h !== null);
    return hijos.length === 0 ? null : `<${nombre}>${hijos.join('')}</${nombre}>`;
  }
  const texto = String(valor).trim();
  return texto === '' ? null : `<${nombre}>${escaparXml(texto)}</${nombre}>`;
};

const s1 = (nombre: string, valor: Contenido) => elemento(`sum1:${nombre}`, valor);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const lista = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
const txt = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

const sistemaInformatico = (contenido: Json, obligado: ObligadoEmision) => {
  const si = obj(contenido['SistemaInformatico']);
  return s1('SistemaInformatico', [
    s1('NombreRazon', txt(si['NombreRazon']) ?? 'TVSistema'),
    // The producer's NIF (required by the schema): the stored one, else the obligado's own (an
    // in-house system, produced by the company that issues).
    s1('NIF', txt(si['NIF']) ?? obligado.nif),
    s1('NombreSistemaInformatico', txt(si['NombreSistemaInformatico'])),
    s1('IdSistemaInformatico', txt(si['IdSistemaInformatico']) ?? 'TV'),
    s1('Version', txt(si['Version'])),
    s1('NumeroInstalacion', txt(si['NumeroInstalacion'])),
    s1('TipoUsoPosibleSoloVerifactu', txt(si['TipoUsoPosibleSoloVerifactu'])),
    s1('TipoUsoPosibleMultiOT', txt(si['TipoUsoPosibleMultiOT'])),
    s1('IndicadorMultiplesOT', txt(si['IndicadorMultiplesOT'])),
  ]);
};

/** The previous record, from the lookup the caller gives, else from what the record stored. */
const anteriorDe = (
  r: RegistroRow,
  anteriores: ReadonlyMap<number, RegistroAnteriorRef>,
): RegistroAnteriorRef => {
  const deLista = r.registroAnteriorOrden ? anteriores.get(r.registroAnteriorOrden) : undefined;
  if (deLista) return deLista;
  const guardado = obj(obj(obj(r.contenido)['Encadenamiento'])['RegistroAnterior']);
  const numSerie = txt(guardado['NumSerieFactura']);
  const fecha = txt(guardado['FechaExpedicionFactura']);
  if (!numSerie || !fecha)
    throw new Error(
      `El registro VERI*FACTU ${r.orden} no tiene los datos del registro anterior para el encadenamiento.`,
    );
  // The stored date is already dd-mm-aaaa: turned back so both sources read alike.
  const [d, m, y] = fecha.split('-');
  return {
    nif: txt(guardado['IDEmisorFactura']) ?? r.nif,
    numSerieFactura: numSerie,
    fechaExpedicionFactura: `${y}-${m}-${d}`,
    huella: r.huellaAnterior ?? '',
  };
};

const encadenamiento = (r: RegistroRow, anteriores: ReadonlyMap<number, RegistroAnteriorRef>) => {
  if (!r.huellaAnterior) return s1('Encadenamiento', [s1('PrimerRegistro', 'S')]);
  const a = anteriorDe(r, anteriores);
  return s1('Encadenamiento', [
    s1('RegistroAnterior', [
      s1('IDEmisorFactura', a.nif),
      s1('NumSerieFactura', a.numSerieFactura),
      s1('FechaExpedicionFactura', fechaAeat(a.fechaExpedicionFactura)),
      s1('Huella', r.huellaAnterior),
    ]),
  ]);
};

const destinatario = (d: Json) => {
  const otro = obj(d['IDOtro']);
  return s1('IDDestinatario', [
    s1('NombreRazon', txt(d['NombreRazon'])),
    txt(d['NIF'])
      ? s1('NIF', txt(d['NIF']))
      : s1('IDOtro', [
          s1('CodigoPais', txt(otro['CodigoPais'])),
          s1('IDType', txt(otro['IDType'])),
          s1('ID', txt(otro['ID'])),
        ]),
  ]);
};

const detalleDesglose = (g: Json) =>
  s1('DetalleDesglose', [
    s1('Impuesto', txt(g['Impuesto'])),
    s1('ClaveRegimen', txt(g['ClaveRegimen'])),
    // A choice in the schema: the operation's qualification, or its exemption.
    txt(g['OperacionExenta'])
      ? s1('OperacionExenta', txt(g['OperacionExenta']))
      : s1('CalificacionOperacion', txt(g['CalificacionOperacion'])),
    s1('TipoImpositivo', txt(g['TipoImpositivo'])),
    s1('BaseImponibleOimporteNoSujeto', txt(g['BaseImponibleOimporteNoSujeto'])),
    s1('BaseImponibleACoste', txt(g['BaseImponibleACoste'])),
    s1('CuotaRepercutida', txt(g['CuotaRepercutida'])),
    s1('TipoRecargoEquivalencia', txt(g['TipoRecargoEquivalencia'])),
    s1('CuotaRecargoEquivalencia', txt(g['CuotaRecargoEquivalencia'])),
  ]);

const registroAlta = (
  r: RegistroRow,
  obligado: ObligadoEmision,
  anteriores: ReadonlyMap<number, RegistroAnteriorRef>,
) => {
  const c = obj(r.contenido);
  const rectificacion = obj(c['ImporteRectificacion']);
  return s1('RegistroAlta', [
    s1('IDVersion', '1.0'),
    s1('IDFactura', [
      s1('IDEmisorFactura', r.nif),
      s1('NumSerieFactura', r.numSerieFactura),
      s1('FechaExpedicionFactura', fechaAeat(r.fechaExpedicionFactura)),
    ]),
    s1('NombreRazonEmisor', txt(c['NombreRazonEmisor']) ?? obligado.nombreRazon),
    // Rule 12: a subsanación is a new alta with Subsanacion S and RechazoPrevio X after a
    // rejection, N after "aceptado con errores".
    r.subsanacion ? s1('Subsanacion', 'S') : null,
    r.subsanacion ? s1('RechazoPrevio', r.rechazoPrevio) : null,
    s1('TipoFactura', r.tipoFactura),
    s1('TipoRectificativa', txt(c['TipoRectificativa'])),
    s1(
      'FacturasRectificadas',
      lista(c['FacturasRectificadas']).map((f) =>
        s1('IDFacturaRectificada', [
          s1('IDEmisorFactura', txt(f['IDEmisorFactura'])),
          s1('NumSerieFactura', txt(f['NumSerieFactura'])),
          s1('FechaExpedicionFactura', txt(f['FechaExpedicionFactura'])),
        ]),
      ),
    ),
    s1('ImporteRectificacion', [
      s1('BaseRectificada', txt(rectificacion['BaseRectificada'])),
      s1('CuotaRectificada', txt(rectificacion['CuotaRectificada'])),
      s1('CuotaRecargoRectificado', txt(rectificacion['CuotaRecargoRectificado'])),
    ]),
    s1('FechaOperacion', txt(c['FechaOperacion'])),
    s1('DescripcionOperacion', txt(c['DescripcionOperacion'])),
    s1('Destinatarios', lista(c['Destinatarios']).map(destinatario)),
    s1('Desglose', lista(c['Desglose']).map(detalleDesglose)),
    s1('CuotaTotal', importeAeat(r.cuotaTotal ?? '0')),
    s1('ImporteTotal', importeAeat(r.importeTotal ?? '0')),
    encadenamiento(r, anteriores),
    sistemaInformatico(c, obligado),
    s1('FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro),
    s1('TipoHuella', '01'),
    s1('Huella', r.huella),
  ]);
};

const registroAnulacion = (
  r: RegistroRow,
  obligado: ObligadoEmision,
  anteriores: ReadonlyMap<number, RegistroAnteriorRef>,
) =>
  s1('RegistroAnulacion', [
    s1('IDVersion', '1.0'),
    s1('IDFactura', [
      s1('IDEmisorFacturaAnulada', r.nif),
      s1('NumSerieFacturaAnulada', r.numSerieFactura),
      s1('FechaExpedicionFacturaAnulada', fechaAeat(r.fechaExpedicionFactura)),
    ]),
    // An anulación's RechazoPrevio is S/N: said only when the previous anulación was rejected.
    r.subsanacion && r.rechazoPrevio === 'S' ? s1('RechazoPrevio', 'S') : null,
    encadenamiento(r, anteriores),
    sistemaInformatico(obj(r.contenido), obligado),
    s1('FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro),
    s1('TipoHuella', '01'),
    s1('Huella', r.huella),
  ]);

/**
 * The envelope of one envío: the records of one NIF's chain, in chain order (≤ 1.000, the
 * service's limit). `anteriores` names, by orden, the previous record of any record whose stored
 * content lacks it (the anulaciones store only its Huella).
 */
export const peticionRegFactu = (
  obligado: ObligadoEmision,
  registros: readonly RegistroRow[],
  anteriores: ReadonlyMap<number, RegistroAnteriorRef> = new Map(),
): string => {
  if (registros.length === 0) throw new Error('Un envío VERI*FACTU necesita al menos un registro.');
  if (registros.length > 1000)
    throw new Error('Un envío VERI*FACTU admite como máximo 1.000 registros.');
  const ajeno = registros.find((r) => r.nif !== obligado.nif);
  if (ajeno)
    throw new Error(
      `El registro VERI*FACTU ${ajeno.orden} es de ${ajeno.nif}, no del obligado ${obligado.nif}.`,
    );
  const cuerpo = elemento('sum:RegFactuSistemaFacturacion', [
    elemento('sum:Cabecera', [
      s1('ObligadoEmision', [s1('NombreRazon', obligado.nombreRazon), s1('NIF', obligado.nif)]),
    ]),
    ...registros.map((r) =>
      elemento('sum:RegistroFactura', [
        r.tipo === 'anulacion'
          ? registroAnulacion(r, obligado, anteriores)
          : registroAlta(r, obligado, anteriores),
      ]),
    ),
  ]);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${NS_SOAP}" xmlns:sum="${NS_SUM}" xmlns:sum1="${NS_SUM1}">` +
    `<soapenv:Header/><soapenv:Body>${cuerpo ?? ''}</soapenv:Body></soapenv:Envelope>`
  );
};
