import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RegistroRow } from './facturas.repository.js';
import {
  URL_AEAT,
  URL_AEAT_PRUEBAS,
  configuracionAeat,
  senderAeat,
  transporteHttps,
} from './verifactu.aeat.js';
import { senderDe } from './verifactu.service.js';
import { peticionRegFactu } from './verifactu.soap.js';

// finanzas.md rule 13: the AEAT sender against loopback servers started here (no machine here
// reaches the AEAT): plain HTTP for the answers, HTTPS with a client certificate for the TLS part.

const NIF = '89890001K';
const obligado = { nif: NIF, nombreRazon: 'Transportes Vall S.L.' };
const registro = (orden: number, numero: string): RegistroRow => ({
  orden,
  empresa: 'transporte',
  nif: NIF,
  tipo: 'alta',
  subsanacion: false,
  rechazoPrevio: 'N',
  facturaId: '7d0c1d38-2f7b-4a55-9a53-0d7c2a3f1e11',
  numSerieFactura: numero,
  fechaExpedicionFactura: '2026-03-02',
  tipoFactura: 'F1',
  cuotaTotal: '21.00',
  importeTotal: '121.00',
  registroAnteriorOrden: null,
  huellaAnterior: null,
  fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
  cadena: '',
  huella: 'A'.repeat(64),
  contenido: {
    NombreRazonEmisor: 'Transportes Vall S.L.',
    DescripcionOperacion: 'Transporte',
    Desglose: [
      {
        Impuesto: '01',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        BaseImponibleOimporteNoSujeto: '100.00',
      },
    ],
  },
  createdAt: new Date('2026-03-02T09:15:00Z'),
});

const respuestaCorrecta = (
  numeros: string[],
  espera = 60,
) => `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>
<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="urn:r" xmlns:tik="urn:i">
<tikR:CSV>A-CSV0001</tikR:CSV><tikR:TiempoEsperaEnvio>${espera}</tikR:TiempoEsperaEnvio>
<tikR:EstadoEnvio>Correcto</tikR:EstadoEnvio>${numeros
  .map(
    (n) => `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${NIF}</tik:IDEmisorFactura>
<tik:NumSerieFactura>${n}</tik:NumSerieFactura><tik:FechaExpedicionFactura>02-03-2026</tik:FechaExpedicionFactura>
</tikR:IDFactura><tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro></tikR:RespuestaLinea>`,
  )
  .join('')}
</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`;

type Recibido = { headers: http.IncomingHttpHeaders; cuerpo: string; cn?: string | undefined };
type Responder = (r: Recibido) => { status: number; cuerpo: string };

const atender =
  (recibidos: Recibido[], responder: () => Responder) =>
  (req: http.IncomingMessage, res: http.ServerResponse) => {
    const trozos: Buffer[] = [];
    req.on('data', (t: Buffer) => trozos.push(t));
    req.on('end', () => {
      const socket = req.socket as Partial<TLSSocket>;
      const cn = socket.getPeerCertificate?.()?.subject?.CN;
      const r: Recibido = {
        headers: req.headers,
        cuerpo: Buffer.concat(trozos).toString('utf8'),
        cn: Array.isArray(cn) ? cn[0] : cn,
      };
      recibidos.push(r);
      const { status, cuerpo } = responder()(r);
      res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(cuerpo);
    });
  };

