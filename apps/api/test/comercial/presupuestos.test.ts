import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createComercialTest,
  dataOf,
  lineaMaquina,
  nuevaMaquina,
  nuevoComponente,
  nuevoConcepto,
  presupuestoBody,
  type ComercialTest,
  type Registro,
} from './comercial-helpers.js';

// comercial.md §2.2–2.3, §3.1, R1–R15 through /api/presupuestos: scenarios 1, 2, 4, 5, 6, 9 and
// 16 (3 is the domain's rate test), plus inventario's R15 for templates used by a quote.

let t: ComercialTest;
beforeAll(async () => {
  t = await createComercialTest('2026-03-01', { LOG_LEVEL: process.env['DEBUG_LOG'] ?? 'silent' });
});
afterAll(async () => {
  await t?.close();
});

type Presupuesto = Registro & {
  numero: string | null;
  estado: string;
  revision: number;
  alquilerId: string | null;
  lineas: (Registro & { base: string; desglose: string | null; dias: number | null })[];
  totales: { base: string; iva: string; total: string };
  fianza: string;
};

const crear = async (body: unknown, as: Parameters<ComercialTest['api']['post']>[2] = 'admin') => {
  const r = await t.api.post('/api/presupuestos', body, as);
  if (r.statusCode !== 201) throw new Error(`crear presupuesto: ${r.body}`);
  return dataOf<Presupuesto>(r);
};
const enviar = async (p: Presupuesto) => {
  const r = await t.api.post(`/api/presupuestos/${p._id}/enviar`, { version: p.version });
  if (r.statusCode !== 200) throw new Error(`enviar: ${r.body}`);
  return dataOf<Presupuesto>(r);
};

