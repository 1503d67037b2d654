import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 11, files: a supplier's "Documentos". Stored under DATA_DIR/archivos by SHA-256, typed
// by content (a PNG named .pdf is stored as PNG), 25 MB at most, downloaded as attachments, with
// the supplier's permissions.

const TOO_LARGE = 'El archivo supera el tamaño máximo de 25 MB';
const NOT_ALLOWED = 'Tipo de archivo no permitido. Solo PDF, imágenes, documentos de Office y CSV.';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CSV = Buffer.from('nombre;importe\nÑandú;1.234,50\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200), Buffer.from('PE\0\0')]);

let t: TestApp;
let dataDir = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-archivos-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  for (const [name, roles] of Object.entries({
    admin: ['administracion'],
    empleado: ['empleado'],
    transportes: ['transportes'],
  })) {
    tokens[name] = `Bearer ${await t.tokens.forRoles(roles, { sub: `auth0|${name}` })}`;
  }
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const multipart = (filename: string, content: Buffer) => {
  const boundary = '----tvsistema-prueba';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const newSupplier = async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/proveedores',
    headers: { authorization: tokens.admin ?? '' },
    payload: { nombre: 'Talleres Documentados', empresa: 'alquileres' },
  });
  return response.json<{ data: { _id: string } }>().data._id;
};

const upload = (id: string, filename: string, content: Buffer, as = 'admin') => {
  const { payload, headers } = multipart(filename, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/proveedores/${id}/archivos`,
    headers: { ...headers, authorization: tokens[as] ?? '' },
    payload,
  });
};

describe('supplier documents', () => {
  test('PDF, image and CSV are stored, listed and downloaded as they were', async () => {
    const id = await newSupplier();
    for (const [name, content, mime] of [
      ['contrato.pdf', PDF, 'application/pdf'],
      ['foto.png', PNG, 'image/png'],
      ['tarifas.csv', CSV, 'text/csv'],
    ] as const) {
      const response = await upload(id, name, content);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ data: Record<string, unknown> }>().data).toMatchObject({
        nombre: name,
        mime,
        tamano: content.length,
      });
    }
    const listed = await t.app.inject({
      url: `/api/proveedores/${id}/archivos`,
      headers: { authorization: tokens.empleado ?? '' },
    });
    const files = listed.json<{ data: { _id: string; nombre: string }[] }>().data;
    expect(files.map((file) => file.nombre)).toEqual(['contrato.pdf', 'foto.png', 'tarifas.csv']);

    const pdf = files[0];
    const download = await t.app.inject({
      url: `/api/proveedores/${id}/archivos/${pdf?._id}`,
      headers: { authorization: tokens.empleado ?? '' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''contrato.pdf",
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Named by content: DATA_DIR/archivos/<aa>/<sha256>.
    expect((await readdir(join(dataDir, 'archivos'))).filter((d) => d !== 'tmp').length).toBe(3);
  });

  test('type comes from the content: a PNG named .pdf is stored as PNG; an EXE or HTML is 415', async () => {
    const id = await newSupplier();
    const spoofed = await upload(id, 'factura.pdf', PNG);
    expect(spoofed.statusCode).toBe(201);
    expect(spoofed.json<{ data: { mime: string; nombre: string } }>().data).toMatchObject({
      mime: 'image/png',
      nombre: 'factura.png',
    });
    for (const [name, content] of [
      ['programa.pdf', EXE],
      ['pagina.html', Buffer.from('<!doctype html><html><body>hola</body></html>')],
      ['datos.csv', Buffer.from([0x00, 0x01, 0x02, 0x03])],
    ] as const) {
      const refused = await upload(id, name, content);
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json()).toEqual({ message: NOT_ALLOWED });
    }
  });

  test('past 25 MB is 413 with the Spanish message, and nothing is kept', async () => {
    const id = await newSupplier();
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 1 - PDF.length)]);
    const response = await upload(id, 'enorme.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: TOO_LARGE });
    const listed = await t.app.inject({
      url: `/api/proveedores/${id}/archivos`,
      headers: { authorization: tokens.admin ?? '' },
    });
    expect(listed.json<{ data: unknown[] }>().data).toEqual([]);
  });

  test('permissions: viewing needs proveedores.view, uploading and deleting proveedores.edit; another empresa is 404', async () => {
    const id = await newSupplier();
    expect((await upload(id, 'x.pdf', PDF, 'empleado')).statusCode).toBe(403);
    expect((await upload(id, 'x.pdf', PDF, 'transportes')).statusCode).toBe(403);
    const stored = (await upload(id, 'x.pdf', PDF)).json<{ data: { _id: string } }>().data;
    const asTransportes = await t.app.inject({
      url: `/api/proveedores/${id}/archivos`,
      headers: { authorization: tokens.transportes ?? '' },
    });
    expect(asTransportes.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/proveedores/${id}/archivos/${stored._id}`,
      headers: { authorization: tokens.admin ?? '' },
    });
    expect(deleted.statusCode).toBe(200);
    const again = await t.app.inject({
      url: `/api/proveedores/${id}/archivos/${stored._id}`,
      headers: { authorization: tokens.admin ?? '' },
    });
    expect(again.statusCode).toBe(404);
  });

  test('a body that is not multipart is a Spanish 400', async () => {
    const id = await newSupplier();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/proveedores/${id}/archivos`,
      headers: { authorization: tokens.admin ?? '' },
      payload: { archivo: 'no' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Envía el archivo como multipart/form-data, en el campo «archivo».',
    });
  });
});
