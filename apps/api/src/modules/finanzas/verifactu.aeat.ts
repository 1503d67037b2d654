import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import type { RegistroRow } from './facturas.repository.js';
import {
  errorDeConexion,
  leerRespuestaAeat,
  respuestasDeRegistros,
} from './verifactu.respuesta.js';
import { peticionRegFactu, type ObligadoEmision } from './verifactu.soap.js';
import type { LoteEnvio, ResultadoEnvio, VerifactuSender } from './verifactu.tipos.js';

// finanzas.md rule 13: the AEAT's VerifactuSOAP service over HTTPS with the obligado's PKCS#12
// client certificate. No machine here reaches the AEAT: the tests run it against a loopback server.

export const URL_AEAT_PRUEBAS =
  'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
export const URL_AEAT =
  'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

export type RespuestaHttp = { status: number; cuerpo: string };
/** One POST of the envelope; rejects when there is no HTTP answer (connection, TLS, timeout). */
export type Transporte = (url: string, cuerpo: string) => Promise<RespuestaHttp>;

export type ConfiguracionAeat = {
  url: string;
  /** The PKCS#12 (.p12/.pfx) with the certificate and its private key. */
  pfx: Buffer;
  passphrase: string;
  /** Extra trusted CAs (the tests' self-signed server); the system's ones otherwise. */
  ca?: Buffer | undefined;
  timeoutMs?: number;
};

/** POST over node:https with the client certificate (node:http for an http: URL, the tests'). */
export const transporteHttps = (c: Omit<ConfiguracionAeat, 'url'>): Transporte => {
  const agente = new https.Agent({
    pfx: c.pfx,
    passphrase: c.passphrase,
    ...(c.ca ? { ca: c.ca } : {}),
    keepAlive: true,
    maxSockets: 1,
  });
  return (url, cuerpo) =>
    new Promise<RespuestaHttp>((resolve, reject) => {
      const seguro = url.startsWith('https:');
      const peticion = (seguro ? https : http).request(
        url,
        {
          method: 'POST',
          ...(seguro ? { agent: agente } : {}),
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            'content-length': Buffer.byteLength(cuerpo),
            soapaction: '""',
          },
          timeout: c.timeoutMs ?? 60_000,
        },
        (respuesta) => {
          const trozos: Buffer[] = [];
          respuesta.on('data', (t: Buffer) => trozos.push(t));
          respuesta.on('error', reject);
          respuesta.on('end', () =>
            resolve({
              status: respuesta.statusCode ?? 0,
              cuerpo: Buffer.concat(trozos).toString('utf8'),
            }),
          );
        },
      );
      peticion.on('timeout', () => peticion.destroy(new Error('la AEAT no respondió a tiempo')));
      peticion.on('error', reject);
      peticion.end(cuerpo);
    });
};

/** The obligado of the batch: the one given, else the emisor named in its first alta. */
const obligadoDe = (registros: readonly RegistroRow[], lote?: LoteEnvio): ObligadoEmision => {
  if (lote?.obligado) return lote.obligado;
  const nif = registros[0]?.nif ?? '';
  const alta = registros.find((r) => typeof r.contenido['NombreRazonEmisor'] === 'string');
  if (!alta)
    throw new Error(`El envío VERI*FACTU de ${nif} necesita la razón social del obligado.`);
  return { nif, nombreRazon: alta.contenido['NombreRazonEmisor'] as string };
};

/**
 * Rule 13's `aeat` / `aeat-pruebas` sender: one SOAP request per envío (one NIF, ≤ 1.000 records
 * in chain order). A SOAP Fault rejects every record with its faultstring; no answer, an HTTP
 * error without a Fault, or an answer that is not the service's leaves them `error_conexion`, to
 * be retried.
 */
export const senderAeat = (
  c: ConfiguracionAeat & { transporte?: Transporte },
): VerifactuSender & { enviarLote: NonNullable<VerifactuSender['enviarLote']> } => {
  const transporte = c.transporte ?? transporteHttps(c);
  const enviarLote = async (
    registros: readonly RegistroRow[],
    lote?: LoteEnvio,
  ): Promise<ResultadoEnvio> => {
    if (registros.length === 0) return { respuestas: [], tiempoEsperaEnvio: null };
    const peticion = peticionRegFactu(obligadoDe(registros, lote), registros, lote?.anteriores);
    let respuestaHttp: RespuestaHttp;
    try {
      respuestaHttp = await transporte(c.url, peticion);
    } catch (error) {
      const motivo = error instanceof Error ? error.message : String(error);
      return {
        respuestas: errorDeConexion(registros, `No se pudo conectar con la AEAT: ${motivo}`),
        tiempoEsperaEnvio: null,
      };
    }
    try {
      const respuesta = leerRespuestaAeat(respuestaHttp.cuerpo);
      return {
        respuestas: respuestasDeRegistros(registros, respuesta),
        tiempoEsperaEnvio: respuesta.tipo === 'respuesta' ? respuesta.tiempoEsperaEnvio : null,
      };
    } catch (error) {
      const motivo = error instanceof Error ? error.message : String(error);
      return {
        respuestas: errorDeConexion(
          registros,
          respuestaHttp.status >= 300
            ? `La AEAT respondió HTTP ${respuestaHttp.status}.`
            : `${motivo} (HTTP ${respuestaHttp.status})`,
        ),
        tiempoEsperaEnvio: null,
      };
    }
  };
  return {
    enviarLote,
    enviar: async (registros, lote) => (await enviarLote(registros, lote)).respuestas,
  };
};

/**
 * The `aeat` / `aeat-pruebas` configuration from the environment: VERIFACTU_CERTIFICADO (path of
 * the PKCS#12), VERIFACTU_CERTIFICADO_CLAVE (its password), VERIFACTU_URL (overrides the
 * endpoint, for tests), VERIFACTU_CA (optional extra CA file). A missing, unreadable or
 * undecryptable certificate is a Spanish error thrown here, at start-up, not at the first envío.
 */
export const configuracionAeat = (
  modo: 'aeat' | 'aeat-pruebas',
  env: NodeJS.ProcessEnv = process.env,
): ConfiguracionAeat => {
  const ruta = env['VERIFACTU_CERTIFICADO']?.trim();
  const passphrase = env['VERIFACTU_CERTIFICADO_CLAVE'] ?? '';
  if (!ruta)
    throw new Error(
      `VERIFACTU_ENVIO=${modo} necesita el certificado de la empresa: VERIFACTU_CERTIFICADO (ruta del fichero PKCS#12 .p12/.pfx) y VERIFACTU_CERTIFICADO_CLAVE (su contraseña).`,
    );
  let pfx: Buffer;
  try {
    pfx = readFileSync(ruta);
  } catch (error) {
    throw new Error(
      `No se puede leer el certificado VERIFACTU_CERTIFICADO (${ruta}): ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    createSecureContext({ pfx, passphrase });
  } catch (error) {
    throw new Error(
      `El certificado VERIFACTU_CERTIFICADO (${ruta}) no es un PKCS#12 que se abra con VERIFACTU_CERTIFICADO_CLAVE: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const caRuta = env['VERIFACTU_CA']?.trim();
  let ca: Buffer | undefined;
  if (caRuta) {
    try {
      ca = readFileSync(caRuta);
    } catch (error) {
      throw new Error(`No se puede leer VERIFACTU_CA (${caRuta}): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return {
    url: env['VERIFACTU_URL']?.trim() || (modo === 'aeat' ? URL_AEAT : URL_AEAT_PRUEBAS),
    pfx,
    passphrase,
    ca,
  };
};
