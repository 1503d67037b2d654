import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  direccionObra,
  lineaMaquina,
  nuevaMaquina,
  nuevoComponente,
  nuevoConcepto,
} from '../comercial/comercial-helpers.js';
import { pdfPages } from '../helpers/pdf-text.js';
import { fullDireccion } from '../proveedores/partes-helpers.js';
import {
  crearAlquiler,
  createLogisticaTest,
  dataOf,
  firmaPng,
  lineaAndamio,
  type LogisticaTest,
} from './logistica-helpers.js';

// logistica.md §9 scenarios 1–6 and the rental half of 11 (setup: MAR-200-073 with 500 available
// and reposición 62,00 €, an alquiler of Construcciones Llevant, clock 2026-04-15, user empleado).

type Linea = { _id: string; cantidad: string; correcto: number | null; importe: string };
type Albaran = {
  _id: string;
  version: number;
  numero: string | null;
  estado: string;
  tipo: string;
  avisos: string[];
  lineas: Linea[];
  firma: { nombre: string; dni: string; firmadoAt: string; huella: string } | null;
};
type Saldo = {
  codigo: string;
  enObra: number;
  lotes: { numero: string; fecha: string; pendiente: number }[];
}[];

let t: LogisticaTest;
let mar: { _id: string; codigo: string };
let alquiler: { _id: string; numero: string };
const ids: Record<string, Albaran> = {};

beforeAll(async () => {
  t = await createLogisticaTest('2026-03-01');
  mar = await nuevoComponente(t, {
    codigo: 'MAR-200-073',
    stockInicial: 500,
    precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
  });
  // Two lines (80 from 03-02, 40 from 03-20), as scenarios 1 and 3 deliver them; partial
  // deliveries of one line are the last test's.
  alquiler = await crearAlquiler(t, [
    lineaAndamio(mar._id, 80),
    lineaAndamio(mar._id, 40, '2026-03-20'),
  ]);
  t.setHoy('2026-04-15');
});
afterAll(async () => {
  await t?.close();
});

const stock = async (id = mar._id) =>
  dataOf<{ stock: Record<string, number> }>(await t.api.get(`/api/andamios/${id}`)).stock;
const saldo = async () =>
  dataOf<Saldo>(await t.api.get(`/api/albaranes/saldo?alquilerId=${alquiler._id}`, 'empleado'));
const entrega = (
  cantidad: number,
  fechaHora: string,
  extra: Record<string, unknown> = {},
  a = alquiler,
  articulo = mar,
) =>
  t.api.post(
    '/api/albaranes',
    {
      accion: 'emitir',
      tipo: 'entrega',
      alquilerId: a._id,
      fechaHora,
      matricula: '2345 KPF',
      conductor: 'Toni Vidal Sbert',
      lineas: [{ clase: 'andamio', articuloId: articulo._id, cantidad: String(cantidad) }],
      ...extra,
    },
    'empleado',
  );
const movimientosPuerto = async (albaranId: string) =>
  (
    (await t.database.db.execute(
      sql`select cantidad, fecha::text as fecha, fecha_fin_cobro::text as "fechaFinCobro", firmado from alquiler_movimientos where albaran_id = ${albaranId}`,
    )) as unknown as {
      rows: { cantidad: number; fecha: string; fechaFinCobro: string | null; firmado: boolean }[];
    }
  ).rows;

