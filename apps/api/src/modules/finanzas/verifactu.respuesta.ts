import type { RegistroRow } from './facturas.repository.js';
import type { RespuestaEnvio } from './verifactu.tipos.js';
import { fechaAeat } from '@tvsistema/domain/finanzas';

// finanzas.md rule 13: the AEAT's answer, RespuestaRegFactuSistemaFacturacion
// (RespuestaSuministro.xsd) or a SOAP Fault, read into one RespuestaEnvio per record sent.

/** An element of the answer: its local name (prefix dropped), children and text. */
export type NodoXml = { nombre: string; hijos: NodoXml[]; texto: string };

const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodificar = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entera, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ENTIDADES[e] ?? entera;
  });

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!([^>]*)>|<\/([^\s>]+)\s*>|<([^\s/>]+)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>|([^<]+)|(<)/g;

const local = (nombre: string) => nombre.slice(nombre.indexOf(':') + 1);

/**
 * A small, strict reader for the AEAT's answers: elements, text, CDATA; no DTD (a DOCTYPE is
 * refused, so no entity is ever expanded but the five of XML and character references).
 */
export const leerXml = (xml: string): NodoXml => {
  const raiz: NodoXml = { nombre: '#documento', hijos: [], texto: '' };
  const pila: NodoXml[] = [raiz];
  for (const m of xml.matchAll(TOKEN)) {
    const [, cdata, declaracion, cierre, apertura, vacio, texto, suelto] = m;
    const actual = pila[pila.length - 1] as NodoXml;
    if (declaracion !== undefined || suelto !== undefined)
      throw new Error('La respuesta de la AEAT no es un XML que se pueda leer.');
    if (cdata !== undefined) actual.texto += cdata;
    else if (texto !== undefined) actual.texto += decodificar(texto);
    else if (apertura !== undefined) {
      const nodo: NodoXml = { nombre: local(apertura), hijos: [], texto: '' };
      actual.hijos.push(nodo);
      if (!vacio) pila.push(nodo);
    } else if (cierre !== undefined) {
      if (pila.length < 2 || actual.nombre !== local(cierre))
        throw new Error('La respuesta de la AEAT no es un XML bien formado.');
      pila.pop();
    }
  }
  if (pila.length !== 1 || raiz.hijos.length !== 1)
    throw new Error('La respuesta de la AEAT no es un XML bien formado.');
  return raiz.hijos[0] as NodoXml;
};

const hijo = (n: NodoXml | undefined, nombre: string) => n?.hijos.find((h) => h.nombre === nombre);
const hijos = (n: NodoXml | undefined, nombre: string) =>
  n?.hijos.filter((h) => h.nombre === nombre) ?? [];
const texto = (n: NodoXml | undefined, nombre: string): string | null => {
  const t = hijo(n, nombre)?.texto.trim();
  return t ? t : null;
};
/** The first element of that name anywhere under n (depth first). */
const buscar = (n: NodoXml, nombre: string): NodoXml | undefined => {
  if (n.nombre === nombre) return n;
  for (const h of n.hijos) {
    const encontrado = buscar(h, nombre);
    if (encontrado) return encontrado;
  }
  return undefined;
};

export type LineaRespuesta = {
  nif: string | null;
  numSerieFactura: string | null;
  /** dd-mm-aaaa, as the AEAT writes it. */
  fechaExpedicionFactura: string | null;
  /** Alta | Anulacion */
  tipoOperacion: string | null;
  estadoRegistro: string | null;
  codigoError: string | null;
  descripcionError: string | null;
  /** When the record was already registered: that record's state (Correcta, AceptadaConErrores, Anulada). */
  estadoDuplicado: string | null;
};

export type RespuestaAeat =
  | {
      tipo: 'respuesta';
      csv: string | null;
      /** Correcto | ParcialmenteCorrecto | Incorrecto */
      estadoEnvio: string | null;
      /** Seconds the AEAT asks to wait before the next envío. */
      tiempoEsperaEnvio: number | null;
      lineas: LineaRespuesta[];
    }
  | { tipo: 'fault'; codigo: string | null; descripcion: string };

