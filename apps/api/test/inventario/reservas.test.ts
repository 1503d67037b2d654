import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  articulos,
  comprobarDisponibilidad,
  ConflictoError,
  registrarDevolucion,
  registrarEntrega,
  reservar,
  revertirAlbaran,
  sustituirReservas,
  liberarReservas,
  ocupacion,
} from '../../src/modules/inventario/index.js';
import type { OrigenReserva, RecursoReserva } from '../../src/modules/inventario/index.js';
import { createInventarioTest, dataOf, type InventarioTest } from './inventario-helpers.js';
import { crearComponente, crearMaquina, origen } from './inventario-fixtures.js';

// inventario.md §2.9, R4–R8, R12, §6.5: the availability ledger through the in-process service
// comercial and logística call; scenarios 4–8, 12 and 17.

let t: InventarioTest;
beforeAll(async () => {
  t = await createInventarioTest('2026-03-01');
});
afterAll(async () => {
  await t?.close();
});

const enTx = <T>(
  fn: (
    tx: Parameters<Parameters<InventarioTest['database']['db']['transaction']>[0]>[0],
  ) => Promise<T>,
) => t.database.db.transaction(fn);

/** reservar in its own transaction: 'ok' or the 409's message. */
const intentar = async (o: OrigenReserva, recursos: RecursoReserva[], hoy = '2026-03-01') => {
  try {
    await enTx((tx) => reservar(tx, { origen: o, recursos, hoy }));
    return 'ok';
  } catch (error) {
    const e = error as { statusCode?: number; message: string; errors?: string[] };
    if (e.statusCode !== 409) throw error;
    return e.message;
  }
};

/** A machine's bloqueos as stored: [numero, desde, hasta, enCurso], by start. */
const bloqueosDe = async (maquinaId: string) => {
  const result = (await t.database.db.execute(
    sql`select numero, desde::text as desde, hasta::text as hasta, en_curso from inventario_bloqueos
        where maquina_id = ${maquinaId} and estado = 'activo' order by desde`,
  )) as unknown as { rows: { numero: string; desde: string; hasta: string; en_curso: boolean }[] };
  return result.rows.map((r) => [r.numero, r.desde, r.hasta, r.en_curso]);
};

const linea = (recurso: Partial<RecursoReserva>, desde: string, hasta: string): RecursoReserva => ({
  lineaId: 'l1',
  cantidad: 1,
  desde,
  hasta,
  ...recurso,
});

