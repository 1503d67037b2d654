import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registrarMovimientoLogistico } from '../../src/modules/comercial/index.js';
import { componenteBody, maquinaBody } from '../inventario/inventario-fixtures.js';
import {
  createFinanzasTest,
  dataOf,
  emitir,
  type FacturaLeida,
  type FinanzasTest,
} from './finanzas-helpers.js';

// finanzas.md §9 scenario 15 and rule 10: the monthly rental run through comercial's billing
// source (logística's side stubbed: the delivery event through comercial's port), billed periods
// never offered twice, the database refusing a day billed twice, and a rental billed over three
// months whose invoices add up to its price.

let t: FinanzasTest;
let clienteId: string;
beforeAll(async () => {
  t = await createFinanzasTest('2026-01-15T10:00:00+01:00');
  clienteId = await t.crearCliente('Construcciones Llevant, S.L.', { documento: 'B07345671' });
});
afterAll(async () => {
  await t?.close();
});

let serie = 0;
const maquina = async () => {
  serie += 1;
  const r = await t.api.post('/api/maquinaria', maquinaBody({ numeroSerie: `FIN-${serie}` }));
  if (r.statusCode !== 201) throw new Error(`maquina: ${r.body}`);
  return dataOf<{ _id: string }>(r)._id;
};

const alquiler = async (
  maquinaId: string,
  desde: string,
  hasta: string,
  otro: { cliente?: string; linea?: Record<string, unknown> } = {},
) => {
  const r = await t.api.post('/api/alquileres', {
    clienteId: otro.cliente ?? clienteId,
    obraNombre: 'Rehabilitación fachada Sant Miquel',
    direccionObra: {
      paisId: t.tree.paisId,
      provinciaId: t.tree.provinciaId,
      municipioId: t.tree.municipioId,
    },
    lineas: [otro.linea ?? { clase: 'maquina', maquinaId, fechaInicio: desde, fechaFin: hasta }],
  });
  if (r.statusCode !== 201) throw new Error(`alquiler: ${r.body}`);
  return dataOf<{ _id: string; numero: string; lineas: { base: string }[] }>(r);
};

let albaranes = 0;
const movimiento = async (
  alquilerId: string,
  maquinaId: string,
  tipo: 'entrega' | 'recogida',
  fecha: string,
  { cantidad = 1, clase = 'maquina' }: { cantidad?: number; clase?: 'maquina' | 'andamio' } = {},
) => {
  albaranes += 1;
  await t.database.db.transaction((tx) =>
    registrarMovimientoLogistico(tx, {
      evento: 'emitido',
      alquilerId,
      albaran: {
        _id: `00000000-0000-4000-9000-${String(albaranes).padStart(12, '0')}`,
        numero: `${tipo === 'entrega' ? 'AE' : 'AR'}2026-${String(albaranes).padStart(5, '0')}`,
        tipo,
      },
      fecha,
      lineas: [{ clase, articuloId: maquinaId, cantidad }],
      hoy: fecha,
    }),
  );
};

type Pendiente = {
  origenId: string;
  numero: string;
  desde: string;
  hasta: string;
  baseEstimada: string;
};
const pendientes = async (hasta: string, cliente?: string) =>
  dataOf<Pendiente[]>(
    await t.api.get(
      `/api/facturas/alquileres-pendientes?hasta=${hasta}${cliente ? `&clienteId=${cliente}` : ''}`,
    ),
  );

const facturar = async (hasta: string, ids: string[]) => {
  const r = await t.api.post('/api/facturas/desde-alquileres', { hasta, alquilerIds: ids });
  expect(r.statusCode, r.body).toBe(201);
  const [id] = dataOf<string[]>(r);
  return dataOf<
    FacturaLeida & {
      lineas: {
        origen: { desde: string; hasta: string; id: string; lineaId: string; numero: string };
      }[];
    }
  >(await t.api.get(`/api/facturas/${id}`));
};