describe('albaranes de alquiler (logistica.md §9)', () => {
  test("escenario 2: stock insuficiente → 409 with inventario's text, nothing written", async () => {
    const poco = await nuevoComponente(t, { codigo: 'MAR-100-073', stockInicial: 50 });
    t.setHoy('2026-03-01');
    const otro = await crearAlquiler(t, [lineaAndamio(poco._id, 50)]);
    t.setHoy('2026-04-15');
    const r = await entrega(60, '2026-03-02T08:30:00+01:00', {}, otro, poco);
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(
      'Stock insuficiente en MAR-100-073: disponibles 50, solicitadas 60',
    );
    const lista = await t.api.get(`/api/albaranes?alquilerId=${otro._id}`, 'empleado');
    expect(lista.json().meta.total).toBe(0);
    expect((await stock(poco._id)).disponible).toBe(50);
  });

  test('escenario 1: entrega emitida → AE2026-00001, stock moved, port emitido, saldo 80', async () => {
    const r = await entrega(80, '2026-03-02T08:30:00+01:00');
    expect(r.statusCode, r.body).toBe(201);
    const a = dataOf<Albaran>(r);
    expect(a).toMatchObject({ numero: 'AE2026-00001', estado: 'emitido', tipo: 'entrega' });
    ids['AE1'] = a;
    expect(await stock()).toMatchObject({ disponible: 420, alquilado: 80 });
    expect(await movimientosPuerto(a._id)).toEqual([
      { cantidad: 80, fecha: '2026-03-02', fechaFinCobro: null, firmado: false },
    ]);
    const s = await saldo();
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ codigo: 'MAR-200-073', enObra: 80 });
  });

  test('escenario 5: firma → firmado, DNI normalised, huella, port firmado; verificación detects a change', async () => {
    const a = ids['AE1'] as Albaran;
    const mala = await t.api.post(
      `/api/albaranes/${a._id}/firma`,
      { version: a.version, nombre: 'Joan Ferrer Mas', dni: '43111222A', imagen: firmaPng() },
      'empleado',
    );
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors).toContain('firma.dni: El DNI/NIE del firmante no es válido');
    const antes = Date.now();
    const r = await t.api.post(
      `/api/albaranes/${a._id}/firma`,
      { version: a.version, nombre: 'Joan Ferrer Mas', dni: '43111222e', imagen: firmaPng() },
      'empleado',
    );
    expect(r.statusCode, r.body).toBe(200);
    const f = dataOf<Albaran>(r);
    expect(f.estado).toBe('firmado');
    expect(f.firma?.dni).toBe('43111222E');
    expect(f.firma?.huella).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(f.firma?.firmadoAt ?? 0).getTime()).toBeGreaterThanOrEqual(antes - 1000);
    ids['AE1'] = f;
    expect((await movimientosPuerto(a._id))[0]?.firmado).toBe(true);
    const v1 = await t.api.get(`/api/albaranes/${a._id}/verificacion`, 'empleado');
    expect(v1.json().data.integro).toBe(true);
    await t.database.db.execute(
      sql`update albaran_lineas set cantidad = 81 where albaran_id = ${a._id}`,
    );
    const v2 = await t.api.get(`/api/albaranes/${a._id}/verificacion`, 'empleado');
    expect(v2.json().data).toMatchObject({ integro: false, huellaGuardada: f.firma?.huella });
    await t.database.db.execute(
      sql`update albaran_lineas set cantidad = 80 where albaran_id = ${a._id}`,
    );
    expect(
      (await t.api.get(`/api/albaranes/${a._id}/verificacion`, 'empleado')).json().data.integro,
    ).toBe(true);
    const png = await t.api.get(`/api/albaranes/${a._id}/firma.png`, 'empleado');
    expect(png.headers['content-type']).toBe('image/png');
  });

  test('escenario 3: FIFO partial return moves stock, lotes and charges', async () => {
    const e2 = await entrega(40, '2026-03-20T08:30:00+01:00');
    expect(e2.statusCode, e2.body).toBe(201);
    ids['AE2'] = dataOf<Albaran>(e2);
    expect(ids['AE2']?.numero).toBe('AE2026-00002');
    const r = await t.api.post(
      '/api/albaranes',
      {
        accion: 'emitir',
        tipo: 'recogida',
        alquilerId: alquiler._id,
        fechaHora: '2026-04-15T16:00:00+02:00',
        lineas: [
          {
            clase: 'andamio',
            articuloId: mar._id,
            cantidad: '100',
            correcto: 95,
            danado: 3,
            falta: 2,
            observacionDano: 'Marcos doblados por impacto',
          },
        ],
      },
      'empleado',
    );
    expect(r.statusCode, r.body).toBe(201);
    const ar = dataOf<
      Albaran & {
        fechaFinCobro: string;
        lineas: (Linea & { asignaciones: { numero: string; cantidad: number }[] })[];
      }
    >(r);
    ids['AR1'] = ar;
    expect(ar).toMatchObject({
      numero: 'AR2026-00001',
      estado: 'emitido',
      fechaFinCobro: '2026-04-15',
    });
    expect(ar.lineas[0]?.importe).toBe('124.00');
    expect(ar.lineas[0]?.asignaciones.map((x) => [x.numero, x.cantidad])).toEqual([
      ['AE2026-00001', 80],
      ['AE2026-00002', 20],
    ]);
    expect(await stock()).toMatchObject({
      disponible: 475,
      enReparacion: 3,
      baja: 2,
      alquilado: 20,
    });
    const s = await saldo();
    expect(s[0]?.lotes.map((l) => [l.numero, l.pendiente])).toEqual([['AE2026-00002', 20]]);
    // Comercial spreads the 100 units over its two lines (80 + 20).
    const movs = await movimientosPuerto(ar._id);
    expect(movs.reduce((s, m) => s + m.cantidad, 0)).toBe(100);
    expect(movs.every((m) => m.fechaFinCobro === '2026-04-15' && m.fecha === '2026-04-15')).toBe(
      true,
    );
    const cargos = (
      (await t.database.db.execute(
        sql`select tipo, importe::text as importe from alquiler_cargos where albaran_id = ${ar._id}`,
      )) as unknown as { rows: { tipo: string; importe: string }[] }
    ).rows;
    expect(cargos).toEqual([{ tipo: 'falta', importe: '124.00' }]);
    const alq = dataOf<{ estado: string }>(await t.api.get(`/api/alquileres/${alquiler._id}`));
    expect(alq.estado).toBe('devuelto_parcial');
  });

  test('escenario 4: return limits — more than on site, fin de cobro before the lote', async () => {
    expect((await saldo())[0]?.enObra).toBe(20);
    const recogida = (cantidad: number, extra: Record<string, unknown> = {}) =>
      t.api.post(
        '/api/albaranes',
        {
          accion: 'emitir',
          tipo: 'recogida',
          alquilerId: alquiler._id,
          fechaHora: '2026-04-15T17:00:00+02:00',
          lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: String(cantidad) }],
          ...extra,
        },
        'empleado',
      );
    const mucho = await recogida(25);
    expect(mucho.statusCode).toBe(400);
    expect(mucho.json().errors).toEqual([
      'lineas[0].cantidad: Se devuelven 25 unidades de MAR-200-073 pero solo hay 20 en obra',
    ]);
    const antes = await recogida(5, { fechaFinCobro: '2026-03-15' });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().errors).toEqual([
      'fechaFinCobro: La fecha de fin de cobro no puede ser anterior a la entrega AE2026-00002 (20/03/2026)',
    ]);
    // Nothing written: the next recogida number is still free.
    const lista = await t.api.get(
      `/api/albaranes?alquilerId=${alquiler._id}&tipo=recogida`,
      'empleado',
    );
    expect(lista.json().meta.total).toBe(1);
  });

  test('escenario 6: annulment — refused under a live recogida, signed needs albaranes.anular', async () => {
    const ae1 = ids['AE1'] as Albaran;
    const r1 = await t.api.post(
      `/api/albaranes/${ae1._id}/anular`,
      { version: ae1.version, motivo: 'Error al registrar la entrega' },
      'admin',
    );
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe(
      'No se puede anular AE2026-00001: la recogida AR2026-00001 devuelve material de esta entrega. Anula antes esa recogida.',
    );
    let ar = ids['AR1'] as Albaran;
    const f = await t.api.post(
      `/api/albaranes/${ar._id}/firma`,
      { version: ar.version, nombre: 'Joan Ferrer Mas', dni: '43111222E', imagen: firmaPng() },
      'empleado',
    );
    expect(f.statusCode, f.body).toBe(200);
    ar = dataOf<Albaran>(f);
    const corto = await t.api.post(
      `/api/albaranes/${ar._id}/anular`,
      { version: ar.version, motivo: 'corto' },
      'admin',
    );
    expect(corto.statusCode).toBe(400);
    const empleado = await t.api.post(
      `/api/albaranes/${ar._id}/anular`,
      { version: ar.version, motivo: 'Recuento equivocado en obra' },
      'empleado',
    );
    expect(empleado.statusCode).toBe(403);
    const admin = await t.api.post(
      `/api/albaranes/${ar._id}/anular`,
      { version: ar.version, motivo: 'Recuento equivocado en obra' },
      'admin',
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(dataOf<Albaran>(admin)).toMatchObject({ estado: 'anulado', numero: 'AR2026-00001' });
    expect(await movimientosPuerto(ar._id)).toEqual([]);
    expect(await stock()).toMatchObject({
      disponible: 380,
      enReparacion: 0,
      baja: 0,
      alquilado: 120,
    });
    expect((await saldo())[0]?.enObra).toBe(120);
  });

  test('R2, R5, R6, R7, R15: machine lines, over-contract warning, damage charge, fin de cobro, natural key', async () => {
    t.setHoy('2026-03-01');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const exc = await nuevaMaquina(t, {
      tarifas: { dia: '95.00', semana: '380.00', horasIncluidasDia: 1, horaExtra: '12.00' },
    });
    const conItv = await nuevaMaquina(t, {
      matricula: 'E 4321 BCD',
      fechaMatriculacion: '2020-05-01',
      requiereItv: true,
    });
    const itv = await t.api.upload(
      `/api/maquinaria/${conItv._id}/documentos`,
      { tipo: 'itv', fechaCaducidad: '2026-03-04' },
      { nombre: 'itv.pdf', contenido: pdf },
    );
    expect(itv.statusCode, itv.body).toBe(201);
    const tubo = await nuevoComponente(t, { codigo: 'TUB-MAQ', stockInicial: 100 });
    const concepto = await nuevoConcepto(t, { precio: '1.005' });
    const a = await crearAlquiler(t, [
      lineaMaquina(exc._id, '2026-03-02', '2026-05-31'),
      lineaMaquina(conItv._id, '2026-03-02', '2026-05-31'),
      lineaAndamio(tubo._id, 10),
    ]);
    t.setHoy('2026-04-15');
    const emitir = (tipo: string, fechaHora: string, lineas: unknown[], extra = {}) =>
      t.api.post(
        '/api/albaranes',
        { accion: 'emitir', tipo, alquilerId: a._id, fechaHora, lineas, ...extra },
        'empleado',
      );
    const maquina = (id: string, extra = {}) => ({
      clase: 'maquina',
      articuloId: id,
      cantidad: '1',
      ...extra,
    });

    // R2: a machine whose ITV expired before the delivery is refused with inventario's text.
    const caducada = await emitir('entrega', '2026-03-06T08:30:00+01:00', [maquina(conItv._id)]);
    expect(caducada.statusCode, caducada.body).toBe(409);
    expect(caducada.json().message).toBe(
      `No se puede entregar ${conItv.codigoInterno}: ITV caducada el 04/03/2026`,
    );
    // R2: beyond the contract is allowed, with the warning.
    const ae = await emitir(
      'entrega',
      '2026-03-06T08:30:00+01:00',
      [
        maquina(exc._id, { horometro: '100.0' }),
        { clase: 'andamio', articuloId: tubo._id, cantidad: '12' },
      ],
      { referenciaExterna: 'R15-OBRA' },
    );
    expect(ae.statusCode, ae.body).toBe(201);
    const entregada = dataOf<Albaran>(ae);
    expect(entregada.avisos).toEqual([
      'Se entregan más unidades de TUB-MAQ de las contratadas (contratadas 10, entregadas en total 12).',
    ]);
    // R2: a machine that is not disponible (sent to the workshop, set here by hand) is refused.
    await t.database.db.execute(
      sql`update maquinas set estado = 'en_taller' where id = ${conItv._id}`,
    );
    const enTaller = await emitir('entrega', '2026-03-07T08:30:00+01:00', [maquina(conItv._id)]);
    expect(enTaller.statusCode, enTaller.body).toBe(409);
    expect(enTaller.json().message).toBe(
      `La máquina ${conItv.codigoInterno} no está disponible (estado: en taller)`,
    );
    // R15: the same referencia for the same client is refused on a direct create.
    const repetida = await t.api.post(
      '/api/albaranes',
      {
        tipo: 'entrega',
        alquilerId: a._id,
        referenciaExterna: 'R15-OBRA',
        lineas: [{ clase: 'andamio', articuloId: tubo._id, cantidad: '1' }],
      },
      'empleado',
    );
    expect(repetida.statusCode, repetida.body).toBe(409);
    expect(repetida.json().message).toBe(
      `Ya existe el albarán ${entregada.numero} con la referencia «R15-OBRA» para este cliente.`,
    );

    // §2.1: a machine line counts its one unit as correcto or dañado, with its horómetro.
    const mal = await emitir('recogida', '2026-04-10T16:00:00+02:00', [
      maquina(exc._id, { correcto: 0, danado: 0, falta: 1, observacionDano: 'No aparece en obra' }),
      maquina(conItv._id, { cantidad: '2' }),
    ]);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^lineas\[0\]\.falta: /),
        expect.stringMatching(/^lineas\[0\]\.horometro: /),
        expect.stringMatching(/^lineas\[1\]\.cantidad: /),
      ]),
    );
    const lineasRecogida = [
      maquina(exc._id, {
        correcto: 0,
        danado: 1,
        observacionDano: 'Fuga en el brazo hidráulico',
        horometro: '200.0',
        cargoDano: '150.00',
      }),
      { clase: 'andamio', articuloId: tubo._id, cantidad: '12', correcto: 12 },
      { clase: 'concepto', articuloId: concepto._id, cantidad: '1', precioUnitario: '1.005' },
    ];
    // R6: fin de cobro after the recogida's own date.
    const tarde = await emitir('recogida', '2026-04-10T16:00:00+02:00', lineasRecogida, {
      fechaFinCobro: '2026-04-11',
    });
    expect(tarde.statusCode).toBe(400);
    expect(tarde.json().errors).toEqual([
      'fechaFinCobro: La fecha de fin de cobro no puede ser posterior a la de la recogida',
    ]);
    const ar = await emitir('recogida', '2026-04-10T16:00:00+02:00', lineasRecogida);
    expect(ar.statusCode, ar.body).toBe(201);
    const recogida = dataOf<Albaran>(ar);
    // R7: the damage charge is the machine line's importe; a concepto is cantidad × precio,
    // rounded half away from zero (1,005 → 1,01).
    expect(recogida.lineas.map((l) => l.importe)).toEqual(['150.00', '0.00', '1.01']);
    // R5: the reading and the damage reach inventario: in the workshop, 200,0 h.
    const leida = dataOf<{ estado: string; horometro: string }>(
      await t.api.get(`/api/maquinaria/${exc._id}`),
    );
    expect(leida).toMatchObject({ estado: 'en_taller', horometro: '200.0' });
    // R5 and R7: comercial gets the damage charge and bills the hours (100 h − 36 días × 1 h).
    const cargos = (
      (await t.database.db.execute(
        sql`select tipo, importe::text as importe from alquiler_cargos where albaran_id = ${recogida._id} order by tipo`,
      )) as unknown as { rows: { tipo: string; importe: string }[] }
    ).rows;
    expect(cargos).toEqual([
      { tipo: 'dano', importe: '150.00' },
      { tipo: 'horas_extra', importe: '768.00' },
    ]);
  });

  test('R8, R14, R17: future date, late edits, stale version, delete of a borrador', async () => {
    const futura = await t.api.post(
      '/api/albaranes',
      {
        accion: 'emitir',
        tipo: 'recogida',
        alquilerId: alquiler._id,
        fechaHora: '2026-04-16T08:30:00+02:00',
        lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: '1' }],
      },
      'empleado',
    );
    expect(futura.statusCode).toBe(400);
    expect(futura.json().errors).toEqual([
      'fechaHora: No se puede emitir un albarán con fecha posterior a hoy',
    ]);
    const ae1 = ids['AE1'] as Albaran;
    const actual = dataOf<Albaran & { alquiler: { _id: string } }>(
      await t.api.get(`/api/albaranes/${ae1._id}`, 'empleado'),
    );
    const put = await t.api.put(
      `/api/albaranes/${ae1._id}`,
      {
        version: actual.version,
        alquilerId: alquiler._id,
        lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: '1' }],
      },
      'empleado',
    );
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('Solo se puede modificar un albarán en borrador.');
    const borrador = await t.api.post(
      '/api/albaranes',
      {
        tipo: 'recogida',
        alquilerId: alquiler._id,
        fechaHora: '2026-04-16T08:30:00+02:00',
        lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: '5' }],
      },
      'empleado',
    );
    expect(borrador.statusCode, borrador.body).toBe(201);
    const b = dataOf<Albaran>(borrador);
    expect(b).toMatchObject({ estado: 'borrador', numero: null });
    const cuerpo = {
      alquilerId: alquiler._id,
      lineas: [{ clase: 'andamio', articuloId: mar._id, cantidad: '6' }],
    };
    const conTipo = await t.api.put(
      `/api/albaranes/${b._id}`,
      { ...cuerpo, version: b.version, tipo: 'recogida' },
      'empleado',
    );
    expect(conTipo.json().errors).toContain(
      'tipo: El tipo no puede modificarse después de la creación.',
    );
    const ok = await t.api.put(
      `/api/albaranes/${b._id}`,
      { ...cuerpo, version: b.version },
      'empleado',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await t.api.put(
      `/api/albaranes/${b._id}`,
      { ...cuerpo, version: b.version },
      'empleado',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    const repetido = await t.api.put(
      `/api/albaranes/${b._id}`,
      {
        alquilerId: alquiler._id,
        version: b.version + 1,
        lineas: [cuerpo.lineas[0], cuerpo.lineas[0]],
      },
      'empleado',
    );
    expect(repetido.json().errors).toContain(
      'lineas[1].articuloId: Artículo repetido: MAR-200-073',
    );
    expect((await t.api.delete(`/api/albaranes/${ae1._id}`, 'empleado')).statusCode).toBe(409);
    expect((await t.api.delete(`/api/albaranes/${b._id}`, 'empleado')).statusCode).toBe(204);
    const hist = await t.api.get(`/api/albaranes/${ae1._id}/historial`, 'empleado');
    expect(hist.json().data.length).toBeGreaterThanOrEqual(3);
  });

  test('escenario 11 (alquiler): scoping by empresa; list, export and PDF', async () => {
    for (const as of ['transportes', 'alquileres', 'arquitecto'] as const)
      expect((await t.api.get('/api/albaranes', as)).statusCode).toBe(403);
    const ae1 = ids['AE1'] as Albaran;
    expect((await t.api.get(`/api/albaranes/${ae1._id}`, 'transportes')).statusCode).toBe(404);
    // A rental id through the transport path is no transport albarán.
    expect((await t.api.get(`/api/albaranes/transporte/${ae1._id}`, 'admin')).statusCode).toBe(404);
    expect((await t.api.get('/api/albaranes/no-es-un-id', 'empleado')).statusCode).toBe(404);
    const lista = await t.api.get('/api/albaranes?searchTerm=ae2026-00001', 'empleado');
    expect(lista.json().data.map((a: { numero: string }) => a.numero)).toEqual(['AE2026-00001']);
    const csv = await t.api.get('/api/albaranes/export?tipo=entrega', 'empleado');
    // §10: streamed in batches of one snapshot, so no length is known before the last one.
    expect(csv.headers['content-length']).toBeUndefined();
    expect(
      csv.body.startsWith(
        '\uFEFFNúmero;Tipo;Fecha;Hora;Estado;Cliente;NIF cliente;Alquiler;Obra;Unidades;Firmado por;DNI firmante;Fecha firma;Referencia',
      ),
    ).toBe(true);
    const pdf = await t.api.get(`/api/albaranes/${ae1._id}/pdf`, 'empleado');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  test('§5/§6 list filters: desde, hasta, clienteId, alquilerId and firmado narrow the list and its total', async () => {
    const tubo = await nuevoComponente(t, { codigo: 'TUB-FILTROS', stockInicial: 100 });
    const clienteId = await t.crearCliente('Reformas Son Vida, S.L.');
    const otro = await crearAlquiler(t, [lineaAndamio(tubo._id, 30)], { clienteId });
    const emitida = dataOf<Albaran>(await entrega(10, '2026-03-05T08:30:00+01:00', {}, otro, tubo));
    const firmada = dataOf<Albaran>(await entrega(10, '2026-03-10T08:30:00+01:00', {}, otro, tubo));
    const firma = await t.api.post(
      `/api/albaranes/${firmada._id}/firma`,
      { version: firmada.version, nombre: 'Joan Ferrer Mas', dni: '43111222E', imagen: firmaPng() },
      'empleado',
    );
    expect(firma.statusCode, firma.body).toBe(200);
    const borrador = await entrega(
      5,
      '2026-03-12T08:30:00+01:00',
      { accion: 'guardar' },
      otro,
      tubo,
    );
    expect(borrador.statusCode, borrador.body).toBe(201);

    const lista = async (q: string) => {
      const r = await t.api.get(`/api/albaranes?sort=fecha&${q}`, 'empleado');
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json<{ data: { numero: string | null }[]; meta: { total: number } }>();
      expect(body.meta.total).toBe(body.data.length);
      return body.data.map((a) => a.numero ?? 'borrador');
    };
    expect(await lista(`clienteId=${clienteId}`)).toEqual([
      emitida.numero,
      firmada.numero,
      'borrador',
    ]);
    expect(await lista(`alquilerId=${otro._id}`)).toEqual([
      emitida.numero,
      firmada.numero,
      'borrador',
    ]);
    expect(await lista(`clienteId=${clienteId}&desde=2026-03-06&hasta=2026-03-11`)).toEqual([
      firmada.numero,
    ]);
    expect(await lista(`alquilerId=${otro._id}&hasta=2026-03-05`)).toEqual([emitida.numero]);
    // "Pendientes de firma": emitted and unsigned (a borrador cannot be signed yet).
    expect(await lista(`clienteId=${clienteId}&firmado=false`)).toEqual([emitida.numero]);
    expect(await lista(`clienteId=${clienteId}&firmado=true`)).toEqual([firmada.numero]);
    expect(await lista(`alquilerId=${alquiler._id}&clienteId=${clienteId}`)).toEqual([]);
    const todos = await lista('limit=100&desde=2026-03-05&hasta=2026-03-05');
    expect(todos).toContain(emitida.numero);
    expect(todos).not.toContain(firmada.numero);
    const csv = await t.api.get(
      `/api/albaranes/export?clienteId=${clienteId}&firmado=false`,
      'empleado',
    );
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    for (const malo of ['desde=05/03/2026', 'clienteId=no-es-un-id', 'alquilerId=123'])
      expect((await t.api.get(`/api/albaranes?${malo}`, 'empleado')).statusCode, malo).toBe(400);
  });

  test("§2.1/§5 Obra: the albarán keeps the address it is sent, else its alquiler's; detail, list and PDF show it", async () => {
    const tubo = await nuevoComponente(t, { codigo: 'TUB-OBRA', stockInicial: 50 });
    const a = await crearAlquiler(t, [lineaAndamio(tubo._id, 10)]);
    const borrador = (extra: Record<string, unknown>) =>
      entrega(10, '2026-03-06T08:30:00+01:00', { accion: 'guardar', ...extra }, a, tubo);
    // Without one, the alquiler's (only its municipio here).
    const porDefecto = dataOf<Albaran & { direccionObra: Record<string, unknown> }>(
      await borrador({}),
    );
    expect(porDefecto.direccionObra).toMatchObject({
      municipioId: t.tree.municipioId,
      calleId: null,
    });

    const r = await borrador({ direccionObra: fullDireccion(t.tree), referenciaExterna: 'OBRA-1' });
    expect(r.statusCode, r.body).toBe(201);
    const ae = dataOf<Albaran & { direccionObra: Record<string, string | number | null> }>(r);
    expect(ae.direccionObra).toMatchObject({
      municipioId: t.tree.municipioId,
      calleId: t.tree.calleId,
      codigoPostalId: t.tree.codigoPostalId,
      altura: 12,
    });
    const calle = ae.direccionObra['calle'] as string;
    const municipio = ae.direccionObra['municipio'] as string;
    expect(calle).toBeTruthy();
    const leido = dataOf<{ direccionObra: { calle: string } }>(
      await t.api.get(`/api/albaranes/${ae._id}`, 'empleado'),
    );
    expect(leido.direccionObra.calle).toBe(calle);
    const lista = await t.api.get('/api/albaranes?searchTerm=OBRA-1', 'empleado');
    expect(lista.json<{ data: { obra: string }[] }>().data.map((x) => x.obra)).toEqual([municipio]);
    const pdf = await t.api.get(`/api/albaranes/${ae._id}/pdf`, 'empleado');
    const [pagina] = await pdfPages(pdf.rawPayload);
    expect(pagina).toContain(`${calle} 12`);

    // A PUT with the municipio only replaces it; the same validation as any address.
    const put = await t.api.put(
      `/api/albaranes/${ae._id}`,
      {
        version: ae.version,
        alquilerId: a._id,
        fechaHora: '2026-03-06T08:30:00+01:00',
        direccionObra: { ...direccionObra(t), altura: null },
        lineas: [{ clase: 'andamio', articuloId: tubo._id, cantidad: '10' }],
      },
      'empleado',
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(
      dataOf<{ direccionObra: { calleId: string | null } }>(put).direccionObra.calleId,
    ).toBeNull();
    // Historial: "Obra: antes → después".
    const historial = dataOf<{ cambios: { campo: string; anterior: unknown; nuevo: unknown }[] }[]>(
      await t.api.get(`/api/albaranes/${ae._id}/historial`, 'empleado'),
    );
    expect(historial.flatMap((h) => h.cambios).filter((c) => c.campo === 'obra')).toContainEqual({
      campo: 'obra',
      anterior: expect.stringContaining(`${calle} 12`) as string,
      nuevo: expect.not.stringContaining(calle) as string,
    });
    const sinMunicipio = await borrador({
      direccionObra: { paisId: t.tree.paisId, provinciaId: t.tree.provinciaId },
    });
    expect(sinMunicipio.statusCode).toBe(400);
    expect(sinMunicipio.json<{ errors: string[] }>().errors.join(' ')).toContain('direccionObra');
  });

  test('§5 Devoluciones of an entrega and Asignación "Pendiente tras la recogida"; an annulled recogida drops out', async () => {
    type Devolucion = {
      codigo: string;
      entregadas: number;
      devueltas: number;
      enObra: number;
      recogidas: { numero: string }[];
    };
    type Leido = Albaran & {
      devoluciones: Devolucion[];
      lineas: { asignaciones: { numero: string; cantidad: number; pendienteTras: number }[] }[];
    };
    const tubo = await nuevoComponente(t, { codigo: 'TUB-DEVOL', stockInicial: 200 });
    const a = await crearAlquiler(t, [lineaAndamio(tubo._id, 100)]);
    const e1 = dataOf<Albaran>(await entrega(60, '2026-03-03T08:30:00+01:00', {}, a, tubo));
    const e2 = dataOf<Albaran>(await entrega(40, '2026-03-05T08:30:00+01:00', {}, a, tubo));
    const recogida = async (correcto: number, fechaHora: string) => {
      const r = await t.api.post(
        '/api/albaranes',
        {
          accion: 'emitir',
          tipo: 'recogida',
          alquilerId: a._id,
          fechaHora,
          lineas: [
            { clase: 'andamio', articuloId: tubo._id, cantidad: String(correcto), correcto },
          ],
        },
        'empleado',
      );
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<Leido>(r);
    };
    const r1 = await recogida(70, '2026-03-20T16:00:00+01:00');
    const r2 = await recogida(20, '2026-03-25T16:00:00+01:00');
    const leer = async (id: string) =>
      dataOf<Leido>(await t.api.get(`/api/albaranes/${id}`, 'empleado'));
    const asignacion = (x: Leido) =>
      x.lineas[0]?.asignaciones.map((s) => [s.numero, s.cantidad, s.pendienteTras]);
    expect(asignacion(r1)).toEqual([
      [e1.numero, 60, 0],
      [e2.numero, 10, 30],
    ]);
    expect(asignacion(await leer(r2._id))).toEqual([[e2.numero, 20, 10]]);
    // Read again later, R1 still tells what it left on site.
    expect(asignacion(await leer(r1._id))).toEqual([
      [e1.numero, 60, 0],
      [e2.numero, 10, 30],
    ]);
    expect((await leer(e1._id)).devoluciones).toEqual([
      {
        articuloId: tubo._id,
        codigo: 'TUB-DEVOL',
        descripcion: expect.any(String) as string,
        entregadas: 60,
        devueltas: 60,
        enObra: 0,
        recogidas: [{ _id: r1._id, numero: r1.numero }],
      },
    ]);
    expect((await leer(e2._id)).devoluciones).toMatchObject([
      {
        entregadas: 40,
        devueltas: 30,
        enObra: 10,
        recogidas: [{ numero: r1.numero }, { numero: r2.numero }],
      },
    ]);
    const anulada = await t.api.post(
      `/api/albaranes/${r2._id}/anular`,
      { version: r2.version, motivo: 'Recuento repetido por error' },
      'empleado',
    );
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect((await leer(e2._id)).devoluciones).toMatchObject([
      { entregadas: 40, devueltas: 10, enObra: 30, recogidas: [{ numero: r1.numero }] },
    ]);
    // A recogida is no entrega, and a borrador has delivered nothing yet.
    expect(r1.devoluciones).toEqual([]);
    const otro = await crearAlquiler(t, [lineaAndamio(tubo._id, 5)]);
    const borrador = await entrega(
      5,
      '2026-03-26T08:30:00+01:00',
      { accion: 'guardar' },
      otro,
      tubo,
    );
    expect(borrador.statusCode, borrador.body).toBe(201);
    expect(dataOf<Leido>(borrador).devoluciones).toEqual([]);
  });

  test('two partial deliveries of one booked line (60, then 40); annulling the second books its 40 again', async () => {
    const tubo = await nuevoComponente(t, {
      codigo: 'TUB-PARCIAL',
      stockInicial: 300,
      precios: { dia: '0.0500', mes: '1.2000', reposicion: '20.0000' },
    });
    const a = await crearAlquiler(t, [lineaAndamio(tubo._id, 100)]);
    const primera = await entrega(60, '2026-03-03T08:00:00+01:00', {}, a, tubo);
    expect(primera.statusCode, primera.body).toBe(201);
    // The 40 still booked are delivered later: the first delivery did not use up the booking.
    const segunda = await entrega(40, '2026-03-05T08:00:00+01:00', {}, a, tubo);
    expect(segunda.statusCode, segunda.body).toBe(201);
    expect(await stock(tubo._id)).toMatchObject({ disponible: 200, alquilado: 100 });

    const ae = dataOf<Albaran>(segunda);
    const anulada = await t.api.post(
      `/api/albaranes/${ae._id}/anular`,
      { version: ae.version, motivo: 'Entrega registrada dos veces' },
      'admin',
    );
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await stock(tubo._id)).toMatchObject({ disponible: 240, alquilado: 60 });
    const otraVez = await entrega(40, '2026-03-06T08:00:00+01:00', {}, a, tubo);
    expect(otraVez.statusCode, otraVez.body).toBe(201);
    expect(await stock(tubo._id)).toMatchObject({ disponible: 200, alquilado: 100 });
  });
  test('R7: two partial recogidas on one day (morning and afternoon trucks) both return; the rest stays in obra', async () => {
    const husillo = await nuevoComponente(t, { codigo: 'HUS-MISMO-DIA', stockInicial: 50 });
    const a = await crearAlquiler(t, [lineaAndamio(husillo._id, 10)]);
    const e = await entrega(10, '2026-03-03T08:00:00+01:00', {}, a, husillo);
    expect(e.statusCode, e.body).toBe(201);
    const recogida = (cantidad: number, fechaHora: string) =>
      t.api.post(
        '/api/albaranes',
        {
          accion: 'emitir',
          tipo: 'recogida',
          alquilerId: a._id,
          fechaHora,
          lineas: [
            {
              clase: 'andamio',
              articuloId: husillo._id,
              cantidad: String(cantidad),
              correcto: cantidad,
            },
          ],
        },
        'empleado',
      );
    // The first leaves the other 7 booked from the next day; the second, the same day, once
    // failed with a 500 (a bloqueo ending before it started).
    const manana = await recogida(3, '2026-04-10T09:00:00+02:00');
    expect(manana.statusCode, manana.body).toBe(201);
    const tarde = await recogida(2, '2026-04-10T16:00:00+02:00');
    expect(tarde.statusCode, tarde.body).toBe(201);
    const s = dataOf<Saldo>(
      await t.api.get(`/api/albaranes/saldo?alquilerId=${a._id}`, 'empleado'),
    );
    expect(s[0]).toMatchObject({ codigo: 'HUS-MISMO-DIA', enObra: 5 });
    expect(await stock(husillo._id)).toMatchObject({ disponible: 45, alquilado: 5 });
  });
  test('§11.5 solicitar transporte: a pendiente AT of the entrega for Mallorca Transporta, linked both ways', async () => {
    const tubo = await nuevoComponente(t, { codigo: 'TUB-SOLICITUD', stockInicial: 100 });
    const a = await crearAlquiler(t, [lineaAndamio(tubo._id, 40)]);
    const ae = dataOf<Albaran>(await entrega(40, '2026-03-04T08:00:00+01:00', {}, a, tubo));
    const url = `/api/albaranes/${ae._id}/solicitar-transporte`;
    // Empleado may deliver but not write transport albaranes.
    expect((await t.api.post(url, { version: ae.version }, 'empleado')).statusCode).toBe(403);

    const emisor = await t.api.put('/api/facturas/emisores/alquileres', {
      razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
      nif: 'B07654320',
      direccion: { ...fullDireccion(t.tree), planta: null, local: null, observacion: null },
      iban: 'ES60 0081 0573 8800 0123 4567',
      version: 0,
    });
    expect(emisor.statusCode, emisor.body).toBe(200);
    const sinCliente = await t.api.post(url, { version: ae.version }, 'admin');
    expect(sinCliente.statusCode, sinCliente.body).toBe(409);
    expect(sinCliente.json<{ message: string }>().message).toBe(
      'Da de alta a Alquiler de Maquinaria Mallorca, S.L. como cliente de Transportes para solicitar el transporte',
    );
    const cliente = await t.api.post('/api/clientes', {
      nombre: 'Alquiler de Maquinaria Mallorca, S.L.',
      documento: 'B07654320',
      empresa: 'transporte',
    });
    expect(cliente.statusCode, cliente.body).toBe(201);

    const r = await t.api.post(url, { version: ae.version }, 'admin');
    expect(r.statusCode, r.body).toBe(201);
    const at = dataOf<{
      _id: string;
      numero: string;
      estado: string;
      fechaCarga: string;
      cliente: { documento: string };
      mercancia: { descripcion: string; pesoKg: number; pesoEstimado: boolean };
      origenDocumento: { numero: string };
    }>(r);
    expect(at).toMatchObject({
      estado: 'pendiente',
      fechaCarga: '2026-03-04',
      cliente: { documento: 'B07654320' },
      mercancia: {
        descripcion: `Material de alquiler según albarán ${ae.numero}`,
        pesoKg: 740,
        pesoEstimado: false,
      },
      origenDocumento: { numero: ae.numero },
    });
    const leido = dataOf<Albaran & { transporte: { numero: string } | null }>(
      await t.api.get(`/api/albaranes/${ae._id}`),
    );
    expect(leido.transporte?.numero).toBe(at.numero);
    const otra = await t.api.post(url, { version: leido.version }, 'admin');
    expect(otra.statusCode).toBe(409);
    expect(otra.json<{ message: string }>().message).toBe(
      `Ya se ha solicitado el transporte de este albarán: ${at.numero}.`,
    );
  });
  test('R8: an entrega dated in an invoiced period cannot be annulled through its route (409 naming the invoice)', async () => {
    // The alquileres emisor was set by the §11.5 test above.
    const tubo = await nuevoComponente(t, { codigo: 'TUB-FACTURADO', stockInicial: 50 });
    const c = await t.api.post('/api/clientes', {
      nombre: 'Hotel Son Net, S.L.',
      documento: 'B07345671',
      empresa: 'alquileres',
      direccion: fullDireccion(t.tree),
    });
    expect(c.statusCode, c.body).toBe(201);
    const a = await crearAlquiler(t, [lineaAndamio(tubo._id, 10)], {
      clienteId: dataOf<{ _id: string }>(c)._id,
    });
    const ae = dataOf<Albaran>(await entrega(10, '2026-03-03T08:30:00+01:00', {}, a, tubo));
    const propuesta = await t.api.post(
      '/api/facturas/desde-alquileres',
      { hasta: '2026-03-31', alquilerIds: [a._id] },
      'admin',
    );
    expect(propuesta.statusCode, propuesta.body).toBe(201);
    const [facturaId] = dataOf<string[]>(propuesta);
    const borrador = dataOf<{ version: number }>(
      await t.api.get(`/api/facturas/${facturaId}`, 'admin'),
    );
    const emitida = await t.api.post(
      `/api/facturas/${facturaId}/emitir`,
      { version: borrador.version },
      'admin',
    );
    expect(emitida.statusCode, emitida.body).toBe(200);
    const factura = dataOf<{ numero: string }>(emitida).numero;
    const r = await t.api.post(
      `/api/albaranes/${ae._id}/anular`,
      { version: ae.version, motivo: 'Entrega registrada por error' },
      'admin',
    );
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(
      `El albarán afecta a un periodo ya facturado (${factura}). Rectifica la factura primero.`,
    );
    const leido = dataOf<Albaran>(await t.api.get(`/api/albaranes/${ae._id}`, 'empleado'));
    expect(leido.estado).toBe('emitido');
    expect(await stock(tubo._id)).toMatchObject({ disponible: 40, alquilado: 10 });
  });
  test('§10: list totals come from the trigger-kept counters and match a count of the table', async () => {
    const contar = async (estado?: string) => {
      const r = (await t.database.db.execute(
        sql`select count(*)::int as n from albaranes where clase = 'alquiler'
              and (${estado ?? null}::text is null or estado = ${estado ?? null})`,
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]?.n;
    };
    const total = async (q: string) =>
      (await t.api.get(`/api/albaranes?limit=1${q}`, 'empleado')).json<{
        meta: { total: number };
      }>().meta.total;
    // Inserts, emissions, signatures, annulments and a deleted draft happened above.
    expect(await contar()).toBeGreaterThan(5);
    expect(await total('')).toBe(await contar());
    for (const estado of ['borrador', 'emitido', 'firmado', 'anulado'])
      expect(await total(`&estado=${estado}`), estado).toBe(await contar(estado));
    // "Pendientes de firma" of a rental albarán is its estado emitido: counted the same.
    expect(await total('&firmado=false')).toBe(await contar('emitido'));
    expect(await total('&firmado=false&estado=firmado')).toBe(0);
    const entregas = (await t.database.db.execute(
      sql`select count(*)::int as n from albaranes where clase = 'alquiler' and tipo = 'entrega'`,
    )) as unknown as { rows: { n: number }[] };
    expect(await total('&tipo=entrega')).toBe(entregas.rows[0]?.n);
  });
});
