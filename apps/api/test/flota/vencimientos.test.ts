import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Camion, VencimientoItem } from '@tvsistema/domain/flota';
import {
  crearCamion,
  createFlotaTest,
  dataOf,
  leerCamion,
  SEGURO,
  type FlotaTest,
} from './flota-helpers.js';

// flota-obras.md §9 part A: due dates (9), the odometer (7) and km-based maintenance (8).

let t: FlotaTest;
beforeAll(async () => {
  t = await createFlotaTest('2026-11-22');
});
afterAll(async () => {
  await t?.close();
});

const LEJOS = '2027-06-30';

describe('vencimientos and kilometraje', () => {
  test('scenario 9: /vencimientos?dias=30 lists exactly B ITV, A tacógrafo, A seguro; the list filter counts 2', async () => {
    t.setHoy('2026-11-22');
    const a = await crearCamion(t, {
      matricula: '1111BBB',
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      itvProximaInicial: LEJOS,
      seguro: { ...SEGURO, vencimiento: '2026-12-15' },
      tacografo: { tipo: 'digital', ultimaRevision: '2024-11-30', ultimaDescarga: '2026-11-20' },
      autorizacion: { tipo: 'MDP', numero: '12345678', visadoHasta: '2027-09-30' },
    });
    const b = await crearCamion(t, {
      matricula: '2222BBB',
      itvProximaInicial: '2026-11-15',
      seguro: { ...SEGURO, vencimiento: LEJOS },
    });
    await crearCamion(t, { matricula: '3333BBB', itvProximaInicial: LEJOS });

    const respuesta = await t.api.get('/api/camiones/vencimientos?dias=30', 'transportes');
    expect(respuesta.statusCode).toBe(200);
    const { data, meta } = respuesta.json<{ data: VencimientoItem[]; meta: unknown }>();
    expect(data.map((v) => [v.etiqueta, v.concepto, v.diasRestantes, v.estado])).toEqual([
      ['2222 BBB', 'ITV', -7, 'vencido'],
      ['1111 BBB', 'Revisión del tacógrafo', 8, 'proximo'],
      ['1111 BBB', 'Seguro', 23, 'proximo'],
    ]);
    expect(meta).toEqual({ total: 3, vencidos: 1, proximos: 2, dias: 30 });

    const lista = await t.api.get('/api/camiones?vencimientos=30');
    expect(lista.json<{ meta: { total: number } }>().meta.total).toBe(2);
    expect((await leerCamion(t, b._id)).motivosNoApto).toEqual([
      'ITV caducada desde el 15/11/2026',
    ]);
    expect((await leerCamion(t, a._id)).apto).toBe(true);
    const sinFiltro = await t.api.get('/api/camiones');
    expect(sinFiltro.json<{ meta: { total: number } }>().meta.total).toBe(3);

    // §6 CSV of the filtered list: BOM, ";", CRLF, the design's columns.
    const csv = await t.api.get('/api/camiones/export?vencimientos=30', 'transportes');
    expect(csv.statusCode).toBe(200);
    const [cabecera, ...filas] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(cabecera).toBe(
      'Matrícula;Bastidor;Tipo;Marca;Modelo;MMA (kg);Tara (kg);Primera matriculación;Estado;Conductor habitual;Km;Próxima ITV;Aseguradora;Vencimiento seguro;Próxima revisión tacógrafo;Visado autorización',
    );
    expect(filas.map((f) => f.split(';')[0])).toEqual(['1111 BBB', '2222 BBB']);
    expect(filas[0]).toContain(';30/11/2026;30/09/2027');
  });

  test('scenario 7: a reading fits between its neighbours; a jump over 1.500 km/day is confirmed', async () => {
    t.setHoy('2026-03-12');
    const camion = await crearCamion(t, {
      matricula: '7777BBB',
      fechaAlta: '2026-03-01',
      kmIniciales: 120_000,
      itvProximaInicial: LEJOS,
    });
    const url = `/api/camiones/${camion._id}/kilometraje`;
    expect((await t.api.post(url, { fecha: '2026-03-10', km: 121_500 })).statusCode).toBe(201);

    const supera = await t.api.post(url, { fecha: '2026-03-05', km: 122_000 });
    expect(supera.statusCode).toBe(409);
    expect(supera.json()).toEqual({
      message:
        'El kilometraje (122.000 km) supera la lectura posterior del 10/03/2026 (121.500 km)',
      errors: [
        'km: El kilometraje (122.000 km) supera la lectura posterior del 10/03/2026 (121.500 km)',
      ],
    });
    const inferior = await t.api.post(url, { fecha: '2026-03-12', km: 121_400 });
    expect(inferior.statusCode).toBe(409);
    expect(inferior.json<{ message: string }>().message).toBe(
      'El kilometraje (121.400 km) es inferior a la lectura del 10/03/2026 (121.500 km)',
    );
    const salto = await t.api.post(url, { fecha: '2026-03-12', km: 131_000 });
    expect(salto.statusCode).toBe(409);
    expect(salto.json<{ message: string }>().message).toBe(
      'Aumento de kilometraje inusual: 9.500 km en 2 días. Revisa la lectura o confírmala.',
    );
    expect(
      (await t.api.post(url, { fecha: '2026-03-12', km: 131_000, confirmada: true }, 'empleado'))
        .statusCode,
    ).toBe(403);
    const confirmada = await t.api.post(
      url,
      { fecha: '2026-03-12', km: 131_000, confirmada: true },
      'transportes',
    );
    expect(confirmada.statusCode).toBe(201);
    expect(confirmada.json<{ camion: Camion }>().camion).toMatchObject({
      kmActual: 131_000,
      kmFecha: '2026-03-12',
    });
    const mismoDia = await t.api.post(url, { fecha: '2026-03-12', km: 133_000 });
    expect(mismoDia.json<{ message: string }>().message).toBe(
      'Aumento de kilometraje inusual: 2.000 km en el mismo día. Revisa la lectura o confírmala.',
    );
    const lecturas = await t.api.get(url, 'operaciones');
    expect(lecturas.json<{ data: { km: number }[] }>().data.map((l) => l.km)).toEqual([
      131_000, 121_500, 120_000,
    ]);

    const remolque = await crearCamion(t, {
      matricula: 'R7731BCF',
      tipo: 'semirremolque',
      mmaKg: 36_000,
      taraKg: 9800,
    });
    const sinCuenta = await t.api.post(`/api/camiones/${remolque._id}/kilometraje`, {
      fecha: '2026-03-12',
      km: 10,
    });
    expect(sinCuenta.statusCode).toBe(400);
    expect(sinCuenta.json<{ errors: string[] }>().errors).toEqual([
      'km: Los remolques no tienen cuentakilómetros',
    ]);
  });

  test('scenario 8: a km-based revisión is próxima with 1.200 km left and an estimated date at 90 km/day', async () => {
    t.setHoy('2026-01-20');
    const camion = await crearCamion(t, {
      matricula: '8888BBB',
      fechaAlta: '2026-01-01',
      kmIniciales: 115_000,
      itvProximaInicial: LEJOS,
    });
    const revision = await t.api.post(`/api/camiones/${camion._id}/mantenimientos`, {
      fecha: '2026-01-15',
      km: 118_000,
      tipo: 'revision',
      coste: '310.00',
      proximoKm: 148_000,
    });
    expect(revision.statusCode).toBe(201);
    expect(dataOf(revision)).toMatchObject({ taller: 'Taller propio', coste: '310.00' });
    t.setHoy('2026-11-22');
    const url = `/api/camiones/${camion._id}/kilometraje`;
    expect((await t.api.post(url, { fecha: '2026-08-22', km: 138_700 })).statusCode).toBe(201);
    expect((await t.api.post(url, { fecha: '2026-11-20', km: 146_800 })).statusCode).toBe(201);

    const { data } = (await t.api.get('/api/camiones/vencimientos')).json<{
      data: VencimientoItem[];
    }>();
    expect(data.filter((v) => v.refId === camion._id)).toEqual([
      expect.objectContaining({
        tipo: 'mantenimiento',
        concepto: 'Revisión periódica',
        kmRestantes: 1200,
        estado: 'proximo',
        fechaEstimada: '2026-12-04',
      }),
    ]);
    const lista = await t.api.get(`/api/camiones/${camion._id}/mantenimientos`);
    expect(lista.json()).toMatchObject({
      totales: { anio: 2026, costeAnio: '310.00' },
      meta: { total: 1 },
    });
  });
});