describe('pricing through the API (R1–R6)', () => {
  test('scenario 1: MEX-001 03/03–12/03/2026 óptima → 10 días, "1 semana + 3 días", 665,00 + IVA 139,65 = 804,65; "Por días" → 950,00', async () => {
    const mex = await nuevaMaquina(t);
    const p = await crear(presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]));
    expect(p.lineas[0]).toMatchObject({ dias: 10, desglose: '1 semana + 3 días', base: '665.00' });
    expect(p.totales).toMatchObject({ base: '665.00', iva: '139.65', total: '804.65' });
    expect(p.estado).toBe('borrador');
    expect(p.numero).toBeNull();
    const porDias = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { modoTarifa: 'dia' }),
      ]),
    );
    expect(porDias.lineas[0]?.base).toBe('950.00');
  });

  test("§5 list row: the table's columns, the client and the totals the quote stored when its lines were saved, without its lines", async () => {
    const mex = await nuevaMaquina(t);
    // A draft: sending it would take the series' first number, which scenario 4 counts on.
    const p = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { descuentoPct: '7.5' }),
      ]),
    );
    const r = await t.api.get(
      `/api/presupuestos?searchTerm=${encodeURIComponent(mex.codigoInterno)}&limit=5`,
    );
    expect(r.statusCode).toBe(200);
    const { data, meta } = r.json<{ data: Record<string, unknown>[]; meta: { total: number } }>();
    expect(meta.total).toBe(1);
    const detalle = dataOf<Presupuesto & Record<string, unknown>>(
      await t.api.get(`/api/presupuestos/${p._id}`),
    );
    expect(data[0]).toEqual({
      _id: p._id,
      version: p.version,
      createdAt: detalle['createdAt'],
      updatedAt: detalle['updatedAt'],
      numero: null,
      revision: 0,
      estado: 'borrador',
      clienteId: detalle['clienteId'],
      cliente: detalle['cliente'],
      clienteProvisional: null,
      obraNombre: detalle['obraNombre'],
      fechaInicio: detalle['fechaInicio'],
      fechaFin: detalle['fechaFin'],
      fechaEmision: detalle['fechaEmision'],
      fechaValidez: detalle['fechaValidez'],
      alquilerId: null,
      alquilerNumero: null,
      base: p.totales.base,
      iva: p.totales.iva,
      total: p.totales.total,
    });
    expect(p.totales).toMatchObject({ base: '615.13', total: '744.31' });
  });

  test('scenario 2: 7,5 % dto. + TRA-IDA and TRA-VUE → 785,13, IVA 164,88, total 950,01, fianza outside; SEG-DAN 8 % → 53,20; 200 MAR for 10 días mínimo 30 → 240,00', async () => {
    const mex = await nuevaMaquina(t, {
      tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00', fianza: '300.00' },
    });
    const ida = await nuevoConcepto(t);
    const vuelta = await nuevoConcepto(t, { nombre: 'Transporte vuelta' });
    const p = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { descuentoPct: '7.5' }),
        { clase: 'concepto', conceptoId: ida._id },
        { clase: 'concepto', conceptoId: vuelta._id },
      ]),
    );
    expect(p.lineas.map((l) => l.base)).toEqual(['615.13', '85.00', '85.00']);
    expect(p.totales).toMatchObject({ base: '785.13', iva: '164.88', total: '950.01' });
    expect(p.fianza).toBe('300.00');

    const seg = await nuevoConcepto(t, {
      nombre: 'Seguro de daños',
      tipo: 'seguro',
      unidad: 'porcentaje',
      precio: '8',
    });
    const conSeguro = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12'),
        { clase: 'concepto', conceptoId: seg._id },
      ]),
    );
    expect(conSeguro.lineas[1]?.base).toBe('53.20');

    const mar = await nuevoComponente(t);
    const andamio = await crear(
      presupuestoBody(t, [
        {
          clase: 'andamio',
          componenteId: mar._id,
          cantidad: '200',
          fechaInicio: '2026-03-03',
          fechaFin: '2026-03-12',
          diasMinimos: 30,
        },
      ]),
    );
    expect(andamio.lineas[0]).toMatchObject({ base: '240.00', desglose: '1 mes (mínimo 30 días)' });
  });

  test('inventario scenario 3: at 95 / 380 / 1.100 € 5, 10, 27, 31 and 45 días cost 380,00, 665,00, 1.100,00, 1.195,00 and 1.955,00; at 40 / 250 / 1.200 € 60 días 2.160,00; 400 MAR-200-073 at 0,0500 / 1,2000 € cost 780,00 for 45 días and 400,00 for 20; a weekly rate of 700 € against 95 €/día is refused (R14)', async () => {
    // One machine may not be on two overlapping lines (R8): five with the same rates.
    const hasta = ['2026-03-07', '2026-03-12', '2026-03-29', '2026-04-02', '2026-04-16'];
    const lineas = [];
    for (const fin of hasta)
      lineas.push(lineaMaquina((await nuevaMaquina(t))._id, '2026-03-03', fin));
    const maquinas = await crear(presupuestoBody(t, lineas, { fechaFin: '2026-04-16' }));
    expect(maquinas.lineas.map((l) => [l.dias, l.base])).toEqual([
      [5, '380.00'],
      [10, '665.00'],
      [27, '1100.00'],
      [31, '1195.00'],
      [45, '1955.00'],
    ]);

    const cara = await nuevaMaquina(t, {
      tarifas: { dia: '40.00', semana: '250.00', mes: '1200.00' },
    });
    const sesenta = await crear(
      presupuestoBody(t, [lineaMaquina(cara._id, '2026-03-03', '2026-05-01')], {
        fechaFin: '2026-05-01',
      }),
    );
    expect(sesenta.lineas[0]).toMatchObject({ dias: 60, base: '2160.00' });

    const mar = await nuevoComponente(t, {
      precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
    });
    const andamio = (fechaFin: string) => ({
      clase: 'andamio',
      componenteId: mar._id,
      cantidad: '400',
      fechaInicio: '2026-03-03',
      fechaFin,
    });
    const marcos = await crear(
      presupuestoBody(t, [andamio('2026-04-16')], { fechaFin: '2026-04-16' }),
    );
    expect(marcos.lineas[0]).toMatchObject({ dias: 45, base: '780.00' });
    const veinte = await crear(presupuestoBody(t, [andamio('2026-03-22')]));
    expect(veinte.lineas[0]).toMatchObject({ dias: 20, base: '400.00' });

    const semanal = await t.api.post('/api/maquinaria', {
      tipo: 'miniexcavadora',
      marca: 'Kubota',
      modelo: 'U17-3α',
      anio: 2021,
      numeroSerie: 'ESC3-R14',
      pesoKg: '1680.0',
      tarifas: { dia: '95.00', semana: '700.00' },
    });
    expect(semanal.statusCode).toBe(400);
    expect(semanal.json<{ errors: string[] }>().errors).toEqual([
      'tarifas.semana: La tarifa semanal debe estar entre la diaria y 7 veces la diaria',
    ]);
  });

  test('inventario scenario 15 (R13): SEG-DAN 8 % on a rental base of 1.955,00 → 156,40, whose IVA 21 % is 32,84', async () => {
    const mex = await nuevaMaquina(t);
    const segDan = await nuevoConcepto(t, {
      codigo: 'SEG-DAN',
      nombre: 'Seguro de daños',
      tipo: 'seguro',
      unidad: 'porcentaje',
      precio: '8',
      tipoIva: 21,
    });
    const lineas = [lineaMaquina(mex._id, '2026-03-03', '2026-04-16')];
    const sinSeguro = await crear(presupuestoBody(t, lineas, { fechaFin: '2026-04-16' }));
    const conSeguro = await crear(
      presupuestoBody(t, [...lineas, { clase: 'concepto', conceptoId: segDan._id }], {
        fechaFin: '2026-04-16',
      }),
    );
    expect(conSeguro.lineas.map((l) => l.base)).toEqual(['1955.00', '156.40']);
    expect(sinSeguro.totales).toMatchObject({ base: '1955.00', iva: '410.55', total: '2365.55' });
    // 156,40 × 21 % = 32,84 more IVA: 410,55 + 32,84.
    expect(conSeguro.totales).toMatchObject({ base: '2111.40', iva: '443.39', total: '2554.79' });
  });

  test('R4 and R8: a forced unit without its price and one machine twice on overlapping dates are 400 naming the line', async () => {
    const mex = await nuevaMaquina(t, { tarifas: { dia: '95.00' } });
    const r = await t.api.post(
      '/api/presupuestos',
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { modoTarifa: 'semana' }),
        lineaMaquina(mex._id, '2026-03-10', '2026-03-15'),
      ]),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual([
      'lineas[0].precioSemana: La tarifa por semanas necesita precio por semana',
      'lineas[1].maquinaId: La misma máquina aparece en dos líneas con fechas que se solapan',
    ]);
  });
});