describe('rule 10, the monthly rental run', () => {
  test('escenario 15: hasta 28/02 proposes 15/02–28/02, the same run again nothing, hasta 31/03 proposes March; an overlapping manual draft → 409', async () => {
    t.setAhora('2026-02-10T09:00:00+01:00');
    const mex = await maquina();
    const a = await alquiler(mex, '2026-02-15', '2026-04-30');
    await movimiento(a._id, mex, 'entrega', '2026-02-15');
    t.setAhora('2026-03-01T09:00:00+01:00');
    const propuesto = (await pendientes('2026-02-28')).find((p) => p.origenId === a._id);
    expect(propuesto).toMatchObject({ desde: '2026-02-15', hasta: '2026-02-28' });
    const borrador = await facturar('2026-02-28', [a._id]);
    expect(borrador.estado).toBe('borrador');
    // A draft reserves its period: the same run proposes nothing more.
    expect((await pendientes('2026-02-28')).find((p) => p.origenId === a._id)).toBeUndefined();
    const e = dataOf<FacturaLeida>(await emitir(t, borrador));
    t.setAhora('2026-04-01T09:00:00+02:00');
    expect((await pendientes('2026-03-31')).find((p) => p.origenId === a._id)).toMatchObject({
      desde: '2026-03-01',
      hasta: '2026-03-31',
    });
    const [linea] = borrador.lineas;
    const manual = await t.api.post('/api/facturas', {
      empresa: 'alquileres',
      clienteId,
      lineas: [
        {
          descripcion: 'Alquiler',
          cantidad: '1',
          precioUnitario: '10',
          origen: { ...linea?.origen, desde: '2026-02-20', hasta: '2026-02-28' },
        },
      ],
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(
      `El periodo 20/02/2026–28/02/2026 del alquiler ${a.numero} ya está facturado en ${e.numero}.`,
    );
  });

  test('the run proposes exactly what is unbilled: a partly returned line keeps billing after its billed month, a returned rental billed to its end and one never delivered are not proposed, two rentals of one client each their own period', async () => {
    t.setAhora('2026-05-25T09:00:00+02:00');
    const cliente = await t.crearCliente('Excavacions Pollença, S.L.', { documento: 'B57123457' });
    const mar = await t.api.post('/api/andamios', componenteBody({ codigo: 'MAR-FAC-10' }));
    expect(mar.statusCode, mar.body).toBe(201);
    const marId = dataOf<{ _id: string }>(mar)._id;
    const [m1, m2] = [await maquina(), await maquina()];
    const a = await alquiler('', '2026-06-01', '2026-09-30', {
      cliente,
      linea: {
        clase: 'andamio',
        componenteId: marId,
        cantidad: '10',
        fechaInicio: '2026-06-01',
        fechaFin: '2026-09-30',
      },
    });
    const b = await alquiler(m1, '2026-06-05', '2026-06-30', { cliente });
    const c = await alquiler(m2, '2026-06-10', '2026-06-30', { cliente });
    await movimiento(a._id, marId, 'entrega', '2026-06-01', { cantidad: 10, clase: 'andamio' });
    await movimiento(a._id, marId, 'recogida', '2026-06-20', { cantidad: 4, clase: 'andamio' });
    await movimiento(b._id, m1, 'entrega', '2026-06-05');
    await movimiento(b._id, m1, 'recogida', '2026-06-25');
    t.setAhora('2026-07-01T09:00:00+02:00');
    const periodos = (p: Pendiente[]) =>
      p
        .map(({ numero, desde, hasta }) => ({ numero, desde, hasta }))
        .sort((x, y) => x.numero.localeCompare(y.numero));
    expect(periodos(await pendientes('2026-06-30', cliente))).toEqual([
      { numero: a.numero, desde: '2026-06-01', hasta: '2026-06-30' },
      { numero: b.numero, desde: '2026-06-05', hasta: '2026-06-25' },
    ]);
    expect(c.numero).toBeTruthy();
    const r = await t.api.post('/api/facturas/desde-alquileres', {
      hasta: '2026-06-30',
      alquilerIds: [a._id, b._id],
    });
    expect(dataOf<string[]>(r)).toHaveLength(2);
    expect(await pendientes('2026-06-30', cliente)).toEqual([]);
    // July: the six scaffolding frames still on site bill; the returned machine, billed to its
    // last day, is not offered again.
    t.setAhora('2026-08-01T09:00:00+02:00');
    expect(periodos(await pendientes('2026-07-31', cliente))).toEqual([
      { numero: a.numero, desde: '2026-07-01', hasta: '2026-07-31' },
    ]);
  });

  test('§5 "Cargar líneas": lineas-alquileres gives the period\'s lines up to hasta, as the run would write them; a manual draft with them reserves the period', async () => {
    t.setAhora('2026-05-02T09:00:00+02:00');
    const mex = await maquina();
    const a = await alquiler(mex, '2026-05-04', '2026-07-31');
    await movimiento(a._id, mex, 'entrega', '2026-05-04');
    t.setAhora('2026-06-01T09:00:00+02:00');
    const r = await t.api.get(`/api/facturas/lineas-alquileres?ids=${a._id}&hasta=2026-05-31`);
    expect(r.statusCode, r.body).toBe(200);
    const lineas =
      dataOf<
        { naturaleza: string; origen: { tipo: string; id: string; desde: string; hasta: string } }[]
      >(r);
    expect(lineas.length).toBeGreaterThan(0);
    for (const l of lineas)
      expect(l.origen).toMatchObject({
        tipo: 'alquiler',
        id: a._id,
        desde: '2026-05-04',
        hasta: '2026-05-31',
      });
    expect(lineas.some((l) => l.naturaleza === 'alquiler')).toBe(true);
    // Without hasta: the last day of the previous month (rule 10's default).
    expect(
      dataOf<unknown[]>(await t.api.get(`/api/facturas/lineas-alquileres?ids=${a._id}`)),
    ).toEqual(lineas);
    expect(
      (await t.api.get(`/api/facturas/lineas-alquileres?ids=${a._id}`, 'transportes')).statusCode,
    ).toBe(403);
    const borrador = await t.api.post('/api/facturas', {
      empresa: 'alquileres',
      clienteId,
      lineas,
    });
    expect(borrador.statusCode, borrador.body).toBe(201);
    expect((await pendientes('2026-05-31')).find((p) => p.origenId === a._id)).toBeUndefined();
    expect(
      dataOf<unknown[]>(await t.api.get(`/api/facturas/lineas-alquileres?ids=${a._id}`)),
    ).toEqual([]);
  });

  test('escenario 12: a March invoice credited in full is rectificada, March is proposed again, a second nota → 409', async () => {
    t.setAhora('2026-02-20T09:00:00+01:00');
    const mex = await maquina();
    const a = await alquiler(mex, '2026-03-01', '2026-05-31');
    await movimiento(a._id, mex, 'entrega', '2026-03-01');
    t.setAhora('2026-04-01T09:00:00+02:00');
    const marzo = await facturar('2026-03-31', [a._id]);
    const f = dataOf<FacturaLeida & { lineas: Record<string, unknown>[] }>(await emitir(t, marzo));
    expect((await pendientes('2026-03-31')).find((p) => p.origenId === a._id)).toBeUndefined();
    // "Abonar factura completa": every line of the invoice with its quantity negated.
    const abono = (lineas: Record<string, unknown>[]) =>
      t.api.post('/api/notas', {
        empresa: 'alquileres',
        clienteId,
        tipoFactura: 'R1',
        facturaRectificadaId: f._id,
        tipoRectificacion: 'I',
        motivo: 'Facturado a otro cliente',
        lineas: lineas.map((l) => ({
          descripcion: l['descripcion'],
          cantidad: `-${String(l['cantidad'])}`,
          unidad: l['unidad'],
          precioUnitario: l['precioUnitario'],
          descuentoPct: l['descuentoPct'],
          naturaleza: l['naturaleza'],
          tipoIva: l['tipoIva'],
        })),
      });
    const n = await abono(f.lineas);
    expect(n.statusCode, n.body).toBe(201);
    const nota = dataOf<{ _id: string; version: number }>(n);
    const e = await t.api.post(`/api/notas/${nota._id}/emitir`, { version: nota.version });
    expect(e.statusCode, e.body).toBe(200);
    expect(dataOf<FacturaLeida>(await t.api.get(`/api/facturas/${f._id}`)).estado).toBe(
      'rectificada',
    );
    expect((await pendientes('2026-03-31')).find((p) => p.origenId === a._id)).toMatchObject({
      desde: '2026-03-01',
      hasta: '2026-03-31',
    });
    // A rectificada invoice takes no more notas: the draft is kept, its issue refused.
    const segunda = await abono(f.lineas.slice(0, 1));
    expect(segunda.statusCode, segunda.body).toBe(201);
    const otra = dataOf<{ _id: string; version: number }>(segunda);
    const emitirOtra = await t.api.post(`/api/notas/${otra._id}/emitir`, { version: otra.version });
    expect(emitirOtra.statusCode, emitirOtra.body).toBe(409);
  });

  test('a rental billed over three months: the invoices add up exactly to its price', async () => {
    t.setAhora('2026-01-15T09:00:00+01:00');
    const mex = await maquina();
    const a = await alquiler(mex, '2026-01-20', '2026-03-10');
    await movimiento(a._id, mex, 'entrega', '2026-01-20');
    await movimiento(a._id, mex, 'recogida', '2026-03-10');
    const bases: string[] = [];
    for (const [hasta, ahora] of [
      ['2026-01-31', '2026-02-01T09:00:00+01:00'],
      ['2026-02-28', '2026-03-01T09:00:00+01:00'],
      ['2026-03-31', '2026-04-01T09:00:00+02:00'],
    ] as const) {
      t.setAhora(ahora);
      const f = await facturar(hasta, [a._id]);
      const r = await emitir(t, f);
      expect(r.statusCode, r.body).toBe(200);
      bases.push(dataOf<FacturaLeida>(r).baseImponible);
    }
    expect(bases).toEqual(['760.00', '1005.00', '435.00']);
    const precio = dataOf<{ lineas: { base: string }[] }>(
      await t.api.get(`/api/alquileres/${a._id}`),
    ).lineas[0]?.base;
    expect((bases.reduce((s, b) => s + Math.round(Number(b) * 100), 0) / 100).toFixed(2)).toBe(
      precio,
    );
    expect(
      await pendientes('2026-04-30').then((p) => p.find((x) => x.origenId === a._id)),
    ).toBeUndefined();
    // Comercial's CSV "Facturado" column: the bases of its issued invoices.
    const csv = (await t.api.get('/api/alquileres/export?estado=finalizado,en_curso,reservado'))
      .body;
    const [cabecera = '', ...filas] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const fila = filas.find((f) => f.startsWith(`${a.numero};`));
    expect(fila?.split(';')[cabecera.split(';').indexOf('Facturado')]).toBe('2200,00');
  });

  test('comercial §2.7 and R20 against real invoices: an albarán dated in a billed January cannot be annulled (409 naming the invoice), the line keeps its price; a later one can', async () => {
    t.setAhora('2026-01-15T09:00:00+01:00');
    const mex = await maquina();
    const a = await alquiler(mex, '2026-01-20', '2026-03-10');
    await movimiento(a._id, mex, 'entrega', '2026-01-20');
    const entrega = {
      _id: `00000000-0000-4000-9000-${String(albaranes).padStart(12, '0')}`,
      numero: 'AE',
      tipo: 'entrega' as const,
    };
    t.setAhora('2026-02-01T09:00:00+01:00');
    const enero = dataOf<FacturaLeida>(await emitir(t, await facturar('2026-01-31', [a._id])));
    const anular = (albaran: { _id: string; numero: string; tipo: 'entrega' | 'recogida' }) =>
      t.database.db.transaction((tx) =>
        registrarMovimientoLogistico(tx, {
          evento: 'anulado',
          alquilerId: a._id,
          albaran,
          fecha: '2026-02-01',
          hoy: '2026-02-01',
        }),
      );
    await expect(anular(entrega)).rejects.toMatchObject({
      message: `El albarán afecta a un periodo ya facturado (${String(enero.numero)}). Rectifica la factura primero.`,
    });
    // R20: the invoiced line shows what is billed and keeps its price.
    const leido = dataOf<{
      version: number;
      lineas: { _id: string; facturadoHasta: string | null }[];
    }>(await t.api.get(`/api/alquileres/${a._id}`));
    expect(leido.lineas[0]?.facturadoHasta).toBe('2026-01-31');
    // A recogida after the billed month is annulled as usual.
    await movimiento(a._id, mex, 'recogida', '2026-02-10');
    const recogida = {
      _id: `00000000-0000-4000-9000-${String(albaranes).padStart(12, '0')}`,
      numero: 'AR',
      tipo: 'recogida' as const,
    };
    await expect(anular(recogida)).resolves.toMatchObject({ numero: a.numero });
  });

  test('the database refuses a rental day billed twice (exclusion constraint)', async () => {
    const [otra] = dataOf<FacturaLeida[]>(
      await t.api.get('/api/facturas?empresa=alquileres&origen=alquiler&limit=1'),
    );
    const leida = dataOf<{
      _id: string;
      lineas: { id: string; origen: { id: string; lineaId: string } }[];
    }>(await t.api.get(`/api/facturas/${otra?._id}`));
    const origen = leida.lineas[0]?.origen;
    await expect(
      t.database.withSession((s) =>
        s.query(
          `insert into factura_origenes (factura_id, linea_id, origen_tipo, origen_id, origen_numero, origen_linea_id, periodo)
           values ($1, 'x', 'alquiler', $2, 'A', $3, daterange('2026-01-01', '2026-12-31', '[]'))`,
          [leida._id, origen?.id, origen?.lineaId],
        ),
      ),
    ).rejects.toThrow();
  });
});
