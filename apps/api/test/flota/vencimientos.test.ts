import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Camion, VencimientoItem } from '@tvsistema/domain/flota';
import {
  camionBody,
  crearCamion,
  crearConductor,
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
    expect(meta).toEqual({
      page: 1,
      limit: 10,
      total: 3,
      totalPages: 1,
      vencidos: 1,
      proximos: 2,
      dias: 30,
      porTipo: {
        itv: 1,
        seguro: 1,
        autorizacion: 0,
        tacografo_revision: 1,
        tacografo_descarga: 0,
        mantenimiento: 0,
        documento: 0,
        permiso: 0,
        cap: 0,
        tarjeta_tacografo: 0,
      },
    });

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

  test("§6 /vencimientos by pages: most urgent first, the pages make up the whole window, ties on a day included; the counts are the window's", async () => {
    t.setHoy('2026-11-22');
    // Three vehicles and a driver due the same day, created out of label order, beside scenario
    // 9's three items.
    for (const matricula of ['6303GGG', '6301GGG', '6302GGG'])
      await crearCamion(t, { matricula, itvProximaInicial: '2026-12-05' });
    await crearConductor(t, {
      nombre: 'Bel',
      apellidos: 'Alemany Roig',
      documento: '43777888X',
      permisoVencimiento: '2026-12-05',
    });
    // More on that day than a page of 5, whose order needs Spanish collation at every level (ñ
    // after n, accents after case, case last), and a vehicle due twice that day (ITV and seguro:
    // one label, ordered by tipo). The database cuts these pages (stored keys, decision 0029).
    await crearCamion(t, {
      matricula: '6300GGG',
      itvProximaInicial: '2026-12-05',
      seguro: { ...SEGURO, vencimiento: '2026-12-05' },
    });
    const nif = (n: number) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
    const conductores: [string, string, string][] = [
      ['Ñaki', 'Peña', '2026-12-05'],
      ['Nora', 'Ortiz', '2026-12-05'],
      ['Ángel', 'Núñez', '2026-12-05'],
      ['angel', 'Nunez', '2026-12-05'],
      ['Óscar', 'Abad', '2026-12-05'],
      ['ángel', 'Núñez', '2026-12-05'],
      // A label the stored key does not know (Ł): its day is sorted by the API instead.
      ['Łucja', 'Nowak', '2026-12-06'],
      ['Lars', 'Olsen', '2026-12-06'],
      ['Zoe', 'Abad', '2026-12-06'],
    ];
    for (const [i, [nombre, apellidos, permisoVencimiento]] of conductores.entries())
      await crearConductor(t, {
        nombre,
        apellidos,
        documento: nif(43_800_000 + i),
        permisoVencimiento,
      });
    const url = '/api/camiones/vencimientos?dias=30';
    type Pagina = {
      data: VencimientoItem[];
      meta: {
        page: number;
        limit: number;
        total: number;
        totalPages: number;
        vencidos: number;
        proximos: number;
        porTipo: Record<string, number>;
      };
    };
    const pagina = async (query: string) =>
      (await t.api.get(`${url}${query}`, 'transportes')).json<Pagina>();
    const todo = await pagina('&limit=100');
    const clave = (v: VencimientoItem) => `${v.refId} ${v.tipo} ${v.concepto}`;
    expect(todo.data).toHaveLength(todo.meta.total);
    expect(todo.meta.total).toBeGreaterThanOrEqual(15);
    // §4.3's order: by day, then label.
    const dia = (v: VencimientoItem) => v.fecha ?? v.fechaEstimada ?? '9999-12-31';
    expect(todo.data.map(dia)).toEqual(todo.data.map(dia).toSorted());
    expect(
      todo.data.filter((v) => dia(v) === '2026-12-05').map((v) => `${v.etiqueta} ${v.tipo}`),
    ).toEqual([
      '6300 GGG itv',
      '6300 GGG seguro',
      '6301 GGG itv',
      '6302 GGG itv',
      '6303 GGG itv',
      'angel Nunez permiso',
      'ángel Núñez permiso',
      'Ángel Núñez permiso',
      'Bel Alemany Roig permiso',
      'Nora Ortiz permiso',
      'Ñaki Peña permiso',
      'Óscar Abad permiso',
    ]);
    expect(todo.data.filter((v) => dia(v) === '2026-12-06').map((v) => v.etiqueta)).toEqual([
      'Lars Olsen',
      'Łucja Nowak',
      'Zoe Abad',
    ]);
    // The counts are the window's: vencidos and próximos, and per tipo.
    expect(todo.meta.vencidos).toBe(todo.data.filter((v) => v.estado === 'vencido').length);
    expect(todo.meta.proximos).toBe(todo.data.filter((v) => v.estado === 'proximo').length);
    const porTipo: Record<string, number> = {};
    for (const v of todo.data) porTipo[v.tipo] = (porTipo[v.tipo] ?? 0) + 1;
    expect(Object.fromEntries(Object.entries(todo.meta.porTipo).filter(([, n]) => n > 0))).toEqual(
      porTipo,
    );

    // Pages of 1, 2, 5 and 7 make up the same list, whatever day their ends fall on.
    for (const limit of [1, 2, 5, 7]) {
      const primera = await pagina(`&limit=${limit}`);
      expect(primera.meta).toMatchObject({
        page: 1,
        limit,
        total: todo.meta.total,
        totalPages: Math.ceil(todo.meta.total / limit),
        vencidos: todo.meta.vencidos,
        porTipo: todo.meta.porTipo,
      });
      const juntas = [...primera.data];
      for (let page = 2; page <= primera.meta.totalPages; page++)
        juntas.push(...(await pagina(`&limit=${limit}&page=${page}`)).data);
      expect(juntas.map(clave), `limit ${limit}`).toEqual(todo.data.map(clave));
    }
    // The default page is 10; past the end, no item but the counts.
    expect((await pagina('')).data.map(clave)).toEqual(todo.data.slice(0, 10).map(clave));
    const despues = await pagina('&limit=10&page=99');
    expect(despues.data).toEqual([]);
    expect(despues.meta.total).toBe(todo.meta.total);
    expect((await t.api.get(`${url}&limit=101`)).statusCode).toBe(400);
  });

  test('§10: the list\'s vencimientos=30, stored on the vehicle, follows every kind of write and "hoy"', async () => {
    t.setHoy('2026-11-22');
    const enFiltro = async (id: string) =>
      (await t.api.get('/api/camiones?vencimientos=30&estado=activo,en_taller,baja&limit=100'))
        .json<{ data: Camion[] }>()
        .data.some((c) => c._id === id);
    const version = async (id: string) => (await leerCamion(t, id)).version;

    // ITV: due in 20 days → in; a favourable inspection moves it a year on → out; deleted → in.
    const itv = await crearCamion(t, { matricula: '5101DDD', itvProximaInicial: '2026-12-12' });
    expect(await enFiltro(itv._id)).toBe(true);
    const inspeccion = await t.api.post(`/api/camiones/${itv._id}/itv`, {
      fecha: '2026-11-20',
      resultado: 'favorable',
    });
    expect(inspeccion.statusCode).toBe(201);
    expect(await enFiltro(itv._id)).toBe(false);
    const itvId = dataOf<{ _id: string }>(inspeccion)._id;
    expect((await t.api.delete(`/api/camiones/${itv._id}/itv/${itvId}`)).statusCode).toBe(204);
    expect(await enFiltro(itv._id)).toBe(true);

    // "hoy" is applied on read: 40 days away is out today and in 15 days later.
    const lejos = await crearCamion(t, { matricula: '5102DDD', itvProximaInicial: '2027-01-01' });
    expect(await enFiltro(lejos._id)).toBe(false);
    t.setHoy('2026-12-07');
    expect(await enFiltro(lejos._id)).toBe(true);
    t.setHoy('2026-11-22');

    // Seguro and tacógrafo (an edit): a policy ending in 10 days, then renewed; no policy at all;
    // a revision due in 5 days, moved on by a tacógrafo service.
    const edicion = await crearCamion(t, {
      matricula: '5103DDD',
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      itvProximaInicial: LEJOS,
      kmIniciales: 100_000,
      fechaAlta: '2026-11-01',
      tacografo: { tipo: 'analogico', ultimaRevision: '2025-01-10' },
    });
    expect(await enFiltro(edicion._id)).toBe(false);
    const editar = async (extra: Record<string, unknown>) => {
      const body = {
        ...camionBody({
          matricula: '5103DDD',
          bastidor: edicion.bastidor,
          tipo: 'tractora',
          mmaKg: 18_000,
          taraKg: 7450,
          fechaAlta: '2026-11-01',
          itvProximaInicial: LEJOS,
          tacografo: { tipo: 'analogico', ultimaRevision: '2025-01-10' },
        }),
        ...extra,
        version: await version(edicion._id),
      };
      const respuesta = await t.api.put(`/api/camiones/${edicion._id}`, body);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
    };
    await editar({ seguro: { ...SEGURO, vencimiento: '2026-12-02' } });
    expect(await enFiltro(edicion._id)).toBe(true);
    await editar({});
    expect(await enFiltro(edicion._id)).toBe(false);
    await editar({ seguro: null });
    expect(await enFiltro(edicion._id)).toBe(true);
    await editar({ tacografo: { tipo: 'analogico', ultimaRevision: '2024-11-27' } });
    expect(await enFiltro(edicion._id)).toBe(true);
    await editar({
      tacografo: { tipo: 'analogico', ultimaRevision: '2024-11-27' },
      seguro: SEGURO,
    });
    expect(await enFiltro(edicion._id)).toBe(true);
    const tacografo = await t.api.post(`/api/camiones/${edicion._id}/mantenimientos`, {
      fecha: '2026-11-20',
      km: 100_500,
      tipo: 'tacografo',
      coste: '90.00',
    });
    expect(tacografo.statusCode).toBe(201);
    expect(await enFiltro(edicion._id)).toBe(false);

    // Maintenance by date (create, edit, delete) and by km, moved by readings (create, delete).
    const taller = await crearCamion(t, {
      matricula: '5104DDD',
      itvProximaInicial: LEJOS,
      kmIniciales: 100_000,
      fechaAlta: '2026-11-01',
    });
    const mantenimientos = `/api/camiones/${taller._id}/mantenimientos`;
    const frenos = await t.api.post(mantenimientos, {
      fecha: '2026-11-10',
      km: 100_200,
      tipo: 'frenos',
      coste: '100.00',
      proximaFecha: '2026-12-10',
    });
    expect(frenos.statusCode).toBe(201);
    expect(await enFiltro(taller._id)).toBe(true);
    const frenosId = dataOf<{ _id: string }>(frenos)._id;
    const cambiada = await t.api.put(`${mantenimientos}/${frenosId}`, {
      fecha: '2026-11-10',
      km: 100_200,
      tipo: 'frenos',
      coste: '100.00',
      proximaFecha: '2027-05-10',
      version: 1,
    });
    expect(cambiada.statusCode, cambiada.body).toBe(200);
    expect(await enFiltro(taller._id)).toBe(false);
    expect((await t.api.delete(`${mantenimientos}/${frenosId}`)).statusCode).toBe(204);
    const revision = await t.api.post(mantenimientos, {
      fecha: '2026-11-12',
      km: 100_300,
      tipo: 'revision',
      coste: '300.00',
      proximoKm: 110_000,
    });
    expect(revision.statusCode).toBe(201);
    expect(await enFiltro(taller._id)).toBe(false);
    const lecturas = `/api/camiones/${taller._id}/kilometraje`;
    const lectura = await t.api.post(lecturas, { fecha: '2026-11-20', km: 108_600 });
    expect(lectura.statusCode).toBe(201);
    expect(await enFiltro(taller._id)).toBe(true);
    const lecturaId = dataOf<{ _id: string }>(lectura)._id;
    expect((await t.api.delete(`${lecturas}/${lecturaId}`)).statusCode).toBe(204);
    expect(await enFiltro(taller._id)).toBe(false);

    // A document with a vencimiento in the window, then deleted.
    const documentos = `/api/camiones/${taller._id}/archivos`;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const documento = await t.api.upload(
      documentos,
      { categoria: 'permiso_circulacion', vencimiento: '2026-12-01' },
      { nombre: 'permiso.pdf', contenido: pdf },
    );
    expect(documento.statusCode).toBe(201);
    expect(await enFiltro(taller._id)).toBe(true);
    const documentoId = dataOf<{ _id: string }>(documento)._id;
    expect((await t.api.delete(`${documentos}/${documentoId}`)).statusCode).toBe(204);
    expect(await enFiltro(taller._id)).toBe(false);

    // Baja: a due vehicle leaves the filter, and comes back on Reactivar.
    const baja = await t.api.post(`/api/camiones/${itv._id}/estado`, {
      accion: 'dar_baja',
      fecha: '2026-11-22',
      motivo: 'Venta',
      version: await version(itv._id),
    });
    expect(baja.statusCode).toBe(200);
    expect(await enFiltro(itv._id)).toBe(false);
    const reactivar = await t.api.post(`/api/camiones/${itv._id}/estado`, {
      accion: 'reactivar',
      fecha: '2026-11-22',
      version: await version(itv._id),
    });
    expect(reactivar.statusCode).toBe(200);
    expect(await enFiltro(itv._id)).toBe(true);
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

    const { data } = (await t.api.get('/api/camiones/vencimientos?limit=100')).json<{
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

  test("§4.4, §4.5: a reading that moves neither the latest one nor the 90-day window answers the vehicle as stored; one before the window's first moves the estimate", async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t, {
      matricula: '8889BBB',
      fechaAlta: '2026-01-01',
      kmIniciales: 100_000,
      itvProximaInicial: LEJOS,
    });
    const revision = await t.api.post(`/api/camiones/${camion._id}/mantenimientos`, {
      fecha: '2026-01-15',
      km: 100_500,
      tipo: 'revision',
      coste: '300.00',
      proximoKm: 122_000,
    });
    expect(revision.statusCode).toBe(201);
    const url = `/api/camiones/${camion._id}/kilometraje`;
    const estimada = (c: Camion) =>
      c.vencimientos.find((v) => v.tipo === 'mantenimiento')?.fechaEstimada;
    const leer = async (lectura: { fecha: string; km: number }) => {
      const respuesta = await t.api.post(url, lectura);
      expect(respuesta.statusCode, respuesta.body).toBe(201);
      const { data, camion: enRespuesta } = respuesta.json<{
        data: { fecha: string; km: number; origen: string; confirmada: boolean };
        camion: Camion;
      }>();
      expect(data).toMatchObject({ ...lectura, origen: 'manual', confirmada: false });
      // The answer is the vehicle as it reads afterwards, whichever way it was made.
      expect(enRespuesta).toEqual(await leerCamion(t, camion._id));
      return enRespuesta;
    };
    // 2,900 km in 29 days: 100 km/day, 1,100 km left → 11 days after 20/11.
    await leer({ fecha: '2026-10-22', km: 118_000 });
    expect(estimada(await leer({ fecha: '2026-11-20', km: 120_900 }))).toBe('2026-12-01');
    // The latest again, and one within the window: nothing changes.
    expect(estimada(await leer({ fecha: '2026-11-20', km: 120_900 }))).toBe('2026-12-01');
    expect(estimada(await leer({ fecha: '2026-11-01', km: 119_000 }))).toBe('2026-12-01');
    // Before the window's first reading (still within 90 days): 5,900 km in 60 days → 12 days.
    expect(estimada(await leer({ fecha: '2026-09-21', km: 115_000 }))).toBe('2026-12-02');
    // Before the 90 days: nothing changes; a later one moves kmActual.
    expect(estimada(await leer({ fecha: '2026-06-01', km: 110_000 }))).toBe('2026-12-02');
    expect(await leer({ fecha: '2026-11-21', km: 121_000 })).toMatchObject({
      kmActual: 121_000,
      kmFecha: '2026-11-21',
    });
  });

  const enLista = async (refId: string, query = '?dias=30&limit=100') =>
    (await t.api.get(`/api/camiones/vencimientos${query}`, 'transportes'))
      .json<{ data: VencimientoItem[] }>()
      .data.filter((v) => v.refId === refId)
      .map((v) => [v.concepto, v.fecha, v.estado]);

  test('§4.3: "Seguro no registrado", "Visado de la autorización" and the tachograph download are due items; a tacógrafo service moves the revision, never back', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t, {
      matricula: '4101CCC',
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      fechaAlta: '2026-09-01',
      itvProximaInicial: LEJOS,
      kmIniciales: 200_000,
      seguro: null,
      autorizacion: { tipo: 'MDP', numero: '12345678', visadoHasta: '2026-12-10' },
      tacografo: { tipo: 'digital', ultimaRevision: '2024-11-01' },
    });
    expect(camion.tacografo).toMatchObject({
      proximaRevision: '2026-11-01',
      // No download yet: 90 days from the fleet entry.
      proximaDescarga: '2026-11-30',
    });
    expect(camion.motivosNoApto).toEqual([
      'Sin seguro en vigor',
      'Revisión del tacógrafo caducada',
    ]);
    expect(await enLista(camion._id)).toEqual([
      ['Revisión del tacógrafo', '2026-11-01', 'vencido'],
      ['Descarga del tacógrafo', '2026-11-30', 'proximo'],
      ['Visado de la autorización', '2026-12-10', 'proximo'],
      ['Seguro no registrado', null, 'vencido'],
    ]);

    const url = `/api/camiones/${camion._id}/mantenimientos`;
    const revision = await t.api.post(url, {
      fecha: '2026-11-20',
      km: 201_000,
      tipo: 'tacografo',
      coste: '95.00',
    });
    expect(revision.statusCode).toBe(201);
    const tras = await leerCamion(t, camion._id);
    expect(tras.tacografo).toMatchObject({
      ultimaRevision: '2026-11-20',
      proximaRevision: '2028-11-20',
    });
    expect(tras.motivosNoApto).toEqual(['Sin seguro en vigor']);
    const anterior = await t.api.post(url, {
      fecha: '2026-10-15',
      km: 200_500,
      tipo: 'tacografo',
      coste: '0.00',
    });
    expect(anterior.statusCode).toBe(201);
    expect((await leerCamion(t, camion._id)).tacografo).toMatchObject({
      ultimaRevision: '2026-11-20',
    });

    // An analogue tachograph is not downloaded; a digital one counts from its last download.
    const analogico = await crearCamion(t, {
      matricula: '4102CCC',
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      itvProximaInicial: LEJOS,
      tacografo: { tipo: 'analogico', ultimaRevision: '2026-01-10' },
    });
    expect(analogico.tacografo).toMatchObject({ proximaDescarga: null });
    const descargado = await crearCamion(t, {
      matricula: '4103CCC',
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      itvProximaInicial: LEJOS,
      tacografo: {
        tipo: 'inteligente',
        ultimaRevision: '2026-01-10',
        ultimaDescarga: '2026-09-10',
      },
    });
    expect(await enLista(descargado._id)).toEqual([
      ['Descarga del tacógrafo', '2026-12-09', 'proximo'],
    ]);
  });

  test('§4.3: a driver\'s "Permiso de conducir" and "Tarjeta de tacógrafo" are due items', async () => {
    t.setHoy('2026-11-22');
    const catalina = await crearConductor(t, {
      nombre: 'Catalina',
      apellidos: 'Oliver Pons',
      documento: '43555666Z',
      clasesPermiso: ['B', 'C'],
      permisoVencimiento: '2026-12-01',
      capVencimiento: '2030-01-01',
      tarjetaTacografo: { numero: 'E0001234', vencimiento: '2026-11-01' },
    });
    const items = (await t.api.get('/api/camiones/vencimientos?dias=30&limit=100', 'transportes'))
      .json<{ data: VencimientoItem[] }>()
      .data.filter((v) => v.refId === catalina._id);
    expect(items.map((v) => [v.etiqueta, v.concepto, v.fecha, v.diasRestantes, v.estado])).toEqual([
      ['Catalina Oliver Pons', 'Tarjeta de tacógrafo', '2026-11-01', -21, 'vencido'],
      ['Catalina Oliver Pons', 'Permiso de conducir', '2026-12-01', 9, 'proximo'],
    ]);
  });

  test('§4.2, §4.7: "Exenta hasta", a negativa keeps the due date, and every motivo no apto in the design\'s order', async () => {
    t.setHoy('2026-11-22');
    const nueva = await crearCamion(t, {
      matricula: '4104CCC',
      tipo: 'furgoneta',
      mmaKg: 3500,
      taraKg: 2100,
      fechaPrimeraMatriculacion: '2026-06-15',
      fechaAlta: '2026-06-15',
      itvProximaInicial: undefined,
    });
    expect(nueva).toMatchObject({
      itvHasta: '2028-06-15',
      itv: { estado: 'exenta', texto: 'Exenta hasta 15/06/2028' },
      apto: true,
    });

    t.setHoy('2026-09-20');
    const camion = await crearCamion(t, {
      matricula: '4105CCC',
      itvProximaInicial: '2026-10-01',
      seguro: { ...SEGURO, vencimiento: '2026-11-01' },
      autorizacion: { tipo: 'MDP', numero: '12345678', visadoHasta: '2026-10-31' },
      tacografo: { tipo: 'digital', ultimaRevision: '2024-10-15', ultimaDescarga: '2026-09-01' },
    });
    const negativa = await t.api.post(`/api/camiones/${camion._id}/itv`, {
      fecha: '2026-09-20',
      resultado: 'negativa',
    });
    expect(negativa.statusCode).toBe(201);
    expect(negativa.json<{ camion: Camion }>().camion).toMatchObject({
      itvHasta: '2026-10-01',
      itv: { estado: 'negativa', texto: 'Negativa', plazoSubsanacion: '2026-11-20' },
      apto: false,
      motivosNoApto: ['ITV negativa: subsanar antes del 20/11/2026'],
    });

    t.setHoy('2026-11-22');
    const taller = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'enviar_taller',
      fecha: '2026-11-22',
      version: (await leerCamion(t, camion._id)).version,
    });
    expect(taller.statusCode).toBe(200);
    expect(dataOf<Camion>(taller)).toMatchObject({
      itv: { estado: 'caducada', texto: 'Caducada' },
      motivosNoApto: [
        'En taller',
        'ITV caducada desde el 01/10/2026',
        'ITV negativa: subsanar antes del 20/11/2026',
        'Sin seguro en vigor',
        'Revisión del tacógrafo caducada',
        'Autorización de transporte sin visar',
      ],
    });
  });

  test('§4.4: only manual readings are deleted; "en 1 día"; no estimated date with one reading', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t, {
      matricula: '4106CCC',
      fechaAlta: '2026-11-01',
      kmIniciales: 50_000,
      itvProximaInicial: LEJOS,
    });
    const url = `/api/camiones/${camion._id}/kilometraje`;
    const salto = await t.api.post(url, { fecha: '2026-11-02', km: 52_000 });
    expect(salto.statusCode).toBe(409);
    expect(salto.json<{ message: string }>().message).toBe(
      'Aumento de kilometraje inusual: 2.000 km en 1 día. Revisa la lectura o confírmala.',
    );
    const mantenimiento = await t.api.post(`/api/camiones/${camion._id}/mantenimientos`, {
      fecha: '2026-11-10',
      km: 51_000,
      tipo: 'frenos',
      coste: '120.00',
    });
    expect(mantenimiento.statusCode).toBe(201);
    const manual = await t.api.post(url, { fecha: '2026-11-20', km: 52_000 });
    expect(manual.statusCode).toBe(201);
    const lecturas = (await t.api.get(url)).json<{
      data: { _id: string; km: number; origen: string }[];
    }>().data;
    expect(lecturas.map((l) => [l.km, l.origen])).toEqual([
      [52_000, 'manual'],
      [51_000, 'mantenimiento'],
      [50_000, 'manual'],
    ]);
    const deMantenimiento = lecturas.find((l) => l.origen === 'mantenimiento')?._id ?? '';
    const refusal = await t.api.delete(`${url}/${deMantenimiento}`);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json<{ message: string }>().message).toBe(
      'Solo se eliminan directamente las lecturas manuales',
    );
    const borrada = await t.api.delete(`${url}/${lecturas[0]?._id ?? ''}`);
    expect(borrada.statusCode).toBe(204);
    expect(await leerCamion(t, camion._id)).toMatchObject({
      kmActual: 51_000,
      kmFecha: '2026-11-10',
    });

    const unaLectura = await crearCamion(t, { matricula: '4107CCC', itvProximaInicial: LEJOS });
    expect(
      (
        await t.api.post(`/api/camiones/${unaLectura._id}/mantenimientos`, {
          fecha: '2026-11-15',
          km: 299_000,
          tipo: 'revision',
          coste: '300.00',
          proximoKm: 300_000,
        })
      ).statusCode,
    ).toBe(201);
    const items = (await t.api.get('/api/camiones/vencimientos?dias=30&limit=100'))
      .json<{ data: VencimientoItem[] }>()
      .data.filter((v) => v.refId === unaLectura._id);
    expect(items).toEqual([
      expect.objectContaining({ kmRestantes: 1000, estado: 'proximo', fechaEstimada: null }),
    ]);
  });

  test('§4.5: "Coste por km (12 meses)" is the last 12 months\' cost over their km, half-up to cents; "Coste {año}" the year\'s', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t, {
      matricula: '4108CCC',
      fechaAlta: '2025-06-01',
      kmIniciales: 100_000,
      itvProximaInicial: LEJOS,
    });
    const url = `/api/camiones/${camion._id}/mantenimientos`;
    const servicios = [
      // Before the 12 months: in neither total.
      { fecha: '2025-10-01', km: 105_000, coste: '999.00' },
      // In the 12 months, not in 2026.
      { fecha: '2025-12-10', km: 110_000, coste: '100.00' },
      { fecha: '2026-03-01', km: 110_100, coste: '150.00' },
      { fecha: '2026-09-01', km: 110_300, coste: '252.00' },
    ];
    for (const s of servicios)
      expect((await t.api.post(url, { ...s, tipo: 'reparacion' })).statusCode).toBe(201);
    expect(
      (
        await t.api.post(`/api/camiones/${camion._id}/kilometraje`, {
          fecha: '2026-11-20',
          km: 110_400,
        })
      ).statusCode,
    ).toBe(201);
    // 502,00 € over 400 km = 1,255 → 1,26 (a float would give 1,25).
    expect((await t.api.get(url, 'transportes')).json()).toMatchObject({
      totales: { anio: 2026, costeAnio: '402.00', costePorKm: '1.26' },
    });
    const sinKm = await crearCamion(t, { matricula: '4109CCC', itvProximaInicial: LEJOS });
    expect((await t.api.get(`/api/camiones/${sinKm._id}/mantenimientos`)).json()).toMatchObject({
      totales: { costeAnio: '0.00', costePorKm: null },
    });
  });
});