describe('states (§3.1)', () => {
  test('scenario 4: two drafts sent and a third deleted → P2026-00001 and P2026-00002; the deleted draft consumed no number', async () => {
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]);
    const a = await crear(body);
    const b = await crear(body);
    const c = await crear(body);
    const borrado = await t.api.delete(`/api/presupuestos/${c._id}?version=${c.version}`);
    expect(borrado.statusCode).toBe(204);
    expect((await enviar(a)).numero).toBe('P2026-00001');
    const enviadoB = await enviar(b);
    expect(enviadoB).toMatchObject({
      numero: 'P2026-00002',
      estado: 'enviado',
      fechaEmision: '2026-03-01',
    });
    const otraVez = await t.api.delete(`/api/presupuestos/${b._id}?version=${enviadoB.version}`);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe('Solo se pueden eliminar presupuestos en borrador.');
  });

  test('R15: saving an enviado quote with content changes is a new revision; observacionesInternas alone is not', async () => {
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]);
    const p = await enviar(await crear(body));
    const internas = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...body,
      observacionesInternas: 'Llamar el lunes',
      version: p.version,
    });
    expect(dataOf<Presupuesto>(internas).revision).toBe(0);
    const v = dataOf<Presupuesto>(internas).version;
    const cambio = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...body,
      observacionesInternas: 'Llamar el lunes',
      obraNombre: 'Otra obra',
      version: v,
    });
    expect(dataOf<Presupuesto>(cambio).revision).toBe(1);
  });

  test('R7: tariff changes leave a saved quote alone; "Actualizar precios" brings them in, a sent quote as a new revision; an aceptado quote refuses it', async () => {
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]);
    const p = await enviar(await crear(body));
    expect(p.totales.base).toBe('665.00');
    await t.database.db.execute(
      sql`update maquinas set tarifa_dia = 100, tarifa_semana = 400 where id = ${mex._id}`,
    );
    const leido = dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${p._id}`));
    expect(leido.totales.base).toBe('665.00');
    const actualizado = await t.api.post(`/api/presupuestos/${p._id}/actualizar-precios`, {
      version: leido.version,
    });
    expect(actualizado.statusCode, actualizado.body).toBe(200);
    expect(dataOf<Presupuesto>(actualizado)).toMatchObject({
      revision: 1,
      totales: { base: '700.00', iva: '147.00', total: '847.00' },
    });
    const historial = (await t.api.get(`/api/presupuestos/${p._id}/historial`)).json<{
      data: { accion: string }[];
    }>().data;
    expect(historial[0]?.accion).toBe('modificar');

    const aceptado = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, {
      version: dataOf<Presupuesto>(actualizado).version,
    });
    expect(aceptado.statusCode, aceptado.body).toBe(201);
    const cerrado = await t.api.post(`/api/presupuestos/${p._id}/actualizar-precios`, {
      version: dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${p._id}`)).version,
    });
    expect(cerrado.statusCode).toBe(409);
    expect(cerrado.json().message).toBe(
      'Solo se actualizan los precios de presupuestos en borrador o enviados.',
    );
  });

  test('scenario 5: an enviado quote valid until 15/03/2026 is caducado by the sweep on 16/03 with a history row by the system; aceptar → 409', async () => {
    const mex = await nuevaMaquina(t);
    const p = await enviar(
      await crear(
        presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-20', '2026-03-25')], {
          fechaValidez: '2026-03-15',
        }),
      ),
    );
    t.setHoy('2026-03-16');
    try {
      await t.app.ready();
      const r = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, { version: p.version });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(
        'El presupuesto ha caducado el 15/03/2026. Renueva su validez antes de aceptarlo.',
      );
      // The sweep itself (start-up and every 15 min): run through the list after the hook.
      const { createPresupuestosService } =
        await import('../../src/modules/comercial/presupuestos.service.js');
      await createPresupuestosService(t.database, () => '2026-03-16').caducar();
      const leido = dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${p._id}`));
      expect(leido.estado).toBe('caducado');
      const historial = (await t.api.get(`/api/presupuestos/${p._id}/historial`)).json<{
        data: { usuario: string | null; cambios: { campo: string; nuevo: unknown }[] }[];
      }>().data;
      expect(historial[0]).toMatchObject({ cambios: [{ campo: 'estado', nuevo: 'caducado' }] });
      expect(historial[0]?.usuario ?? null).toBeNull();
    } finally {
      t.setHoy('2026-03-01');
    }
  });

  test('Duplicar (§3.1): any quote, a rechazado one too, → 201 a new borrador without number, every date shifted to start today, validity today + 30, the lines copied as new ones with their prices, its history "crear", found by the list; the source unchanged', async () => {
    const mex = await nuevaMaquina(t);
    const ida = await nuevoConcepto(t);
    const enviado = await enviar(
      await crear(
        presupuestoBody(
          t,
          [
            lineaMaquina(mex._id, '2026-03-05', '2026-03-14', {
              modoTarifa: 'dia',
              precioDia: '80.50',
            }),
            { clase: 'concepto', conceptoId: ida._id, fecha: '2026-03-05' },
          ],
          {
            fechaInicio: '2026-03-05',
            fechaFin: '2026-03-14',
            observaciones: 'Acceso por la calle',
          },
        ),
      ),
    );
    const origen = dataOf<Presupuesto>(
      await t.api.post(`/api/presupuestos/${enviado._id}/rechazar`, {
        version: enviado.version,
        motivo: 'Ha elegido otro proveedor',
      }),
    );
    t.setHoy('2026-03-10');
    try {
      const r = await t.api.post(`/api/presupuestos/${origen._id}/duplicar`, {});
      expect(r.statusCode, r.body).toBe(201);
      const copia = dataOf<Presupuesto & { lineas: Record<string, unknown>[] }>(r);
      expect(copia).toMatchObject({
        numero: null,
        estado: 'borrador',
        revision: 0,
        clienteId: t.clienteId,
        obraNombre: 'Reforma Hotel Cala Major',
        observaciones: 'Acceso por la calle',
        fechaInicio: '2026-03-10',
        fechaFin: '2026-03-19',
        fechaValidez: '2026-04-09',
        motivoRechazo: null,
        totales: origen.totales,
      });
      expect(copia._id).not.toBe(origen._id);
      expect(copia.lineas).toMatchObject([
        {
          maquinaId: mex._id,
          fechaInicio: '2026-03-10',
          fechaFin: '2026-03-19',
          precioDia: '80.5000',
          base: '805.00',
        },
        { conceptoId: ida._id, fecha: '2026-03-10', base: origen.lineas[1]?.base },
      ]);
      expect(copia.lineas.map((l) => l['_id'])).not.toContain(origen.lineas[0]?._id);
      const historial = (await t.api.get(`/api/presupuestos/${copia._id}/historial`)).json<{
        data: { accion: string }[];
      }>().data;
      expect(historial.map((h) => h.accion)).toEqual(['crear']);
      // The copy is found as a quote created with its content would be: by the machine's code.
      const lista = (
        await t.api.get(
          `/api/presupuestos?estado=borrador&searchTerm=${encodeURIComponent(mex.codigoInterno)}`,
        )
      ).json<{ data: { _id: string }[] }>().data;
      expect(lista.map((p) => p._id)).toEqual([copia._id]);
      expect(dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${origen._id}`))).toEqual(
        origen,
      );
      const noExiste = await t.api.post(
        '/api/presupuestos/00000000-0000-4000-8000-000000000000/duplicar',
        {},
      );
      expect(noExiste.statusCode).toBe(404);
    } finally {
      t.setHoy('2026-03-01');
    }
  });

  test('rechazar needs an enviado quote and a motivo; an aceptado or rechazado quote is read-only', async () => {
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]);
    const p = await enviar(await crear(body));
    const sinMotivo = await t.api.post(`/api/presupuestos/${p._id}/rechazar`, {
      version: p.version,
    });
    expect(sinMotivo.statusCode).toBe(400);
    const r = await t.api.post(`/api/presupuestos/${p._id}/rechazar`, {
      version: p.version,
      motivo: 'Ha elegido otro proveedor',
    });
    expect(dataOf<Presupuesto>(r)).toMatchObject({
      estado: 'rechazado',
      motivoRechazo: 'Ha elegido otro proveedor',
    });
    const put = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...body,
      version: dataOf<Presupuesto>(r).version,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('Un presupuesto aceptado o rechazado no puede modificarse.');
  });

  test('scenario 16: a PUT with version 3 on a record at version 4 → 409 with the conventions text and nothing changes', async () => {
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')]);
    let p = await crear(body);
    for (const obra of ['Obra 2', 'Obra 3', 'Obra 4'])
      p = dataOf<Presupuesto>(
        await t.api.put(`/api/presupuestos/${p._id}`, {
          ...body,
          obraNombre: obra,
          version: p.version,
        }),
      );
    expect(p.version).toBe(4);
    const r = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...body,
      obraNombre: 'Obra 5',
      version: 3,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    expect(
      dataOf<Presupuesto & { obraNombre: string }>(await t.api.get(`/api/presupuestos/${p._id}`))
        .obraNombre,
    ).toBe('Obra 4');
  });
});