/** The answer's XML read: RespuestaRegFactuSistemaFacturacion, or a SOAP Fault. */
export const leerRespuestaAeat = (xml: string): RespuestaAeat => {
  const documento = leerXml(xml);
  const fault = buscar(documento, 'Fault');
  if (fault)
    return {
      tipo: 'fault',
      codigo: texto(fault, 'faultcode'),
      descripcion: texto(fault, 'faultstring') ?? 'Error SOAP sin descripción.',
    };
  const r = buscar(documento, 'RespuestaRegFactuSistemaFacturacion');
  if (!r)
    throw new Error('La respuesta de la AEAT no contiene RespuestaRegFactuSistemaFacturacion.');
  const espera = Number(texto(r, 'TiempoEsperaEnvio'));
  return {
    tipo: 'respuesta',
    csv: texto(r, 'CSV'),
    estadoEnvio: texto(r, 'EstadoEnvio'),
    tiempoEsperaEnvio: Number.isFinite(espera) && espera > 0 ? espera : null,
    lineas: hijos(r, 'RespuestaLinea').map((l) => {
      const id = hijo(l, 'IDFactura');
      return {
        nif: texto(id, 'IDEmisorFactura') ?? texto(id, 'IDEmisorFacturaAnulada'),
        numSerieFactura: texto(id, 'NumSerieFactura') ?? texto(id, 'NumSerieFacturaAnulada'),
        fechaExpedicionFactura:
          texto(id, 'FechaExpedicionFactura') ?? texto(id, 'FechaExpedicionFacturaAnulada'),
        tipoOperacion: texto(hijo(l, 'Operacion'), 'TipoOperacion'),
        estadoRegistro: texto(l, 'EstadoRegistro'),
        codigoError: texto(l, 'CodigoErrorRegistro'),
        descripcionError: texto(l, 'DescripcionErrorRegistro'),
        estadoDuplicado: texto(hijo(l, 'RegistroDuplicado'), 'EstadoRegistroDuplicado'),
      };
    }),
  };
};

/** Every record of the envío left to retry: the AEAT could not be reached or did not answer. */
export const errorDeConexion = (registros: readonly RegistroRow[], motivo: string) =>
  registros.map((): RespuestaEnvio => ({
    estado: 'error_conexion',
    codigoError: null,
    descripcionError: motivo,
  }));

const respuestaDeLinea = (l: LineaRespuesta, csv: string | null): RespuestaEnvio => {
  const errores = { codigoError: l.codigoError, descripcionError: l.descripcionError };
  switch (l.estadoRegistro) {
    case 'Correcto':
      return { estado: 'aceptado', csvAeat: csv };
    case 'AceptadoConErrores':
      return { estado: 'aceptado_con_errores', csvAeat: csv, ...errores };
    case 'Incorrecto':
      // A record the AEAT already had (a retry after an answer lost on the way): its state there.
      if (l.estadoDuplicado === 'Correcta') return { estado: 'aceptado', csvAeat: csv, ...errores };
      if (l.estadoDuplicado === 'AceptadaConErrores')
        return { estado: 'aceptado_con_errores', csvAeat: csv, ...errores };
      return { estado: 'rechazado', ...errores };
    default:
      return {
        estado: 'error_conexion',
        codigoError: null,
        descripcionError: `La AEAT respondió un estado de registro desconocido: ${l.estadoRegistro ?? '(vacío)'}.`,
      };
  }
};

/**
 * One RespuestaEnvio per record, in the records' order: each record takes the first unused
 * RespuestaLinea of its IDFactura and operation (an alta and its anulación can travel together).
 * A SOAP Fault rejects the whole envío with its faultstring; a record the answer does not name is
 * left to retry (error_conexion).
 */
export const respuestasDeRegistros = (
  registros: readonly RegistroRow[],
  respuesta: RespuestaAeat,
): RespuestaEnvio[] => {
  if (respuesta.tipo === 'fault')
    return registros.map(() => ({
      estado: 'rechazado',
      codigoError: respuesta.codigo,
      descripcionError: respuesta.descripcion,
    }));
  const usadas = new Set<number>();
  return registros.map((r) => {
    const operacion = r.tipo === 'anulacion' ? 'Anulacion' : 'Alta';
    const i = respuesta.lineas.findIndex(
      (l, j) =>
        !usadas.has(j) &&
        l.nif === r.nif &&
        l.numSerieFactura === r.numSerieFactura &&
        l.fechaExpedicionFactura === fechaAeat(r.fechaExpedicionFactura) &&
        (l.tipoOperacion === null || l.tipoOperacion === operacion),
    );
    const linea = respuesta.lineas[i];
    if (!linea)
      return {
        estado: 'error_conexion',
        codigoError: null,
        descripcionError: 'La respuesta de la AEAT no incluye este registro.',
      };
    usadas.add(i);
    return respuestaDeLinea(linea, respuesta.csv);
  });
};
