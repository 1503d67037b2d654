import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createFinanzasTest,
  dataOf,
  emitida,
  linea,
  type FacturaLeida,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md §9 scenarios 11, 13 (notas de abono), 17 (compras), 18 (modelo 347) and 19
// (libro registro de facturas expedidas), API with the clock fixed.

let t: FinanzasTest;
let ferrer: string;
let hotel: string;
let tramuntana: string;
beforeAll(async () => {
  t = await createFinanzasTest('2022-03-01T10:00:00+01:00');
  ferrer = await t.crearCliente('Construcciones Ferrer Pons, S.L.', { documento: 'B07987654' });
  hotel = await t.crearCliente('Hotel Cala Major, S.A.', { documento: 'A07334410' });
  tramuntana = await t.crearCliente('Reformas Tramuntana, S.L.', { documento: 'B07567894' });
});
afterAll(async () => {
  await t?.close();
});

type Nota = FacturaLeida & { tipoFactura: string };
const nota = async (
  factura: { _id: string },
  clienteId: string,
  lineas: unknown[],
  extra: Record<string, unknown> = {},
) => {
  const r = await t.api.post('/api/notas', {
    empresa: 'alquileres',
    clienteId,
    tipoFactura: 'R1',
    facturaRectificadaId: factura._id,
    tipoRectificacion: 'I',
    motivo: 'Error en el precio',
    lineas,
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(201);
  return dataOf<Nota>(r);
};
const emitirNota = (n: { _id: string; version: number }) =>
  t.api.post(`/api/notas/${n._id}/emitir`, { version: n.version });

describe('notas de abono (rule 7)', () => {
  test('escenario 13: a nota in 2026 for an invoice of 2022-03-01 → 409 (four years)', async () => {
    const vieja = await emitida(t, hotel, [linea('100')]);
    expect(vieja.fechaExpedicion).toBe('2022-03-01');
    t.setAhora('2026-03-02T10:15:00+01:00');
    const n = await nota(vieja, hotel, [linea('10', { cantidad: '-1' })]);
    const r = await emitirNota(n);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      'No se puede rectificar una factura con más de cuatro años (art. 15 RD 1619/2012).',
    );
    const leida = dataOf<Nota>(await t.api.get(`/api/notas/${n._id}`));
    expect(leida).toMatchObject({ estado: 'borrador', numero: null });
  });

  test('escenario 11: an R1 of −100,00 at 21 % → R2026-00001, −121,00; F pendiente 937,75; nota cobrada by compensación', async () => {
    t.setAhora('2026-03-02T10:15:00+01:00');
    const f = await emitida(t, hotel, [
      linea('690'),
      linea('85'),
      linea('33.3333', { cantidad: '3' }),
    ]);
    expect(f.pendiente).toBe('1058.75');
    const n = await nota(f, hotel, [
      linea('100', { cantidad: '-1', descripcion: 'Diferencia de precio' }),
    ]);
    const r = await emitirNota(n);
    expect(r.statusCode, r.body).toBe(200);
    const emitidaNota = dataOf<Nota>(r);
    expect(emitidaNota).toMatchObject({
      numero: 'R2026-00001',
      importeTotal: '-121.00',
      estado: 'cobrada',
      pendiente: '0.00',
    });
    expect(emitidaNota.cobros.map((c) => [c.importe, c.medio])).toEqual([
      ['-121.00', 'compensacion'],
    ]);
    const rectificada = dataOf<FacturaLeida & { rectificadaParcialmente: boolean }>(
      await t.api.get(`/api/facturas/${f._id}`),
    );
    expect(rectificada).toMatchObject({
      pendiente: '937.75',
      estado: 'emitida',
      rectificadaParcialmente: true,
    });
    const [registro] = dataOf<{ cadena: string }[]>(
      await t.api.get(`/api/verifactu/registros?empresa=alquileres&facturaId=${n._id}`),
    );
    expect(registro?.cadena).toContain('TipoFactura=R1&CuotaTotal=-21.00&ImporteTotal=-121.00');
    // Never more than invoiced: a nota beyond the rest → 409 naming what is left.
    const demasiado = await nota(f, hotel, [linea('900', { cantidad: '-1' })]);
    const r2 = await emitirNota(demasiado);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toBe(
      `La nota supera lo pendiente de abonar de la factura ${f.numero} (937,75 €).`,
    );
    // Deleting a compensación cobro is refused.
    const cobro = rectificada.cobros[0];
    const del = await t.api.delete(`/api/facturas/${f._id}/cobros/${cobro?._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'Los cobros de compensación no se eliminan: corrige con una nueva factura.',
    );
    // On the nota the same refusals speak of its devoluciones, not of a factura's cobros.
    const compensacion = emitidaNota.cobros[0];
    const delNota = await t.api.delete(`/api/notas/${n._id}/cobros/${compensacion?._id}`);
    expect(delNota.statusCode).toBe(409);
    expect(delNota.json().message).toBe(
      'Las devoluciones por compensación no se eliminan: si la nota de abono es errónea, corrige con una nueva factura.',
    );
    const cambio = await t.api.put(`/api/notas/${n._id}`, {
      clienteId: hotel,
      tipoFactura: 'R1',
      facturaRectificadaId: f._id,
      tipoRectificacion: 'I',
      motivo: 'Error en el precio',
      lineas: [linea('90', { cantidad: '-1' })],
      version: emitidaNota.version,
    });
    expect(cambio.statusCode).toBe(409);
    expect(cambio.json().message).toBe(
      'Las notas de abono emitidas no se pueden modificar: corrige con otra nota de abono o con una nueva factura.',
    );
  });

  test('a full credit leaves the invoice rectificada; a second nota → 409', async () => {
    const f = await emitida(t, ferrer, [linea('200')]);
    const n = await nota(f, ferrer, [linea('200', { cantidad: '-1' })]);
    expect((await emitirNota(n)).statusCode).toBe(200);
    expect(dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${f._id}`)).estado).toBe(
      'rectificada',
    );
    const otra = await nota(f, ferrer, [linea('1', { cantidad: '-1' })]);
    expect((await emitirNota(otra)).statusCode).toBe(409);
  });
  test('§3 "Eliminar cobro" on a nota: a devolución is deleted, the nota is pendiente de devolver again, with a history row', async () => {
    const f = await emitida(t, tramuntana, [linea('100')]);
    const cobrada = await t.api.post(`/api/facturas/${f._id}/cobros`, {
      fecha: '2026-03-02',
      importe: '121.00',
      medio: 'transferencia',
      version: f.version,
    });
    expect(cobrada.statusCode, cobrada.body).toBe(201);
    const n = await nota(f, tramuntana, [linea('50', { cantidad: '-1' })]);
    const enBorrador = await t.api.post(`/api/notas/${n._id}/cobros`, {
      fecha: '2026-03-02',
      importe: '-60.50',
      medio: 'transferencia',
      version: n.version,
    });
    expect(enBorrador.statusCode).toBe(409);
    expect(enBorrador.json().message).toBe(
      'Solo se registran devoluciones en notas de abono emitidas.',
    );
    const emitidaNota = dataOf<Nota>(await emitirNota(n));
    expect(emitidaNota).toMatchObject({ estado: 'emitida', pendiente: '-60.50' });
    const devuelta = await t.api.post(`/api/notas/${n._id}/cobros`, {
      fecha: '2026-03-02',
      importe: '-60.50',
      medio: 'transferencia',
      version: emitidaNota.version,
    });
    expect(devuelta.statusCode, devuelta.body).toBe(201);
    const conDevolucion = dataOf<Nota>(devuelta);
    expect(conDevolucion).toMatchObject({ estado: 'cobrada', pendiente: '0.00' });
    const devolucion = conDevolucion.cobros.find((c) => c.medio === 'transferencia');
    const del = await t.api.delete(`/api/notas/${n._id}/cobros/${devolucion?._id}`);
    expect(del.statusCode, del.body).toBe(204);
    // The nota's own words: a devolución, what is pending "de devolver" (without its sign).
    const otraVez = await t.api.delete(`/api/notas/${n._id}/cobros/${devolucion?._id}`);
    expect(otraVez.statusCode).toBe(404);
    expect(otraVez.json().message).toBe('Devolución no encontrada');
    const deMas = await t.api.post(`/api/notas/${n._id}/cobros`, {
      fecha: '2026-03-02',
      importe: '-70.00',
      medio: 'transferencia',
      version: conDevolucion.version + 1,
    });
    expect(deMas.statusCode).toBe(409);
    expect(deMas.json().message).toBe(
      'La devolución supera el importe pendiente de devolver (60,50 €).',
    );
    expect(dataOf<Nota>(await t.api.get(`/api/notas/${n._id}`))).toMatchObject({
      estado: 'emitida',
      cobrado: '0.00',
      pendiente: '-60.50',
    });
    const [ultima] = dataOf<{ accion: string; cambios: { campo: string }[] }[]>(
      await t.api.get(`/api/notas/${n._id}/historial`),
    );
    expect(ultima?.cambios.map((c) => c.campo)).toEqual(
      expect.arrayContaining(['estado', 'cobrado', 'pendiente']),
    );
  });
});