describe('accept = rent (R12)', () => {
  test('scenario 6: accepting an enviado quote with a client and free material → 201, an alquiler reservado with the same lines and totals, bloqueos and history on both', async () => {
    const mex = await nuevaMaquina(t);
    const ida = await nuevoConcepto(t);
    const p = await enviar(
      await crear(
        presupuestoBody(t, [
          lineaMaquina(mex._id, '2026-04-03', '2026-04-12'),
          { clase: 'concepto', conceptoId: ida._id },
        ]),
      ),
    );
    const r = await t.api.post(
      `/api/presupuestos/${p._id}/aceptar`,
      { version: p.version },
      'alquileres',
    );
    expect(r.statusCode).toBe(201);
    const { presupuesto, alquiler } = dataOf<{ presupuesto: Presupuesto; alquiler: Presupuesto }>(
      r,
    );
    expect(alquiler).toMatchObject({
      estado: 'reservado',
      presupuestoId: p._id,
      totales: p.totales,
    });
    expect(alquiler.numero).toMatch(/^A2026-\d{5}$/);
    expect(alquiler.lineas.map((l) => [l.base, l.desglose])).toEqual(
      p.lineas.map((l) => [l.base, l.desglose]),
    );
    expect(presupuesto).toMatchObject({ estado: 'aceptado', alquilerId: alquiler._id });
    const ocupacion = await t.api.get(
      `/api/maquinaria/${mex._id}/ocupacion?desde=2026-04-01&hasta=2026-04-30`,
    );
    expect(JSON.stringify(ocupacion.json())).toContain(alquiler.numero as string);
    for (const url of [
      `/api/presupuestos/${p._id}/historial`,
      `/api/alquileres/${alquiler._id}/historial`,
    ])
      expect((await t.api.get(url)).json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
    const otraVez = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, {
      version: presupuesto.version,
    });
    expect(otraVez.json().message).toBe('Solo se pueden aceptar presupuestos enviados.');
  });

  test('accepting a quote of a provisional client → 409 asking for a registered client', async () => {
    const mex = await nuevaMaquina(t);
    const p = await enviar(
      await crear({
        ...presupuestoBody(t, [lineaMaquina(mex._id, '2026-04-03', '2026-04-12')]),
        clienteId: undefined,
        clienteProvisional: { nombre: 'Fustes Ramis' },
      }),
    );
    const r = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, { version: p.version });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Para aceptar el presupuesto, asígnale un cliente dado de alta.');
  });

  test('scenario 9: a quoted MEX-001 reserved elsewhere → 409 with conflictos[0].alternativas holding MEX-002 and nothing created; with sustituciones → 201 and the price kept', async () => {
    const tipo = 'compactador';
    const mex1 = await nuevaMaquina(t, {
      tipo,
      tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
    });
    const mex2 = await nuevaMaquina(t, { tipo, tarifas: { dia: '50.00' } });
    const p = await enviar(
      await crear(presupuestoBody(t, [lineaMaquina(mex1._id, '2026-05-03', '2026-05-12')])),
    );
    const otro = await t.api.post('/api/alquileres', {
      clienteId: t.clienteId,
      direccionObra: presupuestoBody(t, []).direccionObra,
      lineas: [lineaMaquina(mex1._id, '2026-05-01', '2026-05-05')],
    });
    expect(otro.statusCode).toBe(201);
    const antes = (await t.api.get('/api/alquileres?limit=100')).json<{ meta: { total: number } }>()
      .meta.total;
    const r = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, { version: p.version });
    expect(r.statusCode).toBe(409);
    const body = r.json<{
      message: string;
      errors: string[];
      conflictos: { lineaId: string; alternativas: { maquinaId: string }[] }[];
    }>();
    expect(body.message).toBe('Hay material no disponible en las fechas indicadas.');
    expect(body.errors[0]).toMatch(/^lineas\[0\]\.maquinaId: /);
    expect(body.conflictos[0]?.alternativas.map((a) => a.maquinaId)).toContain(mex2._id);
    expect(
      (await t.api.get('/api/alquileres?limit=100')).json<{ meta: { total: number } }>().meta.total,
    ).toBe(antes);
    expect(dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${p._id}`)).estado).toBe(
      'enviado',
    );

    const ok = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, {
      version: p.version,
      sustituciones: [{ lineaId: p.lineas[0]?._id, maquinaId: mex2._id }],
    });
    expect(ok.statusCode).toBe(201);
    const alquiler = dataOf<{
      alquiler: Presupuesto & { lineas: { maquinaId: string; base: string }[] };
    }>(ok).alquiler;
    expect(alquiler.lineas[0]).toMatchObject({ maquinaId: mex2._id, base: '665.00' });
  });

  test('R10: 20 concurrent accepts of quotes for one machine on overlapping days → one rental, 19 × 409', async () => {
    const mex = await nuevaMaquina(t);
    const enviados: Presupuesto[] = [];
    for (let i = 0; i < 20; i += 1)
      enviados.push(
        await enviar(
          await crear(
            presupuestoBody(t, [
              lineaMaquina(mex._id, `2026-07-${String(1 + i).padStart(2, '0')}`, '2026-07-25'),
            ]),
          ),
        ),
      );
    const respuestas = await Promise.all(
      enviados.map((p) => t.api.post(`/api/presupuestos/${p._id}/aceptar`, { version: p.version })),
    );
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([
      201,
      ...Array<number>(19).fill(409),
    ]);
    const aceptados = await t.api.get('/api/presupuestos?estado=aceptado&limit=100');
    const deEsta = aceptados
      .json<{ data: Presupuesto[] }>()
      .data.filter((p) => enviados.some((e) => e._id === p._id));
    expect(deEsta).toHaveLength(1);
  });

  test('R12: nuevaFechaInicio shifts every line by the same days', async () => {
    const mex = await nuevaMaquina(t);
    const p = await enviar(
      await crear(presupuestoBody(t, [lineaMaquina(mex._id, '2026-06-03', '2026-06-12')])),
    );
    const r = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, {
      version: p.version,
      nuevaFechaInicio: '2026-06-10',
    });
    expect(r.statusCode).toBe(201);
    expect(
      dataOf<{ alquiler: { fechaInicio: string; fechaFin: string } }>(r).alquiler,
    ).toMatchObject({
      fechaInicio: '2026-06-10',
      fechaFin: '2026-06-19',
    });
  });
});

describe('templates (§2.3) and inventario R15', () => {
  test('a template is created, listed, refuses a duplicate name and cannot be deleted once used', async () => {
    const mex = await nuevaMaquina(t);
    const body = {
      nombre: 'Miniexcavadora por semanas',
      duracionDias: 7,
      lineas: [{ clase: 'maquina', maquinaId: mex._id }],
    };
    // §2.3 facturación and fianza are the domain schema's: saved and read back as written.
    const mala = await t.api.post('/api/presupuestos/plantillas', { ...body, fianza: '12,5' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().errors).toEqual(['fianza: Importe no válido']);
    const r = await t.api.post('/api/presupuestos/plantillas', {
      ...body,
      facturacion: 'mensual_vencido',
      fianza: '450.5',
    });
    expect(r.statusCode).toBe(201);
    const plantilla = dataOf<Registro>(r);
    expect(
      dataOf<Registro>(await t.api.get(`/api/presupuestos/plantillas/${plantilla._id}`)),
    ).toMatchObject({ facturacion: 'mensual_vencido', fianza: '450.50' });
    const dup = await t.api.post('/api/presupuestos/plantillas', {
      ...body,
      nombre: 'MINIEXCAVADORA por semánas',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una plantilla con este nombre');
    // The list's search ignores case and accents: the term is normalized as the stored name is.
    const buscar = async (q: string) =>
      dataOf<Registro[]>(
        await t.api.get(`/api/presupuestos/plantillas?searchTerm=${encodeURIComponent(q)}`),
      ).map((p) => p._id);
    expect(await buscar('EXCAVADORA POR SEMÁNAS')).toEqual([plantilla._id]);
    expect(await buscar('excavadora por meses')).toEqual([]);
    await crear(
      presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')], {
        plantillaId: plantilla._id,
      }),
    );
    const del = await t.api.delete(
      `/api/presupuestos/plantillas/${plantilla._id}?version=${plantilla.version}`,
    );
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'La plantilla se ha usado en 1 presupuesto; desactívala en su lugar.',
    );
  });

  test('inventario scenario 15 (R15): deleting a concept template used by a presupuesto line → 409; an unused one → 204', async () => {
    const usado = await nuevoConcepto(t);
    const libre = await nuevoConcepto(t);
    const mex = await nuevaMaquina(t);
    await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12'),
        { clase: 'concepto', conceptoId: usado._id },
      ]),
    );
    const r = await t.api.delete(`/api/conceptos/${usado._id}?version=${usado.version}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      `No se puede eliminar la plantilla ${usado.codigo}: está en uso en presupuestos o alquileres. Desactívala en su lugar.`,
    );
    expect(
      (await t.api.delete(`/api/conceptos/${libre._id}?version=${libre.version}`)).statusCode,
    ).toBe(204);
  });
});