describe('serial machines (R4, R6)', () => {
  test('scenario 4: the day after a booking is free without preparation; with 1 day of preparation the next day is not', async () => {
    const mex = await crearMaquina(t, { numeroSerie: 'R4-MEX' });
    const ptj = await crearMaquina(t, {
      tipo: 'plataforma_tijera',
      marca: 'Genie',
      modelo: 'GS-1932',
      numeroSerie: 'R4-PTJ',
      diasPreparacion: 1,
    });
    const a12 = origen('A2026-00012');
    expect(await intentar(a12, [linea({ maquinaId: mex._id }, '2026-03-10', '2026-03-20')])).toBe(
      'ok',
    );
    expect(
      await intentar(origen('A2026-00013'), [
        linea({ maquinaId: mex._id }, '2026-03-20', '2026-03-25'),
      ]),
    ).toBe('MEX-001 está reservada del 10/03/2026 al 20/03/2026 (A2026-00012)');
    expect(
      await intentar(origen('A2026-00014'), [
        linea({ maquinaId: mex._id }, '2026-03-21', '2026-03-25'),
      ]),
    ).toBe('ok');

    expect(
      await intentar(a12, [
        linea({ lineaId: 'l2', maquinaId: ptj._id }, '2026-03-10', '2026-03-20'),
      ]),
    ).toBe('ok');
    expect(
      await intentar(origen('A2026-00015'), [
        linea({ maquinaId: ptj._id }, '2026-03-21', '2026-03-25'),
      ]),
    ).toBe(
      'PTJ-001 está reservada del 10/03/2026 al 20/03/2026 (A2026-00012) y necesita 1 día de preparación',
    );
    expect(
      await intentar(origen('A2026-00016'), [
        linea({ maquinaId: ptj._id }, '2026-03-22', '2026-03-25'),
      ]),
    ).toBe('ok');

    // The picker and the list say the same.
    const picker = await t.api.get(
      `/api/inventario/maquinas/opciones?tipo=miniexcavadora&desde=2026-03-15&hasta=2026-03-16`,
      'alquileres',
    );
    expect(picker.statusCode).toBe(200);
    expect(picker.json<{ data: { codigoInterno: string; libre: boolean }[] }>().data).toEqual([
      expect.objectContaining({ codigoInterno: 'MEX-001', libre: false }),
    ]);
    // With dates the picker reads only the columns it shows: each machine as the list answers it
    // (no bajas, by código), its avisos from the availability answer.
    const campos = (m: Record<string, unknown>) => {
      const { _id, codigoInterno, tipo, marca, modelo, estado, tarifas, pesoKg, diasPreparacion } =
        m;
      return { _id, codigoInterno, tipo, marca, modelo, estado, tarifas, pesoKg, diasPreparacion };
    };
    const conFechas = await t.api.get(
      '/api/inventario/maquinas/opciones?desde=2026-03-15&hasta=2026-03-16&limit=50',
      'alquileres',
    );
    const lista = await t.api.get('/api/maquinaria?limit=100&sort=codigoInterno');
    const opciones = conFechas.json<{ data: Record<string, unknown>[] }>().data;
    expect(opciones.map(campos)).toEqual(
      lista
        .json<{ data: Record<string, unknown>[] }>()
        .data.filter((m) => m.estado !== 'baja')
        .map(campos),
    );
    expect(opciones.find((m) => m.codigoInterno === 'MEX-001')).toMatchObject({
      libre: false,
      conflictos: [expect.objectContaining({ numero: 'A2026-00012' })],
    });
    const libres = await t.api.get(
      '/api/maquinaria?libreDesde=2026-03-26&libreHasta=2026-03-30&tipo=miniexcavadora',
    );
    expect(
      libres.json<{ data: { codigoInterno: string }[] }>().data.map((m) => m.codigoInterno),
    ).toEqual(['MEX-001']);
    // The page carries the match set's total; a page past the end still counts it.
    expect(libres.json<{ meta: { total: number } }>().meta.total).toBe(1);
    const pasada = await t.api.get(
      '/api/maquinaria?libreDesde=2026-03-26&libreHasta=2026-03-30&tipo=miniexcavadora&page=2',
    );
    expect(pasada.json<{ data: unknown[]; meta: { total: number } }>()).toMatchObject({
      data: [],
      meta: { total: 1 },
    });
    const ocupada = await t.api.get(
      `/api/maquinaria/${mex._id}/ocupacion?desde=2026-03-01&hasta=2026-03-31`,
    );
    expect(
      ocupada.json<{ data: { numero: string; desde: string; hasta: string }[] }>().data,
    ).toEqual([
      expect.objectContaining({ numero: 'A2026-00012', desde: '2026-03-10', hasta: '2026-03-20' }),
      expect.objectContaining({ numero: 'A2026-00014', desde: '2026-03-21', hasta: '2026-03-25' }),
    ]);
    const detalle = dataOf<{ proximaReserva: { numero: string } }>(
      await t.api.get(`/api/maquinaria/${mex._id}`),
    );
    expect(detalle.proximaReserva).toMatchObject({ numero: 'A2026-00012' });
  });

  // Issue 15 asks for twenty (scenario 5 says ten): twenty transactions through inventario's own
  // `reservar`, each for days overlapping all the others (10–12/04 is in every range).
  test('issue 15 race (scenario 5 with twenty): twenty concurrent reservations of one machine for overlapping days: exactly one succeeds, nineteen get 409, one active bloqueo remains', async () => {
    const mex2 = await crearMaquina(t, { numeroSerie: 'R5-MEX' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        intentar(origen(`A2026-001${String(i).padStart(2, '0')}`), [
          linea({ maquinaId: mex2._id }, `2026-04-0${1 + (i % 9)}`, `2026-04-${12 + (i % 5)}`),
        ]),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(
      results.filter((r) => r.startsWith(`${mex2.codigoInterno} está reservada del`)),
    ).toHaveLength(19);
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from inventario_bloqueos where maquina_id = ${mex2._id} and estado = 'activo'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(1);
  });

  test('the database itself refuses two exclusive bookings of one machine on one day (23P01)', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'EXCL-1' });
    const insert = (numero: string) =>
      t.database.db.execute(
        sql`insert into inventario_bloqueos (maquina_id, desde, hasta, origen_tipo, origen_id, numero)
            values (${m._id}, '2026-05-01', '2026-05-05', 'alquiler', ${numero}, ${numero})`,
      );
    await insert('X1');
    await expect(insert('X2')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
  });

  test('sustituirReservas excludes the origin’s own bookings; liberarReservas frees them', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'SUST-1' });
    const o = origen('A2026-00200');
    expect(await intentar(o, [linea({ maquinaId: m._id }, '2026-06-01', '2026-06-10')])).toBe('ok');
    await enTx((tx) =>
      sustituirReservas(tx, {
        origen: o,
        recursos: [linea({ maquinaId: m._id }, '2026-06-05', '2026-06-15')],
        hoy: '2026-03-01',
      }),
    );
    expect(
      await intentar(origen('A2026-00201'), [
        linea({ maquinaId: m._id }, '2026-06-01', '2026-06-04'),
      ]),
    ).toBe('ok');
    await enTx((tx) => liberarReservas(tx, { origen: o }));
    expect(
      await intentar(origen('A2026-00202'), [
        linea({ maquinaId: m._id }, '2026-06-05', '2026-06-15'),
      ]),
    ).toBe('ok');
    const feed = await enTx((tx) =>
      ocupacion(tx, {
        clase: 'maquina',
        desde: '2026-06-01',
        hasta: '2026-06-30',
        q: 'SUST-1',
        page: 1,
        limit: 10,
        hoy: '2026-03-01',
      }),
    );
    expect(feed.data[0]?.bloqueos.map((b) => b.numero)).toEqual(['A2026-00201', 'A2026-00202']);
  });

  test('scenario 12: baja refused while rented or booked; a free machine leaves the default list; reservar on it → "está dada de baja"', async () => {
    const m = await crearMaquina(t, {
      tipo: 'dumper',
      marca: 'Ausa',
      modelo: 'D601',
      numeroSerie: 'BAJA-1',
    });
    const o = origen('A2026-00300');
    expect(await intentar(o, [linea({ maquinaId: m._id }, '2026-03-01', '2026-03-05')])).toBe('ok');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: o,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-1', numero: 'AE2026-00001' },
        maquinas: [{ maquinaId: m._id }],
        hoy: '2026-03-01',
      }),
    );
    const rented = await t.api.post(`/api/maquinaria/${m._id}/baja`, {
      fecha: '2026-03-01',
      motivo: 'venta',
      version: 1,
    });
    expect(rented.statusCode).toBe(409);
    expect(rented.json()).toEqual({ message: 'No se puede dar de baja una máquina alquilada' });
    await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: o,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-2', numero: 'AR2026-00001' },
        maquinas: [{ maquinaId: m._id, horometro: '5.0' }],
        hoy: '2026-03-01',
      }),
    );
    expect(
      await intentar(origen('A2026-00301'), [
        linea({ maquinaId: m._id }, '2026-03-08', '2026-03-12'),
      ]),
    ).toBe('ok');
    const booked = await t.api.post(`/api/maquinaria/${m._id}/baja`, {
      fecha: '2026-03-01',
      motivo: 'venta',
      version: 1,
    });
    expect(booked.json()).toEqual({
      message: 'La máquina tiene reservas futuras: A2026-00301 (08/03/2026–12/03/2026)',
    });

    const free = await crearMaquina(t, {
      tipo: 'dumper',
      marca: 'Ausa',
      modelo: 'D601',
      numeroSerie: 'BAJA-2',
    });
    const ok = await t.api.post(`/api/maquinaria/${free._id}/baja`, {
      fecha: '2026-03-01',
      motivo: 'venta',
      detalle: 'Vendida a un cliente',
      version: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf(ok)).toMatchObject({
      estado: 'baja',
      baja: { fecha: '2026-03-01', motivo: 'venta' },
    });
    const list = (q: string) =>
      t.api
        .get(`/api/maquinaria?tipo=dumper${q}`)
        .then((r) => r.json<{ data: { numeroSerie: string }[] }>().data.map((d) => d.numeroSerie));
    expect(await list('')).toEqual(['BAJA-1']);
    expect(await list('&estado=baja')).toEqual(['BAJA-2']);
    expect(
      await intentar(origen('A2026-00302'), [
        linea({ maquinaId: free._id }, '2026-03-20', '2026-03-22'),
      ]),
    ).toBe('DUM-002 está dada de baja');
    const back = await t.api.post(`/api/maquinaria/${free._id}/reactivar`, {
      motivo: 'Venta cancelada',
      version: 2,
    });
    expect(dataOf(back)).toMatchObject({ estado: 'disponible', baja: null });
  });

  test('R4 late return: a machine back after its next booking began is received, its booking ends before that one, and the return warns', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'TARDE-1' });
    const a = origen('A2026-00350');
    const b = origen('A2026-00351');
    expect(await intentar(a, [linea({ maquinaId: m._id }, '2026-03-01', '2026-03-05')])).toBe('ok');
    expect(await intentar(b, [linea({ maquinaId: m._id }, '2026-03-08', '2026-03-12')])).toBe('ok');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: a,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-t1', numero: 'AE2026-00350' },
        maquinas: [{ maquinaId: m._id }],
        hoy: '2026-03-01',
      }),
    );
    const devolucion = await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-03-09',
        albaran: { _id: 'alb-t2', numero: 'AR2026-00350' },
        maquinas: [{ maquinaId: m._id, horometro: '12.0' }],
        hoy: '2026-03-09',
      }),
    );
    expect(devolucion.avisos).toEqual([
      `${m.codigoInterno} vuelve el 09/03/2026 y no llega a tiempo para A2026-00351, que empieza el 08/03/2026: revisa las fechas de esa reserva.`,
    ]);
    expect(await bloqueosDe(m._id)).toEqual([
      ['A2026-00350', '2026-03-01', '2026-03-07', false],
      ['A2026-00351', '2026-03-08', '2026-03-12', false],
    ]);
  });

  test('R4 a return after the booked day that reaches no other booking ends the booking on the return day, without a warning', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'TARDE-2' });
    const a = origen('A2026-00352');
    expect(await intentar(a, [linea({ maquinaId: m._id }, '2026-03-01', '2026-03-05')])).toBe('ok');
    expect(
      await intentar(origen('A2026-00353'), [
        linea({ maquinaId: m._id }, '2026-03-20', '2026-03-22'),
      ]),
    ).toBe('ok');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: a,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-t3', numero: 'AE2026-00352' },
        maquinas: [{ maquinaId: m._id }],
        hoy: '2026-03-01',
      }),
    );
    const devolucion = await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-03-09',
        albaran: { _id: 'alb-t4', numero: 'AR2026-00352' },
        maquinas: [{ maquinaId: m._id, horometro: '3.0' }],
        hoy: '2026-03-09',
      }),
    );
    expect(devolucion.avisos).toEqual([]);
    expect(await bloqueosDe(m._id)).toEqual([
      ['A2026-00352', '2026-03-01', '2026-03-09', false],
      ['A2026-00353', '2026-03-20', '2026-03-22', false],
    ]);
  });

  test('Ocupación: a rental returned today is finalizado (its dates read as a booking to come), a booking ahead is not, and annulling the return puts it back en obra', async () => {
    t.setHoy('2026-03-03');
    const m = await crearMaquina(t, { numeroSerie: 'DEV-HOY' });
    const a = origen('A2026-00354');
    expect(await intentar(a, [linea({ maquinaId: m._id }, '2026-03-01', '2026-03-05')])).toBe('ok');
    expect(
      await intentar(origen('A2026-00355'), [
        linea({ maquinaId: m._id }, '2026-03-20', '2026-03-22'),
      ]),
    ).toBe('ok');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: a,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-h1', numero: 'AE2026-00354' },
        maquinas: [{ maquinaId: m._id }],
        hoy: '2026-03-01',
      }),
    );
    const recogida = { _id: 'alb-h2', numero: 'AR2026-00354' };
    await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-03-03',
        albaran: recogida,
        maquinas: [{ maquinaId: m._id, horometro: '4.0' }],
        hoy: '2026-03-03',
      }),
    );
    const ocupacionHoy = async () =>
      dataOf<{ numero: string; hasta: string; enCurso: boolean; finalizado: boolean }[]>(
        await t.api.get(`/api/maquinaria/${m._id}/ocupacion?desde=2026-03-01&hasta=2026-03-31`),
      ).map(({ numero, hasta, enCurso, finalizado }) => ({ numero, hasta, enCurso, finalizado }));
    expect(await ocupacionHoy()).toEqual([
      { numero: 'A2026-00354', hasta: '2026-03-03', enCurso: false, finalizado: true },
      { numero: 'A2026-00355', hasta: '2026-03-22', enCurso: false, finalizado: false },
    ]);
    await enTx((tx) => revertirAlbaran(tx, { albaran: recogida, fecha: '2026-03-03' }));
    expect(await ocupacionHoy()).toEqual([
      { numero: 'A2026-00354', hasta: '2026-03-05', enCurso: true, finalizado: false },
      { numero: 'A2026-00355', hasta: '2026-03-22', enCurso: false, finalizado: false },
    ]);
    t.setHoy('2026-03-01');
  });

  test('scenario 17: delivery refused with an expired ITV, which the avisos show', async () => {
    const mtl = await crearMaquina(t, {
      tipo: 'manipulador_telescopico',
      marca: 'Manitou',
      modelo: 'MT 625',
      numeroSerie: 'MTL-ITV',
      matricula: 'E1234BCD',
      fechaMatriculacion: '2020-05-01',
      requiereItv: true,
    });
    await t.database.db.execute(
      sql`insert into maquina_documentos (maquina_id, tipo, fecha_caducidad) values (${mtl._id}, 'itv', '2026-02-28')`,
    );
    const o = origen('A2026-00400');
    expect(await intentar(o, [linea({ maquinaId: mtl._id }, '2026-03-01', '2026-03-05')])).toBe(
      'ok',
    );
    await expect(
      enTx((tx) =>
        registrarEntrega(tx, {
          origen: o,
          fecha: '2026-03-01',
          albaran: { _id: 'alb-3', numero: 'AE2026-00002' },
          maquinas: [{ maquinaId: mtl._id }],
          hoy: '2026-03-01',
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'No se puede entregar MTL-001: ITV caducada el 28/02/2026',
    });
    const avisos = dataOf<{ avisos: { mensaje: string }[] }>(
      await t.api.get(`/api/maquinaria/${mtl._id}`),
    ).avisos;
    expect(avisos.map((a) => a.mensaje)).toContain('ITV caducada el 28/02/2026');
  });
  test('R12: delivery refused with an expired policy on a machine with matrícula, and for a machine that is not disponible', async () => {
    const dumper = await crearMaquina(t, {
      tipo: 'dumper',
      marca: 'Ausa',
      modelo: 'D350',
      numeroSerie: 'R12-SEG',
      matricula: 'E5678BCD',
      fechaMatriculacion: '2021-02-01',
    });
    await t.database.db.execute(
      sql`insert into maquina_documentos (maquina_id, tipo, fecha_caducidad) values (${dumper._id}, 'seguro', '2026-02-28')`,
    );
    const o = origen('A2026-00410');
    const taller = await crearMaquina(t, { numeroSerie: 'R12-TALLER' });
    expect(
      await intentar(o, [
        linea({ lineaId: 's1', maquinaId: dumper._id }, '2026-03-01', '2026-03-05'),
        linea({ lineaId: 's2', maquinaId: taller._id }, '2026-03-01', '2026-03-05'),
      ]),
    ).toBe('ok');
    const entregar = (maquinaId: string) =>
      enTx((tx) =>
        registrarEntrega(tx, {
          origen: o,
          fecha: '2026-03-01',
          albaran: { _id: 'alb-r12', numero: 'AE2026-00410' },
          maquinas: [{ maquinaId }],
          hoy: '2026-03-01',
        }),
      );
    await expect(entregar(dumper._id)).rejects.toMatchObject({
      statusCode: 409,
      message: `No se puede entregar ${dumper.codigoInterno}: seguro caducado el 28/02/2026`,
    });
    const averia = await t.api.post(`/api/maquinaria/${taller._id}/mantenimientos`, {
      tipo: 'reparacion',
      descripcion: 'Rotura del cazo',
      urgente: true,
    });
    expect(averia.statusCode, averia.body).toBe(201);
    await expect(entregar(taller._id)).rejects.toMatchObject({
      statusCode: 409,
      message: `La máquina ${taller.codigoInterno} no está disponible (estado: en taller)`,
    });
    expect(await bloqueosDe(taller._id)).toEqual([
      ['A2026-00410', '2026-03-01', '2026-03-05', false],
      [expect.any(String), '2026-03-01', null, true],
    ]);
  });
});

