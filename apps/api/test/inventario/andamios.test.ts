import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfPages } from '../helpers/pdf-text.js';
import { createInventarioTest, dataOf, type InventarioTest } from './inventario-helpers.js';
import { componenteBody, crearComponente } from './inventario-fixtures.js';

// inventario.md §2.6, §2.7, §3.3, §6.2: the scaffolding catalogue and its stock ledger;
// scenario 14, R8, R15 and who may do what.

let t: InventarioTest;
beforeAll(async () => {
  t = await createInventarioTest('2026-03-10');
});
afterAll(async () => {
  await t?.close();
});

type Stock = {
  disponible: number;
  alquilado: number;
  enReparacion: number;
  baja: number;
  vendido: number;
  propiedad: number;
};

describe('andamios', () => {
  test('admin creates a component with its initial stock as an alta; code duplicates are 409', async () => {
    const created = await t.api.post(
      '/api/andamios',
      componenteBody({ codigo: 'mar-100-073', nombre: 'Marco 1,00 × 0,73 m', stockInicial: 40 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf(created)).toMatchObject({
      codigo: 'MAR-100-073',
      pesoKg: '18.500',
      precios: { dia: '0.0500', semana: null, mes: '1.2000', reposicion: '62.0000' },
      stock: { disponible: 40, alquilado: 0, enReparacion: 0, baja: 0, vendido: 0, propiedad: 40 },
      pesoPropiedadKg: '740.000',
      bajoMinimo: false,
      sobrerreserva: null,
    });
    const again = await t.api.post('/api/andamios', componenteBody({ codigo: 'MAR-100-073' }));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Ya existe un componente con el código MAR-100-073',
    );
    const bad = await t.api.post(
      '/api/andamios',
      componenteBody({ codigo: 'X1', pesoKg: '', precios: { dia: 'abc' } }),
    );
    expect(bad.statusCode).toBe(400);
  });

  test('scenario 14: repair beyond what is available is refused; a stale recount is refused; a fresh one adjusts', async () => {
    const found = await t.api.get('/api/andamios?searchTerm=mar-100');
    const _id = found.json<{ data: { _id: string }[] }>().data[0]?._id ?? '';
    const tooMany = await t.api.post(
      `/api/andamios/${_id}/reparaciones`,
      { tipo: 'enviar', cantidad: 50, fecha: '2026-03-10' },
      'empleado',
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      message: 'Stock insuficiente en MAR-100-073: disponibles 40, solicitadas 50',
    });
    const five = await t.api.post(
      `/api/andamios/${_id}/reparaciones`,
      { tipo: 'enviar', cantidad: 5, fecha: '2026-03-10', motivo: 'Soldadura' },
      'empleado',
    );
    expect(five.statusCode).toBe(201);
    expect(five.json<{ data: { stock: Stock } }>().data.stock).toMatchObject({
      disponible: 35,
      enReparacion: 5,
    });
    const stale = await t.api.post(`/api/andamios/${_id}/recuento`, {
      contado: 38,
      disponibleLeido: 40,
      fecha: '2026-03-10',
      motivo: 'Recuento anual',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message:
        'El stock disponible ha cambiado desde el recuento (ahora 35). Vuelve a cargar y repite el recuento.',
    });
    const fresh = await t.api.post(`/api/andamios/${_id}/recuento`, {
      contado: 33,
      disponibleLeido: 35,
      fecha: '2026-03-10',
      motivo: 'Recuento anual',
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({
      data: { movimiento: { tipo: 'ajuste', cantidad: -2 }, stock: { disponible: 33 } },
    });
    const same = await t.api.post(`/api/andamios/${_id}/recuento`, {
      contado: 33,
      disponibleLeido: 33,
      fecha: '2026-03-10',
      motivo: 'Recuento anual',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ data: { movimiento: null } });
    const back = await t.api.post(
      `/api/andamios/${_id}/reparaciones`,
      { tipo: 'devolver', cantidad: 6, fecha: '2026-03-10' },
      'empleado',
    );
    expect(back.json()).toEqual({
      message: 'Stock insuficiente en MAR-100-073: en reparación 5, solicitadas 6',
    });
    const moves = await t.api.get(`/api/andamios/${_id}/movimientos`);
    expect(
      moves
        .json<{ data: { tipo: string; cantidad: number }[] }>()
        .data.map((m) => [m.tipo, m.cantidad]),
    ).toEqual([
      ['ajuste', -2],
      ['reparacion', 5],
      ['alta', 40],
    ]);
    // A component that does not exist has no movements page.
    for (const otro of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const r = await t.api.get(`/api/andamios/${otro}/movimientos`);
      expect([r.statusCode, r.json()]).toEqual([404, { message: 'Componente no encontrado' }]);
    }
  });

  test('altas, bajas and sales by hand; empleado may not; R15 refuses deleting a component that moved', async () => {
    const c = await crearComponente(t, {
      codigo: 'PLT-300',
      nombre: 'Plataforma 3,00 m',
      categoria: 'plataforma',
      stockInicial: 10,
    });
    expect(
      (
        await t.api.post(
          `/api/andamios/${c._id}/movimientos`,
          { tipo: 'alta', cantidad: 5, fecha: '2026-03-10' },
          'empleado',
        )
      ).statusCode,
    ).toBe(403);
    const baja = await t.api.post(`/api/andamios/${c._id}/movimientos`, {
      tipo: 'baja',
      cantidad: 2,
      fecha: '2026-03-10',
    });
    expect(baja.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['motivo: Indica el motivo (de 5 a 200 caracteres)'],
    });
    const venta = await t.api.post(`/api/andamios/${c._id}/movimientos`, {
      tipo: 'venta',
      cantidad: 3,
      fecha: '2026-03-10',
      motivo: 'Venta a cliente',
      referencia: { tipo: 'factura', numero: 'F2026-00012' },
    });
    expect(venta.statusCode, venta.body).toBe(201);
    expect(venta.json()).toMatchObject({
      data: {
        movimiento: { referencia: { tipo: 'factura', numero: 'F2026-00012' } },
        stock: { disponible: 7, vendido: 3, propiedad: 7 },
      },
    });
    const del = await t.api.delete(`/api/andamios/${c._id}`);
    expect(del.json()).toEqual({
      message:
        'No se puede eliminar PLT-300: tiene 0 reservas y 1 movimiento. Dala de baja (o desactívalo) en su lugar.',
    });
    const unused = await crearComponente(t, {
      codigo: 'TMP-1',
      nombre: 'Temporal',
      categoria: 'otro',
      stockInicial: 3,
    });
    expect((await t.api.delete(`/api/andamios/${unused._id}?version=1`)).statusCode).toBe(204);
  });

  test('list filters, summary, CSV and inventory PDF; who reads', async () => {
    const c = await crearComponente(t, {
      codigo: 'BAR-200',
      nombre: 'Barandilla 2,00 m',
      categoria: 'barandilla',
      stockInicial: 5,
      stockMinimo: 10,
      sistema: 'Layher Allround',
    });
    const bajo = await t.api.get('/api/andamios?bajoMinimo=true');
    expect(bajo.json<{ data: { codigo: string; bajoMinimo: boolean }[] }>().data).toEqual([
      expect.objectContaining({ codigo: 'BAR-200', bajoMinimo: true }),
    ]);
    const sistema = await t.api.get('/api/andamios?sistema=layher allround');
    expect(sistema.json<{ meta: { total: number } }>().meta.total).toBe(1);
    const sorted = await t.api.get('/api/andamios?sort=-disponible');
    expect(sorted.json<{ data: { codigo: string }[] }>().data.map((x) => x.codigo)).toEqual([
      'MAR-100-073',
      'PLT-300',
      'BAR-200',
    ]);
    // Pages of two walk the same order with the match set's total; past the end: none, same total.
    type Pagina = { data: { codigo: string }[]; meta: { total: number; totalPages: number } };
    const pagina = async (page: number) =>
      (await t.api.get(`/api/andamios?sort=-disponible&limit=2&page=${page}`)).json<Pagina>();
    const [p1, p2, p5] = [await pagina(1), await pagina(2), await pagina(5)];
    expect([...p1.data, ...p2.data].map((x) => x.codigo)).toEqual([
      'MAR-100-073',
      'PLT-300',
      'BAR-200',
    ]);
    expect([p1.meta, p2.meta, p5.meta].map((m) => [m.total, m.totalPages])).toEqual([
      [3, 2],
      [3, 2],
      [3, 2],
    ]);
    expect(p5.data).toEqual([]);
    const resumen = await t.api.get('/api/andamios/resumen', 'alquileres');
    expect(resumen.json()).toEqual({
      data: {
        piezasPropiedad: 50,
        disponibles: 45,
        alquiladas: 0,
        enReparacion: 5,
        pesoAlquiladoKg: '0.000',
      },
    });
    expect((await t.api.get('/api/andamios', 'transportes')).statusCode).toBe(403);
    expect((await t.api.get(`/api/andamios/${c._id}`, 'empleado')).statusCode).toBe(200);
    const csv = await t.api.get('/api/andamios/export');
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFCódigo;Componente;Categoría;Sistema;Peso (kg);Precio día (€);Precio mes (€);Precio reposición (€);Disponible;Alquilado;En reparación;Baja;En propiedad;Peso en propiedad (kg)',
    );
    const pdf = await t.api.get('/api/andamios/inventario/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Inventario de andamios a 10/03/2026');
    expect(text).toContain('Marco 1,00 × 0,73 m 18,500 33 0 5 38 703,0 2.356,00 €');
    const history = await t.api.get(`/api/andamios/${c._id}/historial`);
    expect(history.json<{ data: { accion: string }[] }>().data.map((e) => e.accion)).toEqual([
      'crear',
    ]);
  });
});