describe('permissions and lists', () => {
  test('transportes cannot reach presupuestos; the list filters by estado and searches', async () => {
    const mex = await nuevaMaquina(t);
    const p = await enviar(
      await crear(presupuestoBody(t, [lineaMaquina(mex._id, '2026-12-01', '2026-12-05')])),
    );
    expect(
      (await t.api.post(`/api/presupuestos/${p._id}/aceptar`, { version: p.version })).statusCode,
    ).toBe(201);
    expect((await t.api.get('/api/presupuestos', 'transportes')).statusCode).toBe(403);
    const lista = await t.api.get('/api/presupuestos?estado=aceptado&searchTerm=llevant');
    expect(lista.statusCode).toBe(200);
    const { data } = lista.json<{ data: Presupuesto[] }>();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => p.estado === 'aceptado')).toBe(true);
    const csv = await t.api.get('/api/presupuestos/export');
    expect(csv.body.split('\r\n')[0]).toContain(
      'Número;Estado;Revisión;Cliente;NIF;Obra;Municipio;Emisión;Validez;Base imponible;IVA;Total;Alquiler;Creado;Actualizado',
    );
    const pdf = await t.api.get(`/api/presupuestos/${data[0]?._id}/pdf?descarga=1`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="P2026-\d{5}\.pdf"$/);
  });
});