describe('the notas list filters as facturas (§5: Cliente, Desde, Hasta)', () => {
  test('clienteId and the expedición dates narrow /api/notas', async () => {
    type Fila = { numero: string | null; clienteId: string };
    const notas = async (query: string) =>
      dataOf<Fila[]>(await t.api.get(`/api/notas?empresa=alquileres&limit=100&${query}`));
    const delHotel = await notas(`clienteId=${hotel}`);
    expect(delHotel.map((n) => n.numero)).toContain('R2026-00001');
    expect(delHotel.every((n) => n.clienteId === hotel)).toBe(true);
    expect((await notas(`clienteId=${ferrer}`)).map((n) => n.numero)).not.toContain('R2026-00001');
    const emitidas = `clienteId=${hotel}&estado=cobrada`;
    expect(
      (await notas(`${emitidas}&desde=2026-03-02&hasta=2026-03-02`)).map((n) => n.numero),
    ).toEqual(['R2026-00001']);
    expect(await notas(`${emitidas}&hasta=2026-03-01`)).toEqual([]);
  });
});

describe('books and reports (rules 16–17)', () => {
  test('escenario 19: libro de expedidas 1T with the ISP invoice: BOM, two header rows, S1 and S2 rows, 1880,06, 02/03/2026', async () => {
    const f = await emitida(t, ferrer, [
      linea('516', { naturaleza: 'alquiler' }),
      linea('170', { naturaleza: 'transporte' }),
      linea('1050', { naturaleza: 'servicio_obra', tratamiento: 'isp' }),
    ]);
    const r = await t.api.get(
      '/api/fiscal/libro-expedidas?empresa=alquileres&ejercicio=2026&periodo=1T',
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('2026B07654320E.csv');
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    const filas = r.body
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(';'));
    expect(filas[0]?.[0]).toBe('Autoliquidación');
    expect(filas[1]?.[0]).toBe('Ejercicio');
    expect(filas[0]).toHaveLength(36);
    const propias = filas.filter((c) => c[11] === f.numero);
    expect(propias.map((c) => c[18])).toEqual(['S1', 'S2']);
    expect(propias.map((c) => c[20])).toEqual(['1880,06', '1880,06']);
    expect(propias[0]?.[8]).toBe('02/03/2026');
    expect(propias[0]?.[35]).toBe(f._id);
  });

  test('escenario 18: the 347 lists Hotel Cala Major (B, 1.815,00 + 1.210,00 = 3.025,00) and not Tramuntana at exactly 3.005,06', async () => {
    t.setAhora('2027-02-10T10:00:00+01:00');
    await emitida(t, hotel, [linea('1500')]);
    await emitida(t, tramuntana, [linea('2483.52')]);
    t.setAhora('2027-05-10T10:00:00+02:00');
    await emitida(t, hotel, [linea('1000')]);
    const r = await t.api.get('/api/fiscal/modelo-347?empresa=alquileres&ejercicio=2027');
    expect(r.statusCode, r.body).toBe(200);
    const { data } = r.json() as {
      data: {
        nif: string;
        clave: string;
        t1: string;
        t2: string;
        t3: string;
        t4: string;
        total: string;
      }[];
    };
    expect(data).toEqual([
      expect.objectContaining({
        nif: 'A07334410',
        clave: 'B',
        t1: '1815.00',
        t2: '1210.00',
        t3: '0.00',
        t4: '0.00',
        total: '3025.00',
      }),
    ]);
  });
});

