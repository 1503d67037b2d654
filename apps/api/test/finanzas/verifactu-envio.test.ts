import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { senderAeat } from '../../src/modules/finanzas/verifactu.aeat.js';
import { crearWorkerVerifactu } from '../../src/modules/finanzas/verifactu.worker.js';
import { createTestApp } from '../helpers/test-app.js';
import {
  createFinanzasTest,
  dataOf,
  emitida,
  linea,
  type FacturaLeida,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md rule 13 with VERIFACTU_ENVIO=aeat-pruebas: issued records stay pendiente and the
// worker sends them to a loopback "AEAT" started here (no machine here reaches the real one).

const NIF = 'B07654320';

type Recibido = { cuerpo: string; numeros: string[] };
const recibidos: Recibido[] = [];
/** The loopback AEAT's answer to each request; by default every record Correcto. */
let responder: (r: Recibido) => { status: number; cuerpo: string } = (r) => ({
  status: 200,
  cuerpo: respuesta(r.numeros.map((n) => [n, 'Correcto'])),
});

const respuesta = (lineas: [numero: string, estado: string, error?: string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>
<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="urn:r" xmlns:tik="urn:i">
<tikR:CSV>A-LOOPBACK01</tikR:CSV><tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio>
<tikR:EstadoEnvio>Correcto</tikR:EstadoEnvio>${lineas
    .map(
      ([numero, estado, error]) => `<tikR:RespuestaLinea><tikR:IDFactura>
<tik:IDEmisorFactura>${NIF}</tik:IDEmisorFactura><tik:NumSerieFactura>${numero}</tik:NumSerieFactura>
<tik:FechaExpedicionFactura>02-03-2026</tik:FechaExpedicionFactura></tikR:IDFactura>
<tikR:EstadoRegistro>${estado}</tikR:EstadoRegistro>${
        error
          ? `<tikR:CodigoErrorRegistro>1105</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${error}</tikR:DescripcionErrorRegistro>`
          : ''
      }</tikR:RespuestaLinea>`,
    )
    .join('')}</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`;

const server = http.createServer((req, res) => {
  const trozos: Buffer[] = [];
  req.on('data', (t: Buffer) => trozos.push(t));
  req.on('end', () => {
    const cuerpo = Buffer.concat(trozos).toString('utf8');
    const numeros = [
      ...cuerpo.matchAll(
        /<sum1:(?:NumSerieFactura|NumSerieFacturaAnulada)>([^<]*)<\/sum1:\w+><sum1:Fecha/g,
      ),
    ]
      // Inside IDFactura only (the first of each record), not RegistroAnterior's.
      .filter(
        (m) => !cuerpo.slice(Math.max(0, m.index - 100), m.index).includes('RegistroAnterior'),
      )
      .map((m) => m[1] ?? '');
    const r: Recibido = { cuerpo, numeros };
    recibidos.push(r);
    const { status, cuerpo: salida } = responder(r);
    res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(salida);
  });
});

let t: FinanzasTest;
let hotel: string;
let url = '';
const worker = () =>
  crearWorkerVerifactu({
    db: t.database.db,
    sender: senderAeat({ url, pfx: Buffer.alloc(0), passphrase: '', timeoutMs: 5000 }),
  });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/VerifactuSOAP`;
  t = await createFinanzasTest('2026-03-02T10:15:00+01:00');
  hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
  // Issued from now on with the real AEAT: the records wait for the worker.
  vi.stubEnv('VERIFACTU_ENVIO', 'aeat-pruebas');
});
afterEach(() => {
  recibidos.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const registrosDe = async (facturaId: string) =>
  dataOf<
    {
      orden: number;
      tipo: string;
      estado: string;
      csvAeat: string | null;
      codigoError: string | null;
      descripcionError: string | null;
    }[]
  >(
    await t.api.get(
      `/api/verifactu/registros?empresa=alquileres&facturaId=${facturaId}&sort=orden`,
    ),
  );

const envios = async (orden: number) =>
  (
    (await t.database.db.execute(
      sql`select intento, estado from verifactu_envios where registro_orden = ${orden} order by id`,
    )) as unknown as { rows: { intento: number; estado: string }[] }
  ).rows.map((r) => [Number(r.intento), r.estado]);

describe('the VERI*FACTU worker (rule 13) against a loopback AEAT', () => {
  test('issued records stay pendiente; one envío sends them in chain order and records each answer', async () => {
    const f1 = await emitida(t, hotel, [linea('100')]);
    const f2 = await emitida(t, hotel, [linea('200')]);
    expect(f1.verifactu?.estado).toBe('pendiente');
    t.setAhora('2026-03-02T10:15:05+01:00');
    const anulada = await t.api.post(`/api/facturas/${f1._id}/anular`, {
      motivo: 'Duplicada',
      version: f1.version,
    });
    expect(anulada.statusCode, anulada.body).toBe(200);

    expect(await worker().ciclo()).toEqual({ enviados: 3, tiempoEsperaEnvio: 60 });
    expect(recibidos).toHaveLength(1);
    const [envio] = recibidos;
    expect(envio?.numeros).toEqual([f1.numero, f2.numero, f1.numero]);
    expect(envio?.cuerpo).toContain(
      `<sum1:ObligadoEmision><sum1:NombreRazon>Alquiler de Maquinaria Mallorca, S.L.</sum1:NombreRazon><sum1:NIF>${NIF}</sum1:NIF>`,
    );
    // The anulación's Encadenamiento names the record before it: f2's alta.
    expect(envio?.cuerpo).toMatch(
      new RegExp(
        `<sum1:RegistroAnulacion>.*<sum1:RegistroAnterior><sum1:IDEmisorFactura>${NIF}</sum1:IDEmisorFactura><sum1:NumSerieFactura>${f2.numero}</sum1:NumSerieFactura>`,
      ),
    );
    const [alta1, anulacion1] = await registrosDe(f1._id);
    expect(alta1).toMatchObject({ tipo: 'alta', estado: 'aceptado', csvAeat: 'A-LOOPBACK01' });
    expect(anulacion1).toMatchObject({ tipo: 'anulacion', estado: 'aceptado' });
    expect((await registrosDe(f2._id))[0]?.estado).toBe('aceptado');
    expect(await envios(alta1?.orden ?? 0)).toEqual([
      [1, 'pendiente'],
      [1, 'aceptado'],
    ]);

    // Nothing left: the next round sends nothing.
    expect(await worker().ciclo()).toEqual({ enviados: 0, tiempoEsperaEnvio: null });
    expect(recibidos).toHaveLength(1);
  });

  test('connection errors are retried at the next round; a rejection is not', async () => {
    const f3 = await emitida(t, hotel, [linea('300')]);
    const f4 = await emitida(t, hotel, [linea('400')]);
    responder = () => ({ status: 503, cuerpo: 'Service Unavailable' });
    expect(await worker().ciclo()).toEqual({ enviados: 2, tiempoEsperaEnvio: null });
    expect((await registrosDe(f3._id))[0]).toMatchObject({
      estado: 'error_conexion',
      descripcionError: 'La AEAT respondió HTTP 503.',
    });

    responder = (r) => ({
      status: 200,
      cuerpo: respuesta(
        r.numeros.map((n) =>
          n === f3.numero
            ? [n, 'Incorrecto', 'El NIF del destinatario no está identificado.']
            : [n, 'Correcto'],
        ),
      ),
    });
    expect(await worker().ciclo()).toEqual({ enviados: 2, tiempoEsperaEnvio: 60 });
    const [r3] = await registrosDe(f3._id);
    expect(r3).toMatchObject({
      estado: 'rechazado',
      codigoError: '1105',
      descripcionError: 'El NIF del destinatario no está identificado.',
    });
    expect(await envios(r3?.orden ?? 0)).toEqual([
      [1, 'pendiente'],
      [1, 'error_conexion'],
      [2, 'rechazado'],
    ]);
    expect((await registrosDe(f4._id))[0]?.estado).toBe('aceptado');
    expect(await worker().ciclo()).toEqual({ enviados: 0, tiempoEsperaEnvio: null });
    expect(recibidos).toHaveLength(2);
  });

  test('two replicas at once: each record goes in one envío only', async () => {
    responder = (r) => ({
      status: 200,
      cuerpo: respuesta(r.numeros.map((n) => [n, 'Correcto'])),
    });
    const facturas: FacturaLeida[] = [];
    for (const precio of ['1', '2', '3']) facturas.push(await emitida(t, hotel, [linea(precio)]));
    const [a, b] = await Promise.all([worker().ciclo(), worker().ciclo()]);
    expect((a?.enviados ?? 0) + (b?.enviados ?? 0)).toBe(3);
    expect(recibidos.flatMap((r) => r.numeros)).toEqual(facturas.map((f) => f.numero));
  });

  test('envíos of at most the limit, one after the other while they come full', async () => {
    for (const precio of ['4', '5', '6']) await emitida(t, hotel, [linea(precio)]);
    const w = crearWorkerVerifactu({
      db: t.database.db,
      sender: senderAeat({ url, pfx: Buffer.alloc(0), passphrase: '' }),
      limite: 2,
    });
    expect((await w.ciclo()).enviados).toBe(3);
    expect(recibidos.map((r) => r.numeros.length)).toEqual([2, 1]);
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

describe('the worker with the app (VERIFACTU_ENVIO=aeat)', () => {
  test('without a certificate the API does not start, and says why in Spanish', async () => {
    vi.stubEnv('VERIFACTU_ENVIO', 'aeat');
    vi.stubEnv('VERIFACTU_CERTIFICADO', '');
    try {
      await expect(createTestApp()).rejects.toThrow(
        'VERIFACTU_ENVIO=aeat necesita el certificado de la empresa: VERIFACTU_CERTIFICADO',
      );
    } finally {
      vi.stubEnv('VERIFACTU_ENVIO', 'aeat-pruebas');
    }
  });

  test.skipIf(!conOpenssl)(
    'with its PKCS#12 the worker starts with the app, makes its first round and stops on close',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'verifactu-app-'));
      try {
        const f = (n: string) => join(dir, n);
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-days',
            '1',
            '-subj',
            `/CN=${NIF}`,
            '-keyout',
            f('k.pem'),
            '-out',
            f('c.pem'),
          ],
          { stdio: 'ignore' },
        );
        execFileSync(
          'openssl',
          [
            'pkcs12',
            '-export',
            '-inkey',
            f('k.pem'),
            '-in',
            f('c.pem'),
            '-out',
            f('c.p12'),
            '-passout',
            'pass:clave',
          ],
          { stdio: 'ignore' },
        );
        vi.stubEnv('VERIFACTU_CERTIFICADO', f('c.p12'));
        vi.stubEnv('VERIFACTU_CERTIFICADO_CLAVE', 'clave');
        vi.stubEnv('VERIFACTU_URL', url);
        const app = await createTestApp();
        // Its first round found nothing to send (an empty database) and asked the AEAT nothing.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await app.close();
        expect(recibidos).toHaveLength(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