describe('§10 counter totals (decision 0028, revision of 28 November, night)', () => {
  const ESTADOS = ['borrador', 'enviado', 'aceptado', 'rechazado', 'caducado'];
  const ESTADOS_ALQUILER = ['reservado', 'en_curso', 'devuelto_parcial', 'finalizado', 'cancelado'];
  const total = async (url: string) => {
    const r = await t.api.get(url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ meta: { total: number } }>().meta.total;
  };
  const contar = async (tabla: 'presupuestos' | 'alquileres') => {
    const filas = await t.database.db.execute<{ estado: string; n: number }>(
      sql`select estado, count(*)::int as n from ${sql.identifier(tabla)} group by estado`,
    );
    return Object.fromEntries(
      (filas as unknown as { rows: { estado: string; n: number }[] }).rows.map((f) => [
        f.estado,
        Number(f.n),
      ]),
    ) as Record<string, number>;
  };
  /** Each list's total, unfiltered, by one estado and by two, past the end too, against the table. */
  const comprobar = async () => {
    for (const [ruta, tabla, estados] of [
      ['/api/presupuestos', 'presupuestos', ESTADOS],
      ['/api/alquileres', 'alquileres', ESTADOS_ALQUILER],
    ] as const) {
      const cuenta = await contar(tabla);
      const de = (e: string) => cuenta[e] ?? 0;
      const todos = Object.values(cuenta).reduce((a, b) => a + b, 0);
      expect(await total(`${ruta}?limit=1`)).toBe(todos);
      expect(await total(`${ruta}?limit=1&page=100000`)).toBe(todos);
      for (const e of estados) expect(await total(`${ruta}?limit=1&estado=${e}`), e).toBe(de(e));
      const [primero = '', , , , ultimo = ''] = estados;
      expect(await total(`${ruta}?limit=1&estado=${primero},${ultimo}&page=100000`)).toBe(
        de(primero) + de(ultimo),
      );
    }
  };

  test('the totals of pages without a search equal a count of the table after creating, editing, sending, a revision, rejecting, accepting, expiring, duplicating, deleting quotes and cancelling a rental', async () => {
    await comprobar();
    const mex = await nuevaMaquina(t);
    const body = presupuestoBody(t, [lineaMaquina(mex._id, '2026-05-03', '2026-05-12')], {
      fechaValidez: '2026-03-20',
    });
    const a = await crear(body);
    const b = await crear(body);
    const c = await crear(body);
    const d = await crear(body);
    await comprobar();
    expect((await t.api.delete(`/api/presupuestos/${d._id}?version=${d.version}`)).statusCode).toBe(
      204,
    );
    const enviadoA = await enviar(a);
    const enviadoB = await enviar(b);
    await enviar(c);
    // A revision (R15) and an edit keep the estado.
    const revision = await t.api.put(`/api/presupuestos/${enviadoA._id}`, {
      ...body,
      obraNombre: 'Otra obra',
      version: enviadoA.version,
    });
    expect(dataOf<Presupuesto>(revision).revision).toBe(1);
    const rechazo = await t.api.post(`/api/presupuestos/${enviadoB._id}/rechazar`, {
      version: enviadoB.version,
      motivo: 'Ha elegido otro proveedor',
    });
    expect(rechazo.statusCode).toBe(200);
    const aceptado = dataOf<Presupuesto>(revision);
    const alta = await t.api.post(`/api/presupuestos/${aceptado._id}/aceptar`, {
      version: aceptado.version,
    });
    expect(alta.statusCode, alta.body).toBe(201);
    await comprobar();
    const { createPresupuestosService } =
      await import('../../src/modules/comercial/presupuestos.service.js');
    await createPresupuestosService(t.database, () => '2026-03-25').caducar();
    expect(dataOf<Presupuesto>(await t.api.get(`/api/presupuestos/${c._id}`)).estado).toBe(
      'caducado',
    );
    expect((await t.api.post(`/api/presupuestos/${c._id}/duplicar`, {})).statusCode).toBe(201);
    const alquiler = dataOf<{ alquiler: Registro }>(alta).alquiler;
    const cancelado = await t.api.post(`/api/alquileres/${alquiler._id}/cancelar`, {
      version: alquiler.version,
      motivo: 'Obra aplazada',
    });
    expect(cancelado.statusCode, cancelado.body).toBe(200);
    await comprobar();
    // The counters hold what the table holds, estado by estado (a drifting counter fails here).
    for (const tabla of ['presupuestos', 'alquileres'] as const) {
      const filas = await t.database.db.execute(
        sql`select estado, sum(total)::int as n from ${sql.identifier(`${tabla}_totales`)} group by estado having sum(total) <> 0`,
      );
      const contadores = Object.fromEntries(
        (filas as unknown as { rows: { estado: string; n: number }[] }).rows.map((f) => [
          f.estado,
          Number(f.n),
        ]),
      );
      expect(contadores, tabla).toEqual(await contar(tabla));
    }
  });

  test('a page without a search, unfiltered or by estado, reads its total from the counters; any other filter counts', async () => {
    const mex = await nuevaMaquina(t);
    await crear(presupuestoBody(t, [lineaMaquina(mex._id, '2026-06-03', '2026-06-12')]));
    const antes = (await contar('presupuestos'))['borrador'] ?? 0;
    const reservados = (await contar('alquileres'))['reservado'] ?? 0;
    const desvio = async (n: number) => {
      await t.database.db.execute(
        sql`insert into presupuestos_totales as t (empresa, estado, total) values ('alquileres', 'borrador', ${n}) on conflict (empresa, estado) do update set total = t.total + ${n}`,
      );
      await t.database.db.execute(
        sql`insert into alquileres_totales as t (empresa, estado, total) values ('alquileres', 'reservado', ${n}) on conflict (empresa, estado) do update set total = t.total + ${n}`,
      );
    };
    await desvio(1000);
    try {
      expect(await total('/api/presupuestos?limit=1&estado=borrador')).toBe(antes + 1000);
      expect(await total('/api/presupuestos?limit=1&estado=borrador&page=100000')).toBe(
        antes + 1000,
      );
      expect(
        await total('/api/presupuestos?limit=1&estado=borrador&searchTerm=p'),
      ).toBeLessThanOrEqual(antes);
      expect(
        await total('/api/presupuestos?limit=1&estado=borrador&desde=2000-01-01'),
      ).toBeLessThanOrEqual(antes);
      // Past the end: the file may hold no reservado rental, and an empty first page is 0 uncounted.
      expect(await total('/api/alquileres?limit=1&estado=reservado&page=100000')).toBe(
        reservados + 1000,
      );
      expect(
        await total('/api/alquileres?limit=1&estado=reservado&searchTerm=a'),
      ).toBeLessThanOrEqual(reservados);
    } finally {
      await desvio(-1000);
    }
  });
});