const escuchar = async (server: http.Server | https.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const cerrar = (server: http.Server | https.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('senderAeat over a loopback HTTP server', () => {
  const recibidos: Recibido[] = [];
  let responder: Responder = () => ({ status: 200, cuerpo: '' });
  const server = http.createServer(atender(recibidos, () => responder));
  let url = '';
  beforeAll(async () => {
    url = `http://127.0.0.1:${await escuchar(server)}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  });
  afterEach(() => {
    recibidos.length = 0;
  });
  afterAll(() => cerrar(server));

  const sender = () => senderAeat({ url, pfx: Buffer.alloc(0), passphrase: '', timeoutMs: 2000 });

  test('posts the SOAP envelope and reads each record’s state and the TiempoEsperaEnvio', async () => {
    responder = () => ({ status: 200, cuerpo: respuestaCorrecta(['F1', 'F2'], 90) });
    const registros = [registro(1, 'F1'), registro(2, 'F2')];
    const resultado = await sender().enviarLote(registros, { obligado });
    expect(resultado).toEqual({
      respuestas: [
        { estado: 'aceptado', csvAeat: 'A-CSV0001' },
        { estado: 'aceptado', csvAeat: 'A-CSV0001' },
      ],
      tiempoEsperaEnvio: 90,
    });
    expect(recibidos).toHaveLength(1);
    expect(recibidos[0]?.cuerpo).toBe(peticionRegFactu(obligado, registros));
    expect(recibidos[0]?.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(recibidos[0]?.headers['soapaction']).toBe('""');
  });

  test('without an obligado given, the Cabecera names the emisor of the first alta', async () => {
    responder = () => ({ status: 200, cuerpo: respuestaCorrecta(['F1']) });
    expect(await sender().enviar([registro(1, 'F1')])).toEqual([
      { estado: 'aceptado', csvAeat: 'A-CSV0001' },
    ]);
    expect(recibidos[0]?.cuerpo).toContain(
      '<sum1:ObligadoEmision><sum1:NombreRazon>Transportes Vall S.L.</sum1:NombreRazon><sum1:NIF>89890001K</sum1:NIF>',
    );
  });

  test('a SOAP Fault (HTTP 500) rejects every record with its faultstring', async () => {
    responder = () => ({
      status: 500,
      cuerpo: `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault>
<faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring>
</env:Fault></env:Body></env:Envelope>`,
    });
    expect(await sender().enviar([registro(1, 'F1'), registro(2, 'F2')], { obligado })).toEqual(
      Array.from({ length: 2 }, () => ({
        estado: 'rechazado',
        codigoError: 'env:Client',
        descripcionError: 'Codigo[4102].El XML no cumple el esquema.',
      })),
    );
  });

  test('an HTTP 503 without a Fault leaves the records error_conexion, to retry', async () => {
    responder = () => ({ status: 503, cuerpo: 'Service Unavailable' });
    expect(await sender().enviarLote([registro(1, 'F1')], { obligado })).toEqual({
      respuestas: [
        {
          estado: 'error_conexion',
          codigoError: null,
          descripcionError: 'La AEAT respondió HTTP 503.',
        },
      ],
      tiempoEsperaEnvio: null,
    });
  });

  test('no server listening: error_conexion with the reason', async () => {
    const cerrado = http.createServer();
    const puerto = await escuchar(cerrado);
    await cerrar(cerrado);
    const [r] = await senderAeat({
      url: `http://127.0.0.1:${puerto}/`,
      pfx: Buffer.alloc(0),
      passphrase: '',
    }).enviar([registro(1, 'F1')], { obligado });
    expect(r?.estado).toBe('error_conexion');
    expect(r?.descripcionError).toMatch(/^No se pudo conectar con la AEAT: .*ECONNREFUSED/);
  });

  test('a server that does not answer in time: error_conexion', async () => {
    const lento = http.createServer(() => {});
    const puerto = await escuchar(lento);
    const [r] = await senderAeat({
      url: `http://127.0.0.1:${puerto}/`,
      pfx: Buffer.alloc(0),
      passphrase: '',
      timeoutMs: 200,
    }).enviar([registro(1, 'F1')], { obligado });
    await cerrar(lento);
    expect(r).toEqual({
      estado: 'error_conexion',
      codigoError: null,
      descripcionError: 'No se pudo conectar con la AEAT: la AEAT no respondió a tiempo',
    });
  });
});

const conOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!conOpenssl)('over HTTPS with the PKCS#12 client certificate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verifactu-tls-'));
  const f = (n: string) => join(dir, n);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  beforeAll(() => {
    // The loopback "AEAT": a self-signed server certificate for 127.0.0.1.
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      f('server.key'),
      '-out',
      f('server.crt'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    );
    // The company's certificate, as a PKCS#12 with a password (what VERIFACTU_CERTIFICADO names).
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      f('cliente.key'),
      '-out',
      f('cliente.crt'),
      '-subj',
      `/CN=${NIF}`,
    );
    openssl(
      'pkcs12',
      '-export',
      '-inkey',
      f('cliente.key'),
      '-in',
      f('cliente.crt'),
      '-out',
      f('cliente.p12'),
      '-passout',
      'pass:clave secreta',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the client certificate reaches the server and the answer comes back', async () => {
    const recibidos: Recibido[] = [];
    const server = https.createServer(
      {
        key: readFileSync(f('server.key')),
        cert: readFileSync(f('server.crt')),
        requestCert: true,
        rejectUnauthorized: false,
      },
      atender(recibidos, () => () => ({ status: 200, cuerpo: respuestaCorrecta(['F1']) })),
    );
    const puerto = await escuchar(server);
    try {
      const env = {
        VERIFACTU_CERTIFICADO: f('cliente.p12'),
        VERIFACTU_CERTIFICADO_CLAVE: 'clave secreta',
        VERIFACTU_URL: `https://127.0.0.1:${puerto}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
        VERIFACTU_CA: f('server.crt'),
      };
      const respuestas = await senderDe('aeat-pruebas', env).enviar([registro(1, 'F1')], {
        obligado,
      });
      expect(respuestas).toEqual([{ estado: 'aceptado', csvAeat: 'A-CSV0001' }]);
      expect(recibidos[0]?.cn).toBe(NIF);
      // Without the server's CA it is not trusted: a connection error, not a send.
      const sinCa = await senderAeat({
        ...configuracionAeat('aeat-pruebas', { ...env, VERIFACTU_CA: '' }),
        timeoutMs: 2000,
      }).enviar([registro(1, 'F1')], { obligado });
      expect(sinCa[0]?.estado).toBe('error_conexion');
      expect(recibidos).toHaveLength(1);
    } finally {
      await cerrar(server);
    }
  });

  test('configuracionAeat: endpoints, and a clear Spanish error for each certificate problem', () => {
    const env = {
      VERIFACTU_CERTIFICADO: f('cliente.p12'),
      VERIFACTU_CERTIFICADO_CLAVE: 'clave secreta',
    };
    expect(configuracionAeat('aeat-pruebas', env).url).toBe(URL_AEAT_PRUEBAS);
    expect(configuracionAeat('aeat', env).url).toBe(URL_AEAT);
    expect(URL_AEAT_PRUEBAS).toBe(
      'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(URL_AEAT).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(configuracionAeat('aeat', { ...env, VERIFACTU_URL: 'http://127.0.0.1:9/x' }).url).toBe(
      'http://127.0.0.1:9/x',
    );
    expect(() => configuracionAeat('aeat', {})).toThrow(
      'VERIFACTU_ENVIO=aeat necesita el certificado de la empresa: VERIFACTU_CERTIFICADO (ruta del fichero PKCS#12 .p12/.pfx) y VERIFACTU_CERTIFICADO_CLAVE (su contraseña).',
    );
    expect(() =>
      configuracionAeat('aeat', { ...env, VERIFACTU_CERTIFICADO: f('no-existe.p12') }),
    ).toThrow(`No se puede leer el certificado VERIFACTU_CERTIFICADO (${f('no-existe.p12')})`);
    expect(() =>
      configuracionAeat('aeat', { ...env, VERIFACTU_CERTIFICADO_CLAVE: 'otra' }),
    ).toThrow('no es un PKCS#12 que se abra con VERIFACTU_CERTIFICADO_CLAVE');
    writeFileSync(f('roto.p12'), 'no soy un certificado');
    expect(() =>
      configuracionAeat('aeat', { ...env, VERIFACTU_CERTIFICADO: f('roto.p12') }),
    ).toThrow('no es un PKCS#12');
    expect(() => senderDe('aeat-pruebas', {})).toThrow('VERIFACTU_ENVIO=aeat-pruebas necesita');
  });
});

test('senderDe: desactivado leaves records pendiente; simulado accepts', async () => {
  expect(await senderDe('desactivado', {}).enviar([registro(1, 'F1')])).toEqual([
    { estado: 'pendiente' },
  ]);
  expect((await senderDe('simulado', {}).enviar([registro(1, 'F1')]))[0]?.estado).toBe('aceptado');
  // The transport alone, for an http: URL, takes no certificate.
  expect(typeof transporteHttps({ pfx: Buffer.alloc(0), passphrase: '' })).toBe('function');
});