describe('scaffolding quantities (R5–R8)', () => {
  let mar: { _id: string };
  const a = origen('A2026-00500');
  const disponibilidad = async (fecha: string) =>
    dataOf<{ dias: { libres: number }[]; reservas: { numero: string; vencido: boolean }[] }>(
      await t.api.get(
        `/api/inventario/componentes/${mar._id}/disponibilidad?desde=${fecha}&hasta=${fecha}`,
        'alquileres',
      ),
    );

  test('scenario 6: 700 + 300 fit, one more piece on 28/03 does not, 50 in April do', async () => {
    mar = await crearComponente(t, { stockInicial: 1020 });
    const repair = await t.api.post(`/api/andamios/${mar._id}/reparaciones`, {
      tipo: 'enviar',
      cantidad: 20,
      fecha: '2026-03-01',
    });
    expect(repair.statusCode, repair.body).toBe(201);
    expect(
      await intentar(a, [
        linea({ componenteId: mar._id, cantidad: 700 }, '2026-03-01', '2026-03-31'),
      ]),
    ).toBe('ok');
    expect(
      await intentar(origen('A2026-00501'), [
        linea({ componenteId: mar._id, cantidad: 300 }, '2026-03-25', '2026-04-05'),
      ]),
    ).toBe('ok');
    expect(
      await intentar(origen('A2026-00502'), [
        linea({ componenteId: mar._id, cantidad: 1 }, '2026-03-28', '2026-03-28'),
      ]),
    ).toBe('MAR-200-073: faltan 1 ud. el 28/03/2026 (disponibles 0 de 1 solicitadas)');
    // The picker reads the same least free count and day as the availability check.
    const opciones = await t.api.get(
      '/api/inventario/componentes/opciones?q=MAR-200-073&desde=2026-03-20&hasta=2026-04-10',
    );
    expect(opciones.statusCode, opciones.body).toBe(200);
    expect(dataOf<unknown[]>(opciones)).toEqual([
      expect.objectContaining({
        _id: mar._id,
        codigo: 'MAR-200-073',
        capacidad: 1000,
        libresMin: 0,
        fechaLimitante: '2026-03-25',
      }),
    ]);
    expect(
      await intentar(origen('A2026-00503'), [
        linea({ componenteId: mar._id, cantidad: 50 }, '2026-04-01', '2026-04-03'),
      ]),
    ).toBe('ok');
  });

  test('the picker counts two bookings of the same pieces on the same days twice', async () => {
    const rodapie = await crearComponente(t, { codigo: 'ROD-073', stockInicial: 100 });
    for (const numero of ['A2026-00510', 'A2026-00511'])
      expect(
        await intentar(origen(numero), [
          linea({ componenteId: rodapie._id, cantidad: 30 }, '2026-05-04', '2026-05-08'),
        ]),
      ).toBe('ok');
    const opciones = await t.api.get(
      '/api/inventario/componentes/opciones?q=ROD-073&desde=2026-05-01&hasta=2026-05-31',
    );
    expect(opciones.statusCode, opciones.body).toBe(200);
    expect(dataOf<unknown[]>(opciones)).toEqual([
      expect.objectContaining({ _id: rodapie._id, libresMin: 40, fechaLimitante: '2026-05-04' }),
    ]);
  });

  test('scenario 7: delivered, then 200 good, 10 damaged and 2 lost come back on 15/03', async () => {
    t.setHoy('2026-03-01');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: a,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-10', numero: 'AE2026-00010' },
        componentes: [{ componenteId: mar._id, cantidad: 700 }],
        hoy: '2026-03-01',
      }),
    );
    expect(
      dataOf<{ stock: Record<string, number> }>(await t.api.get(`/api/andamios/${mar._id}`)).stock,
    ).toMatchObject({ disponible: 300, alquilado: 700 });
    t.setHoy('2026-03-15');
    const { faltas } = await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-03-15',
        albaran: { _id: 'alb-11', numero: 'AR2026-00010' },
        componentes: [{ componenteId: mar._id, correcto: 200, danado: 10, falta: 2 }],
        hoy: '2026-03-15',
      }),
    );
    expect(faltas).toEqual([{ componenteId: mar._id, cantidad: 2, importe: '124.00' }]);
    expect(
      dataOf<{ stock: Record<string, number> }>(await t.api.get(`/api/andamios/${mar._id}`)).stock,
    ).toMatchObject({
      disponible: 500,
      alquilado: 488,
      enReparacion: 30,
      baja: 2,
    });
    expect((await disponibilidad('2026-03-20')).dias[0]?.libres).toBe(500);
    expect((await disponibilidad('2026-03-28')).dias[0]?.libres).toBe(200);
  });

  test('scenario 8: the 488 still out after their day block every later day until they come back', async () => {
    t.setHoy('2026-04-03');
    const before = await disponibilidad('2026-04-10');
    expect(before.dias[0]?.libres).toBe(500);
    expect(before.reservas).toContainEqual(
      expect.objectContaining({ numero: 'A2026-00500', vencido: true }),
    );
    await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-04-03',
        albaran: { _id: 'alb-12', numero: 'AR2026-00011' },
        componentes: [{ componenteId: mar._id, correcto: 488, danado: 0, falta: 0 }],
        hoy: '2026-04-03',
      }),
    );
    expect((await disponibilidad('2026-04-10')).dias[0]?.libres).toBe(988);
    const more = enTx((tx) =>
      registrarDevolucion(tx, {
        origen: a,
        fecha: '2026-04-03',
        albaran: { _id: 'alb-13', numero: 'AR2026-00012' },
        componentes: [{ componenteId: mar._id, correcto: 1, danado: 0, falta: 0 }],
        hoy: '2026-04-03',
      }),
    );
    await expect(more).rejects.toMatchObject({
      statusCode: 409,
      message: 'Stock insuficiente en MAR-200-073: en obra 0, solicitadas 1',
    });
    t.setHoy('2026-03-01');
  });
});