describe("the form's Contacto, per-line prices and IVA (§2.1, §2.2, §5)", () => {
  test('a quote stores its Contacto (nombre required once anything is given) and the history names it; an accepted quote hands it to the rental, whose contactoObra is its own', async () => {
    const mex = await nuevaMaquina(t);
    const lineas = [lineaMaquina(mex._id, '2026-03-03', '2026-03-12')];
    const sinNombre = await t.api.post(
      '/api/presupuestos',
      presupuestoBody(t, lineas, { contacto: { nombre: '', telefono: '971 000 111' } }),
    );
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().errors).toEqual([expect.stringMatching(/^contacto\.nombre: /)]);
    const malCorreo = await t.api.post(
      '/api/presupuestos',
      presupuestoBody(t, lineas, { contacto: { nombre: 'Marta Vidal', correo: 'marta' } }),
    );
    expect(malCorreo.statusCode).toBe(400);
    expect(malCorreo.json().errors[0]).toMatch(/^contacto\.correo: /);
    const p = await crear(
      presupuestoBody(t, lineas, { contacto: { nombre: 'Marta Vidal', telefono: '971 000 111' } }),
    );
    expect(p['contacto']).toEqual({ nombre: 'Marta Vidal', telefono: '971 000 111' });
    const cambio = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...presupuestoBody(t, lineas, {
        contacto: { nombre: 'Marta Vidal', telefono: '971 000 111', correo: 'marta@cala.test' },
      }),
      version: p.version,
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const historial = (await t.api.get(`/api/presupuestos/${p._id}/historial`)).json<{
      data: { cambios: { campo: string }[] }[];
    }>().data;
    expect(historial[0]?.cambios.map((c) => c.campo)).toContain('contacto');
    const enviado = await enviar(dataOf<Presupuesto>(cambio));
    const aceptado = await t.api.post(`/api/presupuestos/${p._id}/aceptar`, {
      version: enviado.version,
    });
    expect(aceptado.statusCode, aceptado.body).toBe(201);
    const alquiler = aceptado.json<{ data: { alquiler: Registro } }>().data.alquiler;
    expect(alquiler['contacto']).toEqual({
      nombre: 'Marta Vidal',
      telefono: '971 000 111',
      correo: 'marta@cala.test',
    });
    const obra = await t.api.put(`/api/alquileres/${alquiler._id}`, {
      clienteId: t.clienteId,
      obraNombre: 'Reforma Hotel Cala Major',
      direccionObra: (await t.api.get(`/api/alquileres/${alquiler._id}`)).json().data.direccionObra,
      contactoObra: { nombre: 'Pep Mas', telefono: '600 123 456' },
      lineas: (alquiler['lineas'] as { _id: string; maquinaId: string }[]).map((l) => ({
        _id: l._id,
        clase: 'maquina',
        maquinaId: l.maquinaId,
        fechaInicio: '2026-03-03',
        fechaFin: '2026-03-12',
      })),
      version: alquiler.version,
    });
    expect(obra.statusCode, obra.body).toBe(200);
    expect(obra.json().data).toMatchObject({
      contacto: null,
      contactoObra: { nombre: 'Pep Mas', telefono: '600 123 456' },
    });
  });

  test('a line may carry its own prices and IVA (R7 snapshot replaced, kept on the next save); 0 % needs exenta or no_sujeta; a bad rate or a negative price is 400 naming the line', async () => {
    const mex = await nuevaMaquina(t);
    const p = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', {
          modoTarifa: 'dia',
          precioDia: '80.50',
          tipoIva: 10,
        }),
      ]),
    );
    expect(p.lineas[0]).toMatchObject({
      precioDia: '80.5000',
      precioSemana: '380.0000',
      tipoIva: 10,
      motivoIva0: null,
      base: '805.00',
    });
    expect(p.totales).toMatchObject({ base: '805.00', iva: '80.50', total: '885.50' });
    // Sent back with its _id and no prices, the line keeps what was stored.
    const igual = await t.api.put(`/api/presupuestos/${p._id}`, {
      ...presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', {
          _id: p.lineas[0]?._id,
          modoTarifa: 'dia',
        }),
      ]),
      version: p.version,
    });
    expect(dataOf<Presupuesto>(igual).lineas[0]).toMatchObject({
      precioDia: '80.5000',
      tipoIva: 10,
    });

    const sinMotivo = await t.api.post(
      '/api/presupuestos',
      presupuestoBody(t, [lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { tipoIva: 0 })]),
    );
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errors).toEqual([
      'lineas[0].motivoIva0: Indica si la operación está exenta o no sujeta',
    ]);
    const exenta = await crear(
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { tipoIva: 0, motivoIva0: 'exenta' }),
      ]),
    );
    expect(exenta.lineas[0]).toMatchObject({ tipoIva: 0, motivoIva0: 'exenta' });
    expect(exenta.totales).toMatchObject({ base: '665.00', iva: '0.00', total: '665.00' });

    const mal = await t.api.post(
      '/api/presupuestos',
      presupuestoBody(t, [
        lineaMaquina(mex._id, '2026-03-03', '2026-03-12', { tipoIva: 7, precioDia: '-1' }),
      ]),
    );
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toEqual(
      expect.arrayContaining([
        'lineas[0].tipoIva: El IVA debe ser 21, 10, 4 o 0',
        'lineas[0].precioDia: El precio no puede ser negativo',
      ]),
    );
  });
});
