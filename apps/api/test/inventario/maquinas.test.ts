import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createInventarioTest, dataOf, type InventarioTest } from './inventario-helpers.js';
import { crearMaquina, maquinaBody, type MaquinaCreada } from './inventario-fixtures.js';
import { pdfPages } from '../helpers/pdf-text.js';

// inventario.md §2.1, §3.1, §6.1: machines; scenarios 1, 2, 10, 11, 13, 16 (hoy 2026-03-02).

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

let t: InventarioTest;
beforeAll(async () => {
  t = await createInventarioTest('2026-03-02');
});
afterAll(async () => {
  await t?.close();
});

describe('maquinaria', () => {
  let mex1: MaquinaCreada;

  test('scenario 1: two miniexcavadoras without code are MEX-001 and MEX-002; the same serial of the same brand → 409', async () => {
    mex1 = await crearMaquina(t, { horometroInicial: '1801.0' });
    const mex2 = await crearMaquina(t, { numeroSerie: 'U17-40001' });
    expect([mex1.codigoInterno, mex2.codigoInterno]).toEqual(['MEX-001', 'MEX-002']);
    expect(mex1).toMatchObject({
      estado: 'disponible',
      horometro: '1801.0',
      horasAcumuladas: '1801.0',
      version: 1,
    });

    const again = await t.api.post('/api/maquinaria', maquinaBody({ marca: 'kubota ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Ya existe una máquina Kubota con el número de serie U17-35124 (MEX-001)',
      errors: [
        'numeroSerie: Ya existe una máquina Kubota con el número de serie U17-35124 (MEX-001)',
      ],
    });
    const code = await t.api.post(
      '/api/maquinaria',
      maquinaBody({ codigoInterno: 'mex-001', numeroSerie: 'OTRA-1' }),
    );
    expect(code.statusCode).toBe(409);
    expect(code.json<{ message: string }>().message).toBe(
      'Ya existe una máquina con el código MEX-001',
    );
  });

  test('R14 and §2.1 field rules answer 400 naming the fields', async () => {
    const response = await t.api.post(
      '/api/maquinaria',
      maquinaBody({
        numeroSerie: 'X-9',
        tarifas: { dia: '100', semana: '700.01' },
        fechaAdquisicion: '2026-03-03',
        matricula: '1234BCD',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toEqual(
      expect.arrayContaining([
        'tarifas.semana: La tarifa semanal debe estar entre la diaria y 7 veces la diaria',
        'fechaMatriculacion: Indica la fecha de matriculación',
      ]),
    );
    const future = await t.api.post(
      '/api/maquinaria',
      maquinaBody({ numeroSerie: 'X-10', fechaAdquisicion: '2026-03-03' }),
    );
    expect(future.json<{ errors: string[] }>().errors).toEqual([
      'fechaAdquisicion: La fecha no puede ser posterior a hoy',
    ]);
  });

  test('scenario 2: who reads and writes machines', async () => {
    expect((await t.api.get('/api/maquinaria', 'alquileres')).statusCode).toBe(403);
    const transportes = await t.api.get(`/api/maquinaria/${mex1._id}`, 'transportes');
    expect(transportes.statusCode).toBe(200);
    expect(dataOf(transportes)).toMatchObject({ precioAdquisicion: null });
    expect((await t.api.post('/api/maquinaria', maquinaBody(), 'transportes')).statusCode).toBe(
      403,
    );
    expect((await t.api.post('/api/maquinaria', maquinaBody(), 'empleado')).statusCode).toBe(403);
    const reading = await t.api.post(
      `/api/maquinaria/${mex1._id}/horometro`,
      { fecha: '2026-03-02', lectura: '1845.5' },
      'empleado',
    );
    expect(reading.statusCode, reading.body).toBe(201);
  });

  test('scenario 10: readings only go up; a meter replacement keeps lifetime hours; empleado cannot replace', async () => {
    const down = await t.api.post(`/api/maquinaria/${mex1._id}/horometro`, {
      fecha: '2026-03-02',
      lectura: '1800.0',
    });
    expect(down.statusCode).toBe(400);
    expect(down.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'lectura: La lectura (1.800,0 h) no puede ser menor que la última registrada (1.845,5 h el 02/03/2026)',
      ],
    });
    const up = await t.api.post(`/api/maquinaria/${mex1._id}/horometro`, {
      fecha: '2026-03-02',
      lectura: '1850.0',
    });
    expect(up.json()).toMatchObject({
      data: { maquina: { horometro: '1850.0', horasAcumuladas: '1850.0' } },
    });
    const byEmpleado = await t.api.post(
      `/api/maquinaria/${mex1._id}/horometro`,
      { fecha: '2026-03-02', lectura: '0', reinicio: true, motivo: 'Horómetro sustituido' },
      'empleado',
    );
    expect(byEmpleado.statusCode).toBe(403);
    await t.api.post(`/api/maquinaria/${mex1._id}/horometro`, {
      fecha: '2026-03-02',
      lectura: '0.0',
      reinicio: true,
      motivo: 'Horómetro sustituido por avería',
    });
    const after = await t.api.post(`/api/maquinaria/${mex1._id}/horometro`, {
      fecha: '2026-03-02',
      lectura: '12.0',
    });
    expect(after.json()).toMatchObject({
      data: { maquina: { horometro: '12.0', horasAcumuladas: '1862.0' } },
    });

    const list = await t.api.get(`/api/maquinaria/${mex1._id}/horometro`);
    const lecturas = list.json<{ data: { _id: string; lectura: string; reinicio: boolean }[] }>()
      .data;
    expect(lecturas.map((l) => l.lectura)).toEqual(['12.0', '0.0', '1850.0', '1845.5', '1801.0']);
    const notLast = await t.api.delete(`/api/maquinaria/${mex1._id}/horometro/${lecturas[1]?._id}`);
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json()).toEqual({ message: 'Solo se puede eliminar la última lectura' });
    expect(
      (await t.api.delete(`/api/maquinaria/${mex1._id}/horometro/${lecturas[0]?._id}`)).statusCode,
    ).toBe(204);
    expect(dataOf(await t.api.get(`/api/maquinaria/${mex1._id}`))).toMatchObject({
      horometro: '0.0',
      horasAcumuladas: '1850.0',
    });
  });

  test('scenario 11: a plan by hours is próxima, then vencida with its aviso; a plan by months from its last date', async () => {
    const gen = await crearMaquina(t, {
      tipo: 'generador',
      marca: 'Atlas Copco',
      modelo: 'QAS 45',
      numeroSerie: 'GEN-45-001',
      horometroInicial: '1980.0',
      planRevisiones: [
        {
          nombre: 'Mantenimiento 500 h',
          cadaHoras: 500,
          ultimasHoras: '1500.0',
          ultimaFecha: '2025-12-01',
        },
        { nombre: 'Revisión anual', cadaMeses: 12, ultimaFecha: '2025-04-20' },
      ],
    });
    const read = dataOf<{
      planRevisiones: {
        estado: string;
        proximasHoras: string | null;
        proximaFecha: string | null;
      }[];
      avisos: { mensaje: string }[];
    }>(await t.api.get(`/api/maquinaria/${gen._id}`));
    expect(read.planRevisiones.map((r) => r.estado)).toEqual(['proxima', 'al_dia']);
    expect(read.planRevisiones[0]?.proximasHoras).toBe('2000.0');
    expect(read.planRevisiones[1]?.proximaFecha).toBe('2026-04-20');
    await t.api.post(`/api/maquinaria/${gen._id}/horometro`, {
      fecha: '2026-03-02',
      lectura: '2000.5',
    });
    t.setHoy('2026-03-25');
    const later = dataOf<{
      planRevisiones: { estado: string }[];
      avisos: { mensaje: string; nivel: string }[];
    }>(await t.api.get(`/api/maquinaria/${gen._id}`));
    expect(later.planRevisiones.map((r) => r.estado)).toEqual(['vencida', 'proxima']);
    expect(later.avisos).toContainEqual(
      expect.objectContaining({ nivel: 'error', mensaje: 'Revisión vencida: Mantenimiento 500 h' }),
    );
    const filtered = await t.api.get('/api/maquinaria?aviso=revision_vencida');
    expect(
      filtered.json<{ data: { codigoInterno: string }[] }>().data.map((m) => m.codigoInterno),
    ).toEqual([gen.codigoInterno]);
    t.setHoy('2026-04-21');
    const year = dataOf<{ planRevisiones: { estado: string }[] }>(
      await t.api.get(`/api/maquinaria/${gen._id}`),
    );
    expect(year.planRevisiones[1]?.estado).toBe('vencida');
    t.setHoy('2026-03-02');
  });

  test('scenario 13: two admins edit at version 1; the second gets the stale 409 and nothing of it is written', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'EDIT-1', tipo: 'dumper', marca: 'Ausa' });
    const first = await t.api.put(`/api/maquinaria/${m._id}`, {
      ...maquinaBody({
        numeroSerie: 'EDIT-1',
        tipo: 'dumper',
        marca: 'Ausa',
        tarifas: { dia: '100.00' },
      }),
      version: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf(first)).toMatchObject({ version: 2, tarifas: { dia: '100.00', semana: null } });
    const second = await t.api.put(`/api/maquinaria/${m._id}`, {
      ...maquinaBody({
        numeroSerie: 'EDIT-1',
        tipo: 'dumper',
        marca: 'Ausa',
        tarifas: { dia: '120.00' },
      }),
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: STALE });
    expect(dataOf(await t.api.get(`/api/maquinaria/${m._id}`))).toMatchObject({
      tarifas: { dia: '100.00' },
      version: 2,
    });
    const history = await t.api.get(`/api/maquinaria/${m._id}/historial`);
    expect(history.json<{ data: { accion: string }[] }>().data.map((e) => e.accion)).toEqual([
      'modificar',
      'crear',
    ]);
  });

  test('scenario 16: the CSV escapes a formula, with BOM, ";" and CRLF; the ficha PDF has no purchase price', async () => {
    const m = await crearMaquina(t, {
      tipo: 'compactador',
      marca: 'Bomag',
      modelo: '=HYPERLINK("x")',
      numeroSerie: 'BW-1',
      precioAdquisicion: '12345.67',
    });
    const csv = await t.api.get('/api/maquinaria/export?tipo=compactador');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="maquinaria-2026-03-02.csv"',
    );
    expect(
      csv.body.startsWith(
        '\uFEFFCódigo;Tipo;Marca;Modelo;Nº de serie;Año;Matrícula;Horómetro (h);Estado;Tarifa día (€);Tarifa semana (€);Tarifa mes (€);Peso (kg);Caducidad ITV;Avisos\r\n',
      ),
    ).toBe(true);
    expect(csv.body).toContain(`COM-001;Compactador;Bomag;"'=HYPERLINK(""x"")";BW-1;`);
    const pdf = await t.api.get(`/api/maquinaria/${m._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Ficha técnica COM-001');
    expect(text).toContain('95,00 €');
    expect(text).not.toContain('12.345,67');
  });

  test('R15: a machine with only its initial reading can be deleted; lists default to active machines', async () => {
    const m = await crearMaquina(t, { numeroSerie: 'DEL-1', tipo: 'otra', marca: 'Otra' });
    // The detail tells the screen whether to offer "Eliminar" (§5.3).
    expect(dataOf(await t.api.get(`/api/maquinaria/${m._id}`))).toMatchObject({ eliminable: true });
    expect(dataOf(await t.api.get(`/api/maquinaria/${mex1._id}`))).toMatchObject({
      eliminable: false,
    });
    expect((await t.api.delete(`/api/maquinaria/${m._id}?version=1`)).statusCode).toBe(204);
    expect((await t.api.get(`/api/maquinaria/${m._id}`)).json()).toEqual({
      message: 'Máquina no encontrada',
    });
    const withReadings = await t.api.delete(`/api/maquinaria/${mex1._id}`);
    expect(withReadings.statusCode).toBe(409);
    expect(withReadings.json<{ message: string }>().message).toBe(
      'No se puede eliminar MEX-001: tiene 0 reservas y 3 movimientos. Dala de baja (o desactívalo) en su lugar.',
    );
    const search = await t.api.get('/api/maquinaria?searchTerm=kubota&sort=-codigoInterno');
    expect(
      search.json<{ data: { codigoInterno: string }[] }>().data.map((m) => m.codigoInterno),
    ).toEqual(['MEX-002', 'MEX-001']);
  });
});