describe('R6 overbooking shown by the list, and the movement pages', () => {
  test('R6: pieces sent to repair after a booking leave the component short from the booking day; the list and its filter say so', async () => {
    t.setHoy('2026-03-01');
    const husillo = await crearComponente(t, {
      codigo: 'R6-HUS-040',
      nombre: 'Husillo regulable 0,40 m',
      stockInicial: 10,
    });
    expect(
      await intentar(origen('A2026-00601'), [
        linea({ componenteId: husillo._id, cantidad: 8 }, '2026-04-10', '2026-04-20'),
      ]),
    ).toBe('ok');
    const antes = await t.api.get('/api/andamios?searchTerm=R6-HUS');
    expect(dataOf<{ sobrerreserva: unknown }[]>(antes)[0]?.sobrerreserva).toBeNull();

    const repair = await t.api.post(`/api/andamios/${husillo._id}/reparaciones`, {
      tipo: 'enviar',
      cantidad: 5,
      fecha: '2026-03-01',
    });
    expect(repair.statusCode, repair.body).toBe(201);
    const despues = await t.api.get('/api/andamios?searchTerm=R6-HUS');
    expect(dataOf<{ sobrerreserva: unknown }[]>(despues)[0]?.sobrerreserva).toEqual({
      fecha: '2026-04-10',
      faltan: 3,
    });
    const filtrados = await t.api.get('/api/andamios?sobrerreserva=true&limit=100');
    expect(dataOf<{ codigo: string }[]>(filtrados).map((c) => c.codigo)).toContain('R6-HUS-040');
    const detalle = await t.api.get(`/api/andamios/${husillo._id}`);
    expect(dataOf(detalle)).toMatchObject({ sobrerreserva: { fecha: '2026-04-10', faltan: 3 } });
  });

  test('movements come newest first and each page holds the next ones, none repeated', async () => {
    t.setHoy('2026-03-01');
    const puntal = await crearComponente(t, { codigo: 'MOV-PUN-300', stockInicial: 30 });
    t.setHoy('2026-03-10');
    for (let i = 0; i < 4; i += 1) {
      const sent = await t.api.post(`/api/andamios/${puntal._id}/reparaciones`, {
        tipo: 'enviar',
        cantidad: i + 1,
        fecha: `2026-03-0${i + 2}`,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const pagina = async (page: number) =>
      dataOf<{ cantidad: number; fecha: string }[]>(
        await t.api.get(`/api/andamios/${puntal._id}/movimientos?page=${page}&limit=2`),
      ).map((m) => `${m.fecha}:${m.cantidad}`);
    expect([...(await pagina(1)), ...(await pagina(2)), ...(await pagina(3))]).toEqual([
      '2026-03-05:4',
      '2026-03-04:3',
      '2026-03-03:2',
      '2026-03-02:1',
      '2026-03-01:30',
    ]);
  });
});

// §6.5 functions with tests of their own (issue 15): what comercial and logística read back.
describe('§6.5 service functions', () => {
  const a = origen('A2026-00700');
  let m1: { _id: string; codigoInterno: string };
  let m2: { _id: string; codigoInterno: string };
  let baja: { _id: string; codigoInterno: string };
  let c: { _id: string; codigo: string };

  test('comprobarDisponibilidad: machine and component lines, each with its own dates, typed conflicts, the lines of one resource seeing each other, the weight; it informs and never throws', async () => {
    t.setHoy('2026-03-01');
    m1 = await crearMaquina(t, { numeroSerie: 'DISP-1' });
    m2 = await crearMaquina(t, { numeroSerie: 'DISP-2', diasPreparacion: 2 });
    baja = await crearMaquina(t, { numeroSerie: 'DISP-3' });
    const dada = await t.api.post(`/api/maquinaria/${baja._id}/baja`, {
      fecha: '2026-03-01',
      motivo: 'desguace',
      version: 1,
    });
    expect(dada.statusCode, dada.body).toBe(200);
    c = await crearComponente(t, { codigo: 'DISP-MAR', stockInicial: 100 });
    expect(
      await intentar(a, [
        linea({ lineaId: 'a1', maquinaId: m1._id }, '2026-07-01', '2026-07-10'),
        linea({ lineaId: 'a2', maquinaId: m2._id }, '2026-07-01', '2026-07-05'),
        linea({ lineaId: 'a3', componenteId: c._id, cantidad: 60 }, '2026-07-01', '2026-07-10'),
      ]),
    ).toBe('ok');

    const recursos = [
      linea({ lineaId: 'x0', maquinaId: m1._id }, '2026-07-05', '2026-07-06'),
      linea({ lineaId: 'x1', maquinaId: m1._id }, '2026-07-11', '2026-07-12'),
      linea({ lineaId: 'x2', maquinaId: m2._id }, '2026-07-07', '2026-07-09'),
      linea({ lineaId: 'x3', maquinaId: baja._id }, '2026-07-07', '2026-07-09'),
      linea({ lineaId: 'x4', componenteId: c._id, cantidad: 50 }, '2026-07-08', '2026-07-12'),
      // Sees line 4's 50 pieces, not A's (ended on the 10th).
      linea({ lineaId: 'x5', componenteId: c._id, cantidad: 40 }, '2026-07-11', '2026-07-12'),
    ];
    const respuesta = await enTx((tx) =>
      comprobarDisponibilidad(tx, { recursos, hoy: '2026-03-01' }),
    );
    expect(respuesta.ok).toBe(false);
    // Four machine lines of 1.680,0 kg and 90 pieces of 18,500 kg.
    expect(respuesta.pesoTotalKg).toBe('8385.0');
    expect(
      respuesta.lineas.map((l) => ({
        indice: l.indice,
        codigo: l.codigo,
        ok: l.ok,
        libresMin: l.libresMin,
        fechaLimitante: l.fechaLimitante,
        conflictos: l.conflictos.map((x) => [x.tipo, x.numero]),
      })),
    ).toEqual([
      {
        indice: 0,
        codigo: m1.codigoInterno,
        ok: false,
        libresMin: 0,
        fechaLimitante: '2026-07-05',
        conflictos: [['alquiler', 'A2026-00700']],
      },
      {
        indice: 1,
        codigo: m1.codigoInterno,
        ok: true,
        libresMin: 1,
        fechaLimitante: '2026-07-11',
        conflictos: [],
      },
      {
        indice: 2,
        codigo: m2.codigoInterno,
        ok: false,
        libresMin: 0,
        fechaLimitante: '2026-07-07',
        conflictos: [['preparacion', 'A2026-00700']],
      },
      {
        indice: 3,
        codigo: baja.codigoInterno,
        ok: false,
        libresMin: 0,
        fechaLimitante: '2026-07-07',
        conflictos: [['baja', '']],
      },
      {
        indice: 4,
        codigo: 'DISP-MAR',
        ok: false,
        libresMin: 40,
        fechaLimitante: '2026-07-08',
        conflictos: [],
      },
      {
        indice: 5,
        codigo: 'DISP-MAR',
        ok: true,
        libresMin: 50,
        fechaLimitante: '2026-07-11',
        conflictos: [],
      },
    ]);
    expect(respuesta.lineas.map((l) => l.mensaje)).toEqual([
      `${m1.codigoInterno} está reservada del 01/07/2026 al 10/07/2026 (A2026-00700)`,
      null,
      `${m2.codigoInterno} está reservada del 01/07/2026 al 05/07/2026 (A2026-00700) y necesita 2 días de preparación`,
      `${baja.codigoInterno} está dada de baja`,
      'DISP-MAR: faltan 10 uds. el 08/07/2026 (disponibles 40 de 50 solicitadas)',
      null,
    ]);

    // The origin's own bookings left out (comercial editing a rental): everything fits.
    const propia = await enTx((tx) =>
      comprobarDisponibilidad(tx, {
        recursos: [recursos[0]!, recursos[2]!, recursos[4]!],
        excluirOrigenId: a.id,
        hoy: '2026-03-01',
      }),
    );
    expect(propia.ok).toBe(true);
    expect(propia.lineas.map((l) => l.libresMin)).toEqual([1, 1, 100]);
  });

  test('comprobarDisponibilidad: pieces still out after their day are a `vencido` conflict that holds them from hoy on', async () => {
    const d = origen('A2026-00701');
    const vc = await crearComponente(t, { codigo: 'DISP-VEN', stockInicial: 50 });
    expect(
      await intentar(d, [
        linea({ componenteId: vc._id, cantidad: 20 }, '2026-03-01', '2026-03-05'),
      ]),
    ).toBe('ok');
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: d,
        fecha: '2026-03-01',
        albaran: { _id: 'alb-ven-1', numero: 'AE2026-00701' },
        componentes: [{ componenteId: vc._id, cantidad: 20 }],
        hoy: '2026-03-01',
      }),
    );
    const respuesta = await enTx((tx) =>
      comprobarDisponibilidad(tx, {
        recursos: [linea({ componenteId: vc._id, cantidad: 40 }, '2026-03-20', '2026-03-22')],
        hoy: '2026-03-10',
      }),
    );
    expect(respuesta.lineas[0]).toMatchObject({
      ok: false,
      libresMin: 30,
      fechaLimitante: '2026-03-20',
      mensaje: 'DISP-VEN: faltan 10 uds. el 20/03/2026 (disponibles 30 de 40 solicitadas)',
      conflictos: [
        { tipo: 'vencido', numero: 'A2026-00701', desde: '2026-03-01', hasta: '2026-03-05' },
      ],
    });
  });

  test('ConflictoError: reservar refuses the whole request naming each failing line as lineas[i].maquinaId / lineas[i].cantidad, with its lineaId, and writes nothing', async () => {
    const libre = await crearMaquina(t, { numeroSerie: 'DISP-4' });
    const error = await enTx((tx) =>
      reservar(tx, {
        origen: origen('A2026-00702'),
        recursos: [
          linea({ lineaId: 'l-libre', maquinaId: libre._id }, '2026-07-01', '2026-07-03'),
          linea({ lineaId: 'l-ocupada', maquinaId: m1._id }, '2026-07-02', '2026-07-03'),
          linea(
            { lineaId: 'l-corta', componenteId: c._id, cantidad: 41 },
            '2026-07-02',
            '2026-07-02',
          ),
        ],
        hoy: '2026-03-01',
      }),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictoError);
    const conflicto = error as ConflictoError;
    expect(conflicto.statusCode).toBe(409);
    expect(conflicto.message).toBe(
      `${m1.codigoInterno} está reservada del 01/07/2026 al 10/07/2026 (A2026-00700)`,
    );
    expect(conflicto.errors).toEqual([
      `lineas[1].maquinaId: ${m1.codigoInterno} está reservada del 01/07/2026 al 10/07/2026 (A2026-00700)`,
      'lineas[2].cantidad: DISP-MAR: faltan 1 ud. el 02/07/2026 (disponibles 40 de 41 solicitadas)',
    ]);
    expect(conflicto.conflictos).toEqual([
      expect.objectContaining({ indice: 1, lineaId: 'l-ocupada', tipo: 'alquiler' }),
      expect.objectContaining({ indice: 2, lineaId: 'l-corta', tipo: 'stock' }),
    ]);
    expect(await bloqueosDe(libre._id)).toEqual([]);
  });

  test('ocupacion for scaffolding: per component its capacity, the day by day reservado / libres and the bookings of the period', async () => {
    const feed = await enTx((tx) =>
      ocupacion(tx, {
        clase: 'andamio',
        desde: '2026-07-09',
        hasta: '2026-07-11',
        q: 'DISP-MAR',
        page: 1,
        limit: 10,
        hoy: '2026-03-01',
      }),
    );
    expect(feed.meta).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(feed.data).toEqual([
      {
        componente: expect.objectContaining({
          _id: c._id,
          codigo: 'DISP-MAR',
          nombre: 'Marco 2,00 × 0,73 m',
          categoria: 'marco',
        }),
        capacidad: 100,
        dias: [
          { fecha: '2026-07-09', reservado: 60, libres: 40 },
          { fecha: '2026-07-10', reservado: 60, libres: 40 },
          { fecha: '2026-07-11', reservado: 0, libres: 100 },
        ],
        bloqueos: [
          expect.objectContaining({
            origenTipo: 'alquiler',
            origenId: a.id,
            numero: 'A2026-00700',
            cantidad: 60,
            desde: '2026-07-01',
            hasta: '2026-07-10',
            enCurso: false,
            vencido: false,
          }),
        ],
      },
    ]);
  });

  test('articulos: machines, components and templates by search, class or id, with what logística prints', async () => {
    const concepto = await t.api.post('/api/conceptos', {
      codigo: 'ART-TRA',
      nombre: 'Transporte ida — Palma',
      tipo: 'transporte',
      unidad: 'viaje',
      precio: '85.00',
      tipoIva: 21,
    });
    expect(concepto.statusCode, concepto.body).toBe(201);
    const maquina = await crearMaquina(t, { numeroSerie: 'ART-1', codigoInterno: 'ART-MEX' });
    const componente = await crearComponente(t, { codigo: 'ART-MAR', stockInicial: 75 });
    const todos = await enTx((tx) => articulos(tx, { q: 'art-' }));
    expect(todos).toEqual([
      expect.objectContaining({
        clase: 'maquina',
        _id: maquina._id,
        codigo: 'ART-MEX',
        descripcion: 'Kubota U17-3α',
        activo: true,
        estado: 'disponible',
        pesoKg: '1680.0',
      }),
      expect.objectContaining({
        clase: 'andamio',
        _id: componente._id,
        codigo: 'ART-MAR',
        descripcion: 'Marco 2,00 × 0,73 m',
        activo: true,
        pesoKg: '18.500',
        stock: { disponible: 75, alquilado: 0, enReparacion: 0, baja: 0, vendido: 0 },
        precios: { reposicion: '62.0000' },
      }),
      expect.objectContaining({
        clase: 'concepto',
        codigo: 'ART-TRA',
        descripcion: 'Transporte ida — Palma',
        activo: true,
        precio: '85.0000',
        tipoIva: 21,
      }),
    ]);
    expect(
      (await enTx((tx) => articulos(tx, { q: 'ART-', clases: ['andamio'] }))).map((x) => x.codigo),
    ).toEqual(['ART-MAR']);
    expect(
      (await enTx((tx) => articulos(tx, { ids: [maquina._id, baja._id] }))).map((x) => [
        x.codigo,
        x.activo,
        x.estado,
      ]),
    ).toEqual([
      ['ART-MEX', true, 'disponible'],
      [baja.codigoInterno, false, 'baja'],
    ]);
  });

  test('revertirAlbaran: annulling a return, then its delivery, restores the readings, the machine state, the open maintenance, the stock and the bloqueos as they were', async () => {
    const o = origen('A2026-00703');
    const m = await crearMaquina(t, { numeroSerie: 'REV-1', horometroInicial: '100.0' });
    const comp = await crearComponente(t, { codigo: 'REV-MAR', stockInicial: 100 });
    expect(
      await intentar(o, [
        linea({ lineaId: 'r1', maquinaId: m._id }, '2026-05-01', '2026-05-10'),
        linea({ lineaId: 'r2', componenteId: comp._id, cantidad: 30 }, '2026-05-01', '2026-05-10'),
      ]),
    ).toBe('ok');
    const entrega = { _id: 'alb-rev-e', numero: 'AE2026-00703' };
    const recogida = { _id: 'alb-rev-r', numero: 'AR2026-00703' };
    await enTx((tx) =>
      registrarEntrega(tx, {
        origen: o,
        fecha: '2026-05-01',
        albaran: entrega,
        maquinas: [{ maquinaId: m._id, horometro: '110.0' }],
        componentes: [{ componenteId: comp._id, cantidad: 30 }],
        hoy: '2026-05-01',
      }),
    );
    await enTx((tx) =>
      registrarDevolucion(tx, {
        origen: o,
        fecha: '2026-05-04',
        albaran: recogida,
        maquinas: [{ maquinaId: m._id, horometro: '150.0', incidencia: 'Manguera del brazo rota' }],
        componentes: [{ componenteId: comp._id, correcto: 25, danado: 5, falta: 0 }],
        hoy: '2026-05-04',
      }),
    );
    type M = {
      estado: string;
      horometro: string;
      horasAcumuladas: string;
      mantenimientoAbierto: unknown;
    };
    const maquina = async () => {
      const r = dataOf<M>(await t.api.get(`/api/maquinaria/${m._id}`));
      return [r.estado, r.horometro, r.horasAcumuladas, r.mantenimientoAbierto !== null];
    };
    const stock = async () =>
      dataOf<{ stock: Record<string, number> }>(await t.api.get(`/api/andamios/${comp._id}`)).stock;
    const lecturas = async () =>
      dataOf<{ lectura: string; origen: string }[]>(
        await t.api.get(`/api/maquinaria/${m._id}/horometro`),
      ).map((l) => `${l.origen}:${l.lectura}`);
    expect(await maquina()).toEqual(['en_taller', '150.0', '150.0', true]);
    expect(await bloqueosDe(m._id)).toEqual([
      ['A2026-00703', '2026-05-01', '2026-05-04', false],
      [expect.any(String), '2026-05-04', null, true],
    ]);
    expect(await stock()).toMatchObject({ disponible: 95, alquilado: 0, enReparacion: 5 });

    await enTx((tx) => revertirAlbaran(tx, { albaran: recogida, fecha: '2026-05-05' }));
    expect(await maquina()).toEqual(['alquilada', '110.0', '110.0', false]);
    expect(await bloqueosDe(m._id)).toEqual([['A2026-00703', '2026-05-01', '2026-05-10', true]]);
    expect(await stock()).toMatchObject({ disponible: 70, alquilado: 30, enReparacion: 0 });
    const mantenimientos = dataOf<{ estado: string }[]>(
      await t.api.get(`/api/maquinaria/${m._id}/mantenimientos`),
    );
    expect(mantenimientos.map((x) => x.estado)).toEqual(['cancelado']);

    await enTx((tx) => revertirAlbaran(tx, { albaran: entrega, fecha: '2026-05-05' }));
    expect(await maquina()).toEqual(['disponible', '100.0', '100.0', false]);
    expect(await bloqueosDe(m._id)).toEqual([['A2026-00703', '2026-05-01', '2026-05-10', false]]);
    expect(await stock()).toMatchObject({ disponible: 100, alquilado: 0, enReparacion: 0 });
    expect(await lecturas()).toEqual(['manual:100.0']);
  });
});