describe('compras (rule 15)', () => {
  test('escenario 17: Joana Rosselló Font, 300,00 at 21 % with 15 % retention → 363,00 / 63,00 / 318,00, C2027-00001; duplicate → 409; pago → pagada', async () => {
    t.setAhora('2027-03-10T10:00:00+01:00');
    const proveedorId = await t.crearProveedor('Joana Rosselló Font', '41987654G');
    const body = {
      empresa: 'alquileres',
      proveedorId,
      numeroFacturaProveedor: 'JR-2027/014',
      fechaExpedicion: '2027-03-08',
      retencionPct: '15',
      lineas: [{ descripcion: 'Asesoría fiscal', base: '300.00', tipoIva: 21 }],
    };
    const r = await t.api.post('/api/compras', body);
    expect(r.statusCode, r.body).toBe(201);
    const c = dataOf<{
      _id: string;
      numeroRegistro: string;
      importeTotal: string;
      cuotaDeducible: string;
      totalAPagar: string;
      version: number;
    }>(r);
    expect(c).toMatchObject({
      numeroRegistro: 'C2027-00001',
      importeTotal: '363.00',
      cuotaDeducible: '63.00',
      totalAPagar: '318.00',
    });
    const dup = await t.api.post('/api/compras', {
      ...body,
      numeroFacturaProveedor: ' jr-2027/014 ',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(
      'Ya existe una compra de este proveedor con el número jr-2027/014 (C2027-00001).',
    );
    const pago = await t.api.post(`/api/compras/${c._id}/pagos`, {
      fecha: '2027-03-10',
      importe: '318.00',
      medio: 'transferencia',
      version: c.version,
    });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(dataOf<{ estado: string; pendiente: string }>(pago)).toMatchObject({
      estado: 'pagada',
      pendiente: '0.00',
    });
    const libro = await t.api.get(
      '/api/fiscal/libro-recibidas?empresa=alquileres&ejercicio=2027&periodo=1T',
    );
    const fila = libro.body
      .split('\r\n')
      .find((l) => l.includes('C2027-00001'))
      ?.split(';');
    expect(fila).toHaveLength(42);
    expect(fila?.[29]).toBe('63,00');
    expect(fila?.[13]).toBe('C2027-00001');
  });

  test('the screens\' filters and pagos: proveedorId and recepción dates narrow the list; a paid compra is edited while its total stays ≥ pagado; "Eliminar pago" leaves it pendiente', async () => {
    t.setAhora('2027-06-15T10:00:00+02:00');
    const pollenca = await t.crearProveedor('Suministros Pollença', 'B07333444');
    const inca = await t.crearProveedor('Talleres Inca', 'B07555666');
    const cuerpo = (proveedorId: string, numero: string, fecha: string, base = '100.00') => ({
      proveedorId,
      numeroFacturaProveedor: numero,
      fechaExpedicion: fecha,
      fechaRecepcion: fecha,
      lineas: [{ descripcion: 'Material de obra', base, tipoIva: 21 }],
    });
    type CompraLeida = {
      _id: string;
      estado: string;
      pendiente: string;
      version: number;
      pagos: { _id: string }[];
    };
    const compra = async (proveedorId: string, numero: string, fecha: string) => {
      const r = await t.api.post('/api/compras', {
        empresa: 'alquileres',
        ...cuerpo(proveedorId, numero, fecha),
      });
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<CompraLeida>(r);
    };
    const mayo = await compra(pollenca, 'SP-27/1', '2027-05-10');
    const junio = await compra(pollenca, 'SP-27/2', '2027-06-10');
    const otra = await compra(inca, 'TI-27/1', '2027-06-11');
    const ids = async (query: string) =>
      dataOf<{ _id: string }[]>(await t.api.get(`/api/compras?empresa=alquileres&${query}`))
        .map((c) => c._id)
        .sort();
    expect(await ids(`proveedorId=${pollenca}`)).toEqual([mayo._id, junio._id].sort());
    expect(await ids(`proveedorId=${pollenca}&desde=2027-06-01&hasta=2027-06-30`)).toEqual([
      junio._id,
    ]);
    expect(await ids('desde=2027-06-11&hasta=2027-06-11')).toEqual([otra._id]);

    const r = await t.api.post(`/api/compras/${junio._id}/pagos`, {
      fecha: '2027-06-15',
      importe: '121.00',
      medio: 'transferencia',
      version: junio.version,
    });
    expect(r.statusCode, r.body).toBe(201);
    const pagada = dataOf<CompraLeida>(r);
    expect(pagada.estado).toBe('pagada');
    const menor = await t.api.put(`/api/compras/${junio._id}`, {
      ...cuerpo(pollenca, 'SP-27/2', '2027-06-10', '50.00'),
      version: pagada.version,
    });
    expect(menor.statusCode).toBe(409);
    expect(menor.json().message).toBe('El total no puede ser menor que lo ya pagado (121,00 €).');
    const editada = await t.api.put(`/api/compras/${junio._id}`, {
      ...cuerpo(pollenca, 'SP-27/2', '2027-06-10'),
      observaciones: 'Revisada con el proveedor',
      version: pagada.version,
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(dataOf<CompraLeida>(editada).estado).toBe('pagada');

    const del = await t.api.delete(`/api/compras/${junio._id}/pagos/${pagada.pagos[0]?._id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(dataOf<CompraLeida>(await t.api.get(`/api/compras/${junio._id}`))).toMatchObject({
      estado: 'pendiente',
      pendiente: '121.00',
      pagos: [],
    });
  });

  test('a compra names its uploaded PDF on create and on edit (on PGlite the create used to hang)', async () => {
    const proveedorId = await t.crearProveedor('Ferretería Son Castelló', 'B07111222');
    const subir = async (nombre: string) => {
      const boundary = '----tvsistema-compra';
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/compras/archivos?empresa=alquileres',
        headers: {
          authorization: `Bearer ${await t.tokens.forRoles(['administracion'])}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${nombre}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<{ archivoId: string }>(r).archivoId;
    };
    const body = {
      empresa: 'alquileres',
      proveedorId,
      numeroFacturaProveedor: 'SC-2027/88',
      fechaExpedicion: '2027-03-08',
      lineas: [{ descripcion: 'Tornillería', base: '100.00', tipoIva: 21 }],
      archivoId: await subir('SC-2027-88.pdf'),
    };
    const r = await t.api.post('/api/compras', body);
    expect(r.statusCode, r.body).toBe(201);
    const compra = dataOf<{ _id: string; version: number; archivo: { nombre: string } | null }>(r);
    expect(compra.archivo?.nombre).toBe('SC-2027-88.pdf');

    const { empresa: _empresa, ...cambios } = body;
    const editada = await t.api.put(`/api/compras/${compra._id}`, {
      ...cambios,
      archivoId: await subir('SC-2027-88-corregida.pdf'),
      version: compra.version,
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(dataOf<{ archivo: { nombre: string } | null }>(editada).archivo?.nombre).toBe(
      'SC-2027-88-corregida.pdf',
    );
    const otro = await t.api.post('/api/compras', {
      ...body,
      numeroFacturaProveedor: 'SC-2027/89',
      archivoId: '00000000-0000-4000-8000-000000000000',
    });
    expect(otro.statusCode).toBe(400);
    expect(otro.json().errors).toContain('archivoId: El documento no existe: súbelo de nuevo');
  });
});
