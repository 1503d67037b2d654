import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { apiFor, fullDireccion, seedLocations } from './partes-helpers.js';
import type { Api } from './partes-helpers.js';

let t: TestApp;
let api: Api;

const URL = '/api/proveedores/export';

beforeAll(async () => {
  t = await createTestApp();
  api = apiFor(t);
  const tree = await seedLocations(t);
  await api.post('/api/proveedores', {
    nombre: 'Ferretería Sóller; "La Única"',
    documento: 'B12345674',
    empresa: 'alquileres',
    cuentaContableProveedor: '400000123',
    contactos: [
      { nombre: 'Marta Ripoll', telefono: '+34 971 123 456', correo: 'marta@ferreteria.es' },
      { nombre: 'Joan Mas', telefono: '600 000 000' },
    ],
    observaciones: ['Paga a 30 días', 'Cierra en agosto'],
    direccion: fullDireccion(tree),
  });
  await api.post('/api/proveedores', {
    nombre: '=HYPERLINK("x")',
    empresa: 'alquileres',
    activo: false,
  });
  // Enough rows for several export batches, straight in SQL (1,200 POSTs would be slow).
  await t.database.withSession((session) =>
    session.query(
      `insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
       select 'proveedor', 'alquileres', 'Suministros ' || lpad(n::text, 4, '0'), null,
              'suministros ' || lpad(n::text, 4, '0'), 'suministros ' || lpad(n::text, 4, '0')
       from generate_series(1, 1200) as n`,
    ),
  );
  await api.post('/api/proveedores', { nombre: 'Transportes Ajenos', empresa: 'transporte' });
});
afterAll(async () => {
  await t?.close();
});

const records = (body: string): string[][] =>
  parse(body.replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: false });

describe('GET /api/proveedores/export', () => {
  test('answers CSV for Spanish Excel: UTF-8 with BOM, ";" and CRLF, as a download', async () => {
    const response = await api.get(`${URL}?empresa=alquileres&searchTerm=soller`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="proveedores-alquileres-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toBe(
      '\uFEFFNombre;Documento;Empresa;Estado;Contacto;Teléfono;Correo electrónico;Otros contactos;País;' +
        'Provincia;Municipio;Ciudad;Calle;Número;Planta;Local;Código postal;' +
        'Cuenta contable proveedor;Cuenta contable compra;Cuenta contable retención;' +
        'Observaciones;Creado;Creado por;Modificado;Modificado por',
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
  });

  test('one row per match with accents and quoting intact', async () => {
    const response = await api.get(`${URL}?empresa=alquileres&searchTerm=soller`);
    const [header, row, ...rest] = records(response.body);
    expect(rest).toEqual([]);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Nombre')).toBe('Ferretería Sóller; "La Única"');
    expect(cell('Documento')).toBe('B12345674');
    expect(cell('Empresa')).toBe('Alquileres');
    expect(cell('Estado')).toBe('Activo');
    expect(cell('Contacto')).toBe('Marta Ripoll');
    // A leading + would make Excel read a formula; the export neutralises it.
    expect(cell('Teléfono')).toBe("'+34 971 123 456");
    expect(cell('Otros contactos')).toBe('Joan Mas, 600 000 000');
    expect(cell('País')).toBe('PAÍS DE PRUEBA CRM');
    expect(cell('Calle')).toBe('CALLE DE SANT MIQUEL');
    expect(cell('Número')).toBe('12');
    expect(cell('Código postal')).toBe('07002');
    expect(cell('Cuenta contable proveedor')).toBe('400000123');
    expect(cell('Observaciones')).toBe('Paga a 30 días | Cierra en agosto');
    expect(cell('Creado')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cell('Creado por')).toBe('admin@tvsistema.test');
  });

  test('every row of the filter, across pages and batches, in list order', async () => {
    const response = await api.get(`${URL}?empresa=alquileres&sort=-nombre`);
    const [, ...rows] = records(response.body);
    expect(rows).toHaveLength(1202);
    expect(rows[0]?.[0]).toBe('Suministros 1200');
    expect(rows.at(-1)?.[0]).toBe('\'=HYPERLINK("x")');
    expect(rows.some((row) => row[0] === 'Transportes Ajenos')).toBe(false);
  });

  test('the activo filter applies', async () => {
    const [, ...rows] = records((await api.get(`${URL}?empresa=alquileres&activo=false`)).body);
    expect(rows.map((row) => [row[0], row[3]])).toEqual([['\'=HYPERLINK("x")', 'Inactivo']]);
  });

  test('no match gives the header alone', async () => {
    const body = (await api.get(`${URL}?empresa=verticales`)).body;
    expect(records(body)).toHaveLength(1);
  });

  test('the query is validated like the list', async () => {
    const response = await api.get(`${URL}?empresa=marte`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Datos inválidos');
    expect((await api.get(`${URL}?empresa=alquileres&sort=precio`)).statusCode).toBe(400);
  });
});
