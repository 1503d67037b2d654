import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { camionSchema, conductorSchema, type Camion } from '@tvsistema/domain/flota';
import { pdfPages } from '../helpers/pdf-text.js';
import { TEST_NAMESPACE } from '../helpers/tokens.js';
import {
  camionBody,
  conductorBody,
  crearCamion,
  crearConductor,
  createFlotaTest,
  dataOf,
  leerCamion,
  nuevaMatricula,
  nuevoBastidor,
  type FlotaTest,
} from './flota-helpers.js';

// flota-obras.md §9 part A: identity (5, 6), the ITV schedule (1–4), concurrency (12), baja and
// deletion (10), drivers (11), permissions (19) and documents (20).

const STALE = 'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.';

let t: FlotaTest;
beforeAll(async () => {
  t = await createFlotaTest('2026-11-22');
});
afterAll(async () => {
  await t?.close();
});

describe('camiones', () => {
  test("§10 the list and the record go out as JSON text with exactly the schema's keys, in its order (vehicles and drivers)", async () => {
    const conductor = dataOf<{ _id: string }>(
      await t.api.post('/api/conductores', conductorBody({ documento: '55667788Z' })),
    );
    const camion = await crearCamion(t, { conductorHabitualId: conductor._id });
    const registro = (await t.api.get(`/api/camiones/${camion._id}`)).json<{ data: Camion }>().data;
    const lista = (await t.api.get(`/api/camiones?searchTerm=${camion.matricula}`)).json<{
      data: Camion[];
    }>().data;
    for (const vehiculo of [registro, ...lista]) {
      expect(camionSchema.strict().parse(vehiculo)).toEqual(vehiculo);
      expect(Object.keys(vehiculo)).toEqual(Object.keys(camionSchema.shape));
    }
    expect(lista.find((v) => v._id === camion._id)).toEqual(registro);
    const conductores = (await t.api.get('/api/conductores?limit=100')).json<{
      data: Record<string, unknown>[];
    }>().data;
    expect(conductores.length).toBeGreaterThan(0);
    for (const c of conductores) {
      expect(conductorSchema.strict().parse(c)).toEqual(c);
      expect(Object.keys(c)).toEqual(Object.keys(conductorSchema.shape));
    }
  });

  test('scenario 5: the plate is normalised, unique, checked and R only for trailers', async () => {
    t.setHoy('2026-11-22');
    const creado = await t.api.post(
      '/api/camiones',
      camionBody({ matricula: '4417-ktm', tipo: 'tractora', mmaKg: 18_000, taraKg: 7450 }),
    );
    expect(creado.statusCode).toBe(201);
    expect(dataOf(creado)).toMatchObject({ matricula: '4417KTM', matriculaTexto: '4417 KTM' });

    const otra = await t.api.post('/api/camiones', camionBody({ matricula: '4417 KTM' }));
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({
      message: 'Ya existe un vehículo con la matrícula 4417 KTM',
      errors: ['matricula: Ya existe un vehículo con la matrícula 4417 KTM'],
    });

    const formato = await t.api.post('/api/camiones', camionBody({ matricula: '4417 KAM' }));
    expect(formato.statusCode).toBe(400);
    expect(formato.json<{ errors: string[] }>().errors).toEqual([
      'matricula: La matrícula no tiene un formato válido (1234 BCD, R 1234 BCD, E 1234 BCD o PM 1234 AB)',
    ]);

    const semi = await t.api.post(
      '/api/camiones',
      camionBody({ matricula: '7731BCF', tipo: 'semirremolque', mmaKg: 36_000, taraKg: 9800 }),
    );
    expect(semi.statusCode).toBe(400);
    expect(semi.json<{ errors: string[] }>().errors).toEqual([
      'matricula: Los remolques y semirremolques llevan matrícula R (R 1234 BCD)',
    ]);

    const ligero = await t.api.post(
      '/api/camiones',
      camionBody({ matricula: 'R1234BCD', tipo: 'remolque', mmaKg: 750, taraKg: 200 }),
    );
    expect(ligero.statusCode).toBe(400);
    expect(ligero.json<{ errors: string[] }>().errors).toEqual([
      'tipo: Los remolques de hasta 750 kg no tienen matrícula propia y no se registran en la flota',
    ]);
  });

  test('§2.1: a vehicle written before autorización and tacógrafo were required still reads; an edit must add them', async () => {
    t.setHoy('2026-11-22');
    // Straight into the database, as a row of before the rule (no autorización, no tacógrafo, no
    // resumen yet): what the API never writes now.
    const matricula = nuevaMatricula();
    const filas = (await t.database.db.execute(
      sql`insert into camiones (matricula, bastidor, tipo, marca, modelo, fecha_primera_matriculacion,
            fecha_alta, mma_kg, tara_kg, itv_proxima_inicial, itv_hasta, busqueda)
          values (${matricula}, ${nuevoBastidor()}, 'rigido', 'Iveco', 'Eurocargo', '2019-03-01',
            '2019-03-01', 12000, 6900, '2027-03-01', '2027-03-01', ${matricula.toLowerCase()})
          returning id::text as id`,
    )) as unknown as { rows: { id: string }[] };
    const id = filas.rows[0]?.id ?? '';
    const detalle = await t.api.get(`/api/camiones/${id}`);
    expect(detalle.statusCode, detalle.body).toBe(200);
    const leido = dataOf<Camion>(detalle);
    expect(leido).toMatchObject({ matricula, autorizacion: null, tacografo: null });
    const lista = await t.api.get(`/api/camiones?search=${matricula}`);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json<{ data: Camion[] }>().data.map((c) => c._id)).toContain(id);
    expect((await t.api.get(`/api/camiones/${id}/pdf`)).statusCode).toBe(200);
    expect((await t.api.get(`/api/camiones/export?search=${matricula}`)).statusCode).toBe(200);

    const sinDatos = {
      matricula,
      bastidor: leido.bastidor,
      tipo: 'rigido',
      marca: 'Iveco',
      modelo: 'Eurocargo',
      fechaPrimeraMatriculacion: '2019-03-01',
      fechaAlta: '2019-03-01',
      mmaKg: 12_000,
      taraKg: 6900,
      itvProximaInicial: '2027-03-01',
      version: leido.version,
    };
    const editado = await t.api.put(`/api/camiones/${id}`, sinDatos);
    expect(editado.statusCode).toBe(400);
    expect(editado.json<{ errors: string[] }>().errors).toEqual([
      'autorizacion.tipo: Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      'tacografo.tipo: Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)',
    ]);
    const completo = await t.api.put(`/api/camiones/${id}`, {
      ...sinDatos,
      autorizacion: { tipo: 'no_requiere' },
      tacografo: { tipo: 'analogico' },
    });
    expect(completo.statusCode, completo.body).toBe(200);
    expect(dataOf<Camion>(completo)).toMatchObject({
      autorizacion: { tipo: 'no_requiere' },
      tacografo: { tipo: 'analogico' },
    });
  });

  test('§2.1: a motor vehicle needs its autorización and tacógrafo; a trailer carries neither', async () => {
    const sin = await t.api.post(
      '/api/camiones',
      camionBody({ tipo: 'furgoneta', mmaKg: 3500, taraKg: 2100, autorizacion: null }),
    );
    expect(sin.statusCode).toBe(400);
    expect(sin.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'autorizacion.tipo: Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      ],
    });
    const { autorizacion: _a, tacografo: _t, ...sinNada } = camionBody({ tipo: 'tractora' });
    expect(
      (await t.api.post('/api/camiones', sinNada)).json<{ errors: string[] }>().errors,
    ).toEqual([
      'autorizacion.tipo: Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      'tacografo.tipo: Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)',
    ]);
    const mdp = await t.api.post(
      '/api/camiones',
      camionBody({ autorizacion: { tipo: 'MDP' }, tacografo: { tipo: 'digital' } }),
    );
    expect(mdp.json<{ errors: string[] }>().errors).toEqual([
      'autorizacion.numero: Indica el número de autorización (hasta 30 caracteres)',
      'autorizacion.visadoHasta: Indica la fecha de visado',
    ]);
    const semi = await t.api.post(
      '/api/camiones',
      camionBody({
        matricula: 'R4521BCF',
        tipo: 'semirremolque',
        mmaKg: 36_000,
        taraKg: 9800,
        tacografo: { tipo: 'no_lleva' },
      }),
    );
    expect(semi.json<{ errors: string[] }>().errors).toEqual([
      'tacografo: Los remolques y semirremolques no llevan este dato',
    ]);
    const creado = await crearCamion(t, {
      autorizacion: { tipo: 'MDP', numero: '11223344', visadoHasta: '2028-09-30' },
      tacografo: { tipo: 'digital', numeroSerie: 'SE5000-1' },
    });
    expect(creado.autorizacion).toEqual({
      tipo: 'MDP',
      numero: '11223344',
      visadoHasta: '2028-09-30',
    });
    expect(creado.tacografo).toMatchObject({ tipo: 'digital', numeroSerie: 'SE5000-1' });
    const remolque = await crearCamion(t, {
      matricula: 'R4522BCF',
      tipo: 'semirremolque',
      mmaKg: 36_000,
      taraKg: 9800,
    });
    expect(remolque).toMatchObject({ autorizacion: null, tacografo: null });
  });

  test('scenario 6: the VIN check digit is only a warning; I, O and Q are refused', async () => {
    const bueno = await t.api.post('/api/camiones', camionBody({ bastidor: '1M8GDM9AXKP042788' }));
    expect(bueno.statusCode).toBe(201);
    expect(bueno.json()).not.toHaveProperty('warnings');

    const europeo = await t.api.post(
      '/api/camiones',
      camionBody({ bastidor: 'WDB9634031L738467' }),
    );
    expect(europeo.statusCode).toBe(201);
    expect(europeo.json<{ warnings: string[] }>().warnings).toEqual([
      'El dígito de control del bastidor no coincide; en vehículos europeos es habitual, revísalo',
    ]);

    const malo = await t.api.post('/api/camiones', camionBody({ bastidor: 'WDB9634031O738467' }));
    expect(malo.statusCode).toBe(400);
    expect(malo.json<{ errors: string[] }>().errors).toEqual([
      'bastidor: El bastidor debe tener 17 caracteres: letras y números, sin I, O ni Q',
    ]);
    const repetido = await t.api.post(
      '/api/camiones',
      camionBody({ bastidor: '1M8GDM9AXKP042788' }),
    );
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json<{ message: string }>().message).toBe(
      'Ya existe un vehículo con el bastidor 1M8GDM9AXKP042788',
    );
  });

  test('scenario 1: a favourable ITV 18 days early keeps the base: 10 years → 6 months', async () => {
    t.setHoy('2026-02-25');
    const camion = await crearCamion(t, {
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7450,
      fechaPrimeraMatriculacion: '2016-03-10',
      fechaAlta: '2016-03-10',
      itvProximaInicial: '2026-03-10',
    });
    expect(camion.itvHasta).toBe('2026-03-10');
    const itv = await t.api.post(`/api/camiones/${camion._id}/itv`, {
      fecha: '2026-02-20',
      estacion: 'ITV Son Castelló',
      resultado: 'favorable',
    });
    expect(itv.statusCode).toBe(201);
    expect(itv.json<{ data: { proximaItv: string }; camion: Camion }>()).toMatchObject({
      data: { proximaItv: '2026-09-10' },
      camion: { itvHasta: '2026-09-10', itv: { estado: 'vigente' } },
    });
  });

  test('scenario 2: an N1 van without card date: first ITV at 2 years, then 24 months; an existing one needs the card', async () => {
    t.setHoy('2025-01-20');
    const furgoneta = {
      tipo: 'furgoneta',
      mmaKg: 3500,
      taraKg: 2100,
      fechaPrimeraMatriculacion: '2023-02-15',
      fechaAlta: '2023-02-15',
      itvProximaInicial: null,
    };
    const camion = await crearCamion(t, furgoneta);
    expect(camion).toMatchObject({
      categoria: 'N1',
      itvHasta: '2025-02-15',
      itv: { estado: 'proxima', texto: 'Próxima' },
    });
    const vencimientos = await t.api.get('/api/camiones/vencimientos?dias=30&limit=100');
    expect(
      vencimientos
        .json<{ data: { refId: string; tipo: string; diasRestantes: number }[] }>()
        .data.filter((v) => v.refId === camion._id && v.tipo === 'itv'),
    ).toEqual([expect.objectContaining({ diasRestantes: 26, estado: 'proximo', concepto: 'ITV' })]);

    t.setHoy('2025-02-10');
    const itv = await t.api.post(`/api/camiones/${camion._id}/itv`, {
      fecha: '2025-02-10',
      resultado: 'favorable',
      km: 48_000,
    });
    expect(itv.json<{ camion: Camion }>().camion).toMatchObject({
      itvHasta: '2027-02-15',
      kmActual: 48_000,
    });

    t.setHoy('2026-11-22');
    const tarde = await t.api.post('/api/camiones', camionBody(furgoneta));
    expect(tarde.statusCode).toBe(400);
    expect(tarde.json<{ errors: string[] }>().errors).toEqual([
      'itvProximaInicial: Indica la fecha de la próxima ITV que figura en la tarjeta ITV',
    ]);
  });

  test('scenario 3: a late inspection counts from its date; 45 days early too', async () => {
    t.setHoy('2025-06-20');
    const camion = await crearCamion(t, {
      mmaKg: 26_000,
      taraKg: 11_000,
      fechaPrimeraMatriculacion: '2019-01-20',
      fechaAlta: '2019-01-20',
      itvProximaInicial: '2025-06-01',
    });
    const una = await t.api.post(`/api/camiones/${camion._id}/itv`, {
      fecha: '2025-06-15',
      resultado: 'favorable',
    });
    expect(una.json<{ camion: Camion }>().camion.itvHasta).toBe('2026-06-15');
    t.setHoy('2026-05-05');
    const dos = await t.api.post(`/api/camiones/${camion._id}/itv`, {
      fecha: '2026-05-01',
      resultado: 'favorable',
    });
    expect(dos.json<{ camion: Camion }>().camion.itvHasta).toBe('2027-05-01');
    const lista = await t.api.get(`/api/camiones/${camion._id}/itv`);
    expect(
      lista
        .json<{ data: { fecha: string; proximaItv: string }[] }>()
        .data.map((i) => [i.fecha, i.proximaItv]),
    ).toEqual([
      ['2026-05-01', '2027-05-01'],
      ['2025-06-15', '2026-06-15'],
    ]);
    const anterior = lista.json<{ data: { _id: string }[] }>().data[1]?._id ?? '';
    const borrar = await t.api.delete(`/api/camiones/${camion._id}/itv/${anterior}`);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json<{ message: string }>().message).toBe(
      'Solo se puede modificar o eliminar la última inspección registrada',
    );
  });

  test('scenario 4: a desfavorable ITV makes the grúa not apto until a favourable one', async () => {
    t.setHoy('2026-03-02');
    const grua = await crearCamion(t, {
      matricula: '2093HBL',
      carroceria: 'grua',
      fechaPrimeraMatriculacion: '2011-09-03',
      fechaAlta: '2011-09-03',
      itvProximaInicial: '2026-03-03',
    });
    const mala = await t.api.post(`/api/camiones/${grua._id}/itv`, {
      fecha: '2026-03-02',
      resultado: 'desfavorable',
    });
    expect(mala.json<{ camion: Camion }>().camion).toMatchObject({
      apto: false,
      motivosNoApto: ['ITV desfavorable: subsanar antes del 02/05/2026'],
      itv: { estado: 'desfavorable', plazoSubsanacion: '2026-05-02' },
    });
    const aptos = await t.api.get('/api/camiones?soloAptos=true&limit=100');
    expect(aptos.json<{ data: Camion[] }>().data.map((c) => c._id)).not.toContain(grua._id);

    t.setHoy('2026-03-20');
    const buena = await t.api.post(`/api/camiones/${grua._id}/itv`, {
      fecha: '2026-03-20',
      resultado: 'favorable',
    });
    expect(buena.json<{ camion: Camion }>().camion).toMatchObject({
      itvHasta: '2026-09-20',
      apto: true,
      motivosNoApto: [],
    });
  });

  test('scenario 12: a stale version is refused and the row stays; one Modificación in Historial', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t);
    const leido = await leerCamion(t, camion._id);
    const { _id, version } = leido;
    const cuerpo = (extra: Record<string, unknown>) =>
      camionBody({
        matricula: leido.matricula,
        bastidor: leido.bastidor,
        version,
        ...extra,
      });
    const primera = await t.api.put(`/api/camiones/${_id}`, cuerpo({ modelo: 'FH 540' }));
    expect(primera.statusCode).toBe(200);
    expect(dataOf<Camion>(primera).version).toBe(version + 1);
    const conEmpresa = await t.api.put(
      `/api/camiones/${_id}`,
      cuerpo({ empresa: 'transporte', version: version + 1 }),
    );
    expect(conEmpresa.json<{ errors: string[] }>().errors).toEqual([
      'empresa: La empresa no puede modificarse después de la creación.',
    ]);
    const segunda = await t.api.put(`/api/camiones/${_id}`, cuerpo({ modelo: 'FH 460' }));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json<{ message: string }>().message).toBe(STALE);
    expect((await leerCamion(t, _id)).modelo).toBe('FH 540');
    const historial = await t.api.get(`/api/camiones/${_id}/historial`);
    const entradas = historial.json<{ data: { accion: string }[] }>().data;
    expect(entradas.filter((e) => e.accion === 'modificar')).toHaveLength(1);
  });

  test('scenario 10: Dar de baja unassigns the driver and stops due items; DELETE names the records; Reactivar', async () => {
    t.setHoy('2026-11-22');
    const miquel = await crearConductor(t, {
      nombre: 'Miquel',
      apellidos: 'Ferrer Vidal',
      documento: '41234567Y',
      clasesPermiso: ['B', 'C'],
    });
    const camion = await crearCamion(t, {
      fechaPrimeraMatriculacion: '2011-09-03',
      fechaAlta: '2020-01-10',
      itvProximaInicial: '2026-12-01',
      conductorHabitualId: miquel._id,
      kmIniciales: 380_000,
    });
    expect(camion.conductorHabitual).toEqual({ _id: miquel._id, nombre: 'Miquel Ferrer Vidal' });
    for (const fecha of ['2026-03-02', '2026-09-01'])
      await t.api.post(`/api/camiones/${camion._id}/itv`, { fecha, resultado: 'favorable' });
    const mantenimiento = await t.api.post(`/api/camiones/${camion._id}/mantenimientos`, {
      fecha: '2026-11-01',
      km: 388_000,
      tipo: 'frenos',
      coste: '420.50',
    });
    expect(mantenimiento.statusCode).toBe(201);
    const leido = await leerCamion(t, camion._id);

    const baja = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'dar_baja',
      fecha: '2026-11-22',
      motivo: 'Venta',
      version: leido.version,
    });
    expect(baja.statusCode).toBe(200);
    expect(dataOf<Camion>(baja)).toMatchObject({
      estado: 'baja',
      activo: false,
      conductorHabitual: null,
      vencimientos: [],
      motivosNoApto: expect.arrayContaining(['Dado de baja']),
    });
    const asignaciones = await t.api.get(`/api/camiones/${camion._id}/asignaciones`);
    expect(asignaciones.json<{ data: unknown[] }>().data).toEqual([
      {
        conductorId: miquel._id,
        nombre: 'Miquel Ferrer Vidal',
        desde: '2026-11-22',
        hasta: '2026-11-22',
      },
    ]);

    const borrar = await t.api.delete(`/api/camiones/${camion._id}`);
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json<{ message: string }>().message).toBe(
      'No se puede eliminar el vehículo: tiene registros asociados (1 mantenimiento, 2 inspecciones ITV). Dalo de baja.',
    );

    // §5.7's footer names who generated it: the token's display name (the e-mail without one).
    const conNombre = await t.tokens.forRoles(['transportes'], {
      sub: 'auth0|tomas',
      email: 'transportes@tvsistema.test',
      [`${TEST_NAMESPACE}name`]: 'Tomás Transportes',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/camiones/${camion._id}/pdf`,
      headers: { authorization: `Bearer ${conNombre}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(texto).toContain(`Ficha del vehículo ${camion.matriculaTexto}`);
    expect(texto).toMatch(/Generado el \d\d\/\d\d\/\d{4} \d\d:\d\d por Tomás Transportes/);
    const sinNombre = await t.api.get(`/api/camiones/${camion._id}/pdf`, 'transportes');
    expect((await pdfPages(sinNombre.rawPayload)).join('\n')).toMatch(
      /Generado el \d\d\/\d\d\/\d{4} \d\d:\d\d por transportes@tvsistema\.test/,
    );
    expect(texto).toContain('Frenos');
    expect(texto).toContain('Dado de baja');

    const reactivar = await t.api.post(`/api/camiones/${camion._id}/estado`, {
      accion: 'reactivar',
      fecha: '2026-11-22',
      version: dataOf<Camion>(baja).version,
    });
    expect(dataOf<Camion>(reactivar)).toMatchObject({ estado: 'activo', fechaBaja: null });
  });

  test('scenario 11: licence class, one vehicle per habitual driver, unassign then assign', async () => {
    t.setHoy('2026-11-22');
    const lucas = await crearConductor(t, {
      nombre: 'Lucas',
      apellidos: 'Martín Rosselló',
      documento: '78212345V',
      clasesPermiso: ['B', 'C1'],
    });
    const joan = await crearConductor(t);
    const antoni = await crearConductor(t, {
      nombre: 'Antoni',
      apellidos: 'Bauzà Mas',
      documento: '43098765P',
    });
    await crearCamion(t, {
      tipo: 'tractora',
      matricula: '4418KTM',
      mmaKg: 18_000,
      taraKg: 7450,
      conductorHabitualId: joan._id,
    });
    const ldsBody = {
      matricula: '8862LDS',
      bastidor: nuevoBastidor(),
      mmaKg: 32_000,
      taraKg: 12_000,
    };
    const lds = await crearCamion(t, { ...ldsBody, conductorHabitualId: antoni._id });
    const jrwBody = {
      matricula: '6754JRW',
      bastidor: nuevoBastidor(),
      tipo: 'tractora',
      mmaKg: 18_000,
      taraKg: 7900,
    };
    const jrw = await crearCamion(t, jrwBody);

    const conLucas = await t.api.put(
      `/api/camiones/${lds._id}`,
      camionBody({ ...ldsBody, conductorHabitualId: lucas._id, version: lds.version }),
    );
    expect(conLucas.statusCode).toBe(409);
    expect(conLucas.json()).toEqual({
      message: 'No se puede asignar el conductor habitual',
      errors: [
        'conductorHabitualId: El conductor no tiene el permiso C, necesario para este vehículo',
      ],
    });

    const conJoan = await t.api.put(
      `/api/camiones/${jrw._id}`,
      camionBody({ ...jrwBody, conductorHabitualId: joan._id, version: jrw.version }),
    );
    expect(conJoan.statusCode).toBe(409);
    expect(conJoan.json<{ errors: string[] }>().errors).toEqual([
      'conductorHabitualId: Joan Pons Amengual ya es el conductor habitual de 4418 KTM',
    ]);

    const libre = await t.api.put(
      `/api/camiones/${lds._id}`,
      camionBody({ ...ldsBody, conductorHabitualId: null, version: lds.version }),
    );
    expect(libre.statusCode).toBe(200);
    const conAntoni = await t.api.put(
      `/api/camiones/${jrw._id}`,
      camionBody({ ...jrwBody, conductorHabitualId: antoni._id, version: jrw.version }),
    );
    expect(conAntoni.statusCode).toBe(200);
    expect(dataOf<Camion>(conAntoni).conductorHabitual?.nombre).toBe('Antoni Bauzà Mas');
    const conductor = await t.api.get(`/api/conductores/${antoni._id}`);
    expect(dataOf(conductor)).toMatchObject({ vehiculoHabitual: { matriculaTexto: '6754 JRW' } });
  });

  test('scenario 19: who reads and writes the fleet', async () => {
    const lista = '/api/camiones';
    expect((await t.api.post(lista, camionBody(), 'transportes')).statusCode).toBe(403);
    expect((await t.api.get(lista, 'maquinaria')).statusCode).toBe(200);
    expect((await t.api.get(lista, 'operaciones')).statusCode).toBe(200);
    expect((await t.api.get(lista, 'transportes')).statusCode).toBe(200);
    expect((await t.api.get(lista, 'arquitecto')).statusCode).toBe(403);
    expect((await t.api.get(lista, 'empleado')).statusCode).toBe(403);
    const soloOperaciones = await t.tokens.forRoles(['operaciones'], { sub: 'auth0|op' });
    const sinSistema = await t.app.inject({
      method: 'GET',
      url: lista,
      headers: { authorization: `Bearer ${soloOperaciones}` },
    });
    expect(sinSistema.statusCode).toBe(403);
    expect((await t.api.get('/api/conductores', 'transportes')).statusCode).toBe(200);
    expect((await t.api.get('/api/camiones/vencimientos', 'alquileres')).statusCode).toBe(403);
  });

  test('scenario 20: documents: 26 MB → 413, an executable named .pdf → 415, a policy with its expiry is a due item', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t);
    const url = `/api/camiones/${camion._id}/archivos`;
    const grande = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(26 * 1024 * 1024)]);
    const enorme = await t.api.upload(
      url,
      { categoria: 'poliza' },
      { nombre: 'grande.pdf', contenido: grande },
    );
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json<{ message: string }>().message).toBe(
      'El archivo supera el tamaño máximo de 25 MB',
    );
    const exe = await t.api.upload(
      url,
      { categoria: 'poliza' },
      {
        nombre: 'poliza.pdf',
        contenido: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
      },
    );
    expect(exe.statusCode).toBe(415);
    // flota-obras.md §6's own wording (decision 0039), not modules/README.md's.
    expect(exe.json<{ message: string }>().message).toBe(
      'Tipo de archivo no permitido. Se admiten PDF, imágenes, documentos de Office y CSV',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const bueno = await t.api.upload(
      url,
      { categoria: 'poliza', vencimiento: '2026-12-01' },
      { nombre: 'poliza.pdf', contenido: pdf },
    );
    expect(bueno.statusCode).toBe(201);
    expect(dataOf(bueno)).toMatchObject({ categoria: 'poliza', vencimiento: '2026-12-01' });
    expect((await leerCamion(t, camion._id)).vencimientos).toEqual([
      expect.objectContaining({
        tipo: 'documento',
        concepto: 'Póliza de seguro',
        diasRestantes: 9,
      }),
    ]);
    const lista = await t.api.get(url, 'transportes');
    expect(lista.json<{ data: unknown[] }>().data).toHaveLength(1);
    const id = dataOf<{ _id: string }>(bueno)._id;
    expect((await t.api.delete(`${url}/${id}`, 'transportes')).statusCode).toBe(403);
    expect((await t.api.get(`${url}/${id}`)).statusCode).toBe(200);
  });

  test('§2.1 mantenimiento: numeroFactura up to 40, compraId a compra of Transportes; ?tipo= gives the previous one', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t, { kmIniciales: 100_000 });
    const proveedor = async (nombre: string, documento: string, empresa: string) => {
      const r = await t.api.post('/api/proveedores', { nombre, documento, empresa });
      if (r.statusCode !== 201) throw new Error(r.body);
      return dataOf<{ _id: string }>(r)._id;
    };
    const compra = async (empresa: string, proveedorId: string, numero: string) => {
      const r = await t.api.post('/api/compras', {
        empresa,
        proveedorId,
        numeroFacturaProveedor: numero,
        fechaExpedicion: '2026-11-20',
        lineas: [{ descripcion: 'Revisión', base: '500.00', tipoIva: 21 }],
      });
      if (r.statusCode !== 201) throw new Error(r.body);
      return dataOf<{ _id: string; numeroRegistro: string }>(r);
    };
    const taller = await proveedor('Talleres Son Castelló', 'B07451230', 'transporte');
    const deTransporte = await compra('transporte', taller, 'SC-2026/118');
    const deAlquileres = await compra(
      'alquileres',
      await proveedor('Neumàtics Llevant', 'B07123987', 'alquileres'),
      'NL-2026/7',
    );
    const url = `/api/camiones/${camion._id}/mantenimientos`;
    const body = {
      fecha: '2026-11-20',
      km: 101_000,
      tipo: 'revision',
      coste: '500.00',
      proximaFecha: '2027-11-20',
      proximoKm: 131_000,
    };
    const largo = await t.api.post(url, { ...body, numeroFactura: 'F'.repeat(41) });
    expect(largo.statusCode).toBe(400);
    expect(largo.json<{ errors: string[] }>().errors).toEqual([
      'numeroFactura: Como máximo 40 caracteres',
    ]);
    for (const compraId of [deAlquileres._id, '8b0f8a9e-3f7c-4b8e-9d4a-1c2e3f4a5b6c', 'C-1']) {
      const mal = await t.api.post(url, { ...body, compraId });
      expect(mal.statusCode).toBe(400);
      expect(mal.json()).toEqual({
        message: 'Datos inválidos',
        errors: ['compraId: Elige una compra de Transportes de la lista'],
      });
    }
    const creado = await t.api.post(url, {
      ...body,
      numeroFactura: 'SC-2026/118',
      compraId: deTransporte._id,
    });
    expect(creado.statusCode).toBe(201);
    expect(dataOf(creado)).toMatchObject({
      numeroFactura: 'SC-2026/118',
      compraId: deTransporte._id,
      compra: {
        _id: deTransporte._id,
        numeroRegistro: deTransporte.numeroRegistro,
        proveedor: 'Talleres Son Castelló',
        numeroFacturaProveedor: 'SC-2026/118',
      },
    });
    await t.api.post(url, { fecha: '2026-11-21', km: 101_100, tipo: 'frenos', coste: '90.00' });
    const revisiones = await t.api.get(`${url}?tipo=revision&limit=1`);
    expect(revisiones.json<{ data: unknown[]; meta: { total: number } }>()).toMatchObject({
      data: [{ tipo: 'revision', proximaFecha: '2027-11-20', proximoKm: 131_000 }],
      meta: { total: 1 },
    });
    expect((await t.api.get(url)).json<{ meta: { total: number } }>().meta.total).toBe(2);

    // The database refuses a link to no compra too (foreign key, 23503), written past the API; a
    // real compra is accepted; a compra a maintenance names cannot be deleted (RESTRICT).
    const insertar = (compraId: string) =>
      t.database.db.execute(
        sql`insert into camion_mantenimientos (camion_id, fecha, tipo, compra_id)
            values (${camion._id}, '2026-11-21', 'otro', ${compraId})`,
      );
    await expect(insertar('8b0f8a9e-3f7c-4b8e-9d4a-1c2e3f4a5b6c')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
    await insertar(deTransporte._id);
    await expect(
      t.database.db.execute(sql`delete from compras where id = ${deTransporte._id}`),
    ).rejects.toMatchObject({
      // PostgreSQL answers 23503, PGlite 23001 (restrict_violation); both name the key.
      cause: expect.objectContaining({
        code: expect.stringMatching(/^23(001|503)$/),
        message: expect.stringContaining('camion_mantenimientos_compra_id_compras_id_fk'),
      }),
    });
  });

  test('§2.1 inspección "Informe": a file of the vehicle of categoría Informe ITV; deleting it unlinks it', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t);
    const otro = await crearCamion(t);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const subir = async (camionId: string, categoria: string) =>
      dataOf<{ _id: string }>(
        await t.api.upload(
          `/api/camiones/${camionId}/archivos`,
          { categoria },
          { nombre: `${categoria}.pdf`, contenido: pdf },
        ),
      )._id;
    const informe = await subir(camion._id, 'informe_itv');
    const poliza = await subir(camion._id, 'poliza');
    const ajeno = await subir(otro._id, 'informe_itv');
    const url = `/api/camiones/${camion._id}/itv`;
    const body = { fecha: '2026-11-20', estacion: 'ITV Son Castelló', resultado: 'favorable' };
    for (const informeArchivoId of [poliza, ajeno, 'no-es-un-id']) {
      const mal = await t.api.post(url, { ...body, informeArchivoId });
      expect(mal.statusCode).toBe(400);
      expect(mal.json()).toEqual({
        message: 'Datos inválidos',
        errors: ['informeArchivoId: Elige un informe ITV de los documentos del vehículo'],
      });
    }
    const creada = await t.api.post(url, { ...body, informeArchivoId: informe });
    expect(creada.statusCode).toBe(201);
    expect(dataOf(creada)).toMatchObject({ informeArchivoId: informe });
    const [listada] = (await t.api.get(url, 'transportes')).json<{ data: unknown[] }>().data;
    expect(listada).toMatchObject({ informeArchivoId: informe });
    const descarga = await t.api.get(`/api/camiones/${camion._id}/archivos/${informe}`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-disposition']).toContain('informe_itv.pdf');

    expect((await t.api.delete(`/api/camiones/${camion._id}/archivos/${informe}`)).statusCode).toBe(
      204,
    );
    const [sinInforme] = (await t.api.get(url)).json<{ data: unknown[] }>().data;
    expect(sinInforme).toMatchObject({ informeArchivoId: null });
  });

  test('§4.3: MDP above 3.500 kg, MDL from 2.000 to 3.500 kg; over 3.500 kg with no tachograph is only a warning', async () => {
    const errores = async (extra: Record<string, unknown>) => {
      const r = await t.api.post('/api/camiones', camionBody(extra));
      expect(r.statusCode).toBe(400);
      return r.json<{ errors: string[] }>().errors;
    };
    const furgoneta = { tipo: 'furgoneta', mmaKg: 3500, taraKg: 2100 };
    const mdp = { tipo: 'MDP', numero: '123', visadoHasta: '2028-09-30' };
    const mdl = { ...mdp, tipo: 'MDL' };
    expect(await errores({ ...furgoneta, autorizacion: mdp })).toEqual([
      'autorizacion.tipo: La autorización MDP es para vehículos de más de 3.500 kg de MMA',
    ]);
    const MDL =
      'autorizacion.tipo: La autorización MDL es para vehículos de más de 2.000 kg y hasta 3.500 kg de MMA';
    expect(await errores({ autorizacion: mdl })).toEqual([MDL]);
    expect(await errores({ ...furgoneta, mmaKg: 2000, taraKg: 1500, autorizacion: mdl })).toEqual([
      MDL,
    ]);
    const ligera = await t.api.post(
      '/api/camiones',
      camionBody({ ...furgoneta, autorizacion: mdl }),
    );
    expect(ligera.statusCode).toBe(201);
    const pesado = await t.api.post('/api/camiones', camionBody({ autorizacion: mdp }));
    expect(pesado.statusCode).toBe(201);

    const sinTacografo = await t.api.post(
      '/api/camiones',
      camionBody({ tacografo: { tipo: 'no_lleva' } }),
    );
    expect(sinTacografo.statusCode).toBe(201);
    // The helper's VINs also carry the check-digit warning.
    const EXENTO =
      'Vehículo de más de 3.500 kg sin tacógrafo: comprueba que está exento (Reglamento (CE) 561/2006, art. 13)';
    expect(sinTacografo.json<{ warnings: string[] }>().warnings).toContain(EXENTO);
    const furgonetaSin = await t.api.post(
      '/api/camiones',
      camionBody({ ...furgoneta, tacografo: { tipo: 'no_lleva' } }),
    );
    expect(furgonetaSin.statusCode).toBe(201);
    expect(furgonetaSin.json<{ warnings?: string[] }>().warnings ?? []).not.toContain(EXENTO);
  });

  test('§4.10: a vehicle an albarán refers to is not deleted: "(albaranes). Dalo de baja."', async () => {
    t.setHoy('2026-11-22');
    const camion = await crearCamion(t);
    const cliente = await t.api.post('/api/clientes', {
      nombre: 'Àrids Son Ferrer, S.L.',
      documento: 'B07788128',
      empresa: 'transporte',
    });
    expect(cliente.statusCode).toBe(201);
    // Logística's row as its service writes it, straight into the table: only the link matters.
    await t.database.db.execute(
      sql`insert into albaranes (empresa, clase, estado, cliente_id, cliente, fecha_hora, fecha, datos, camion_id)
          values ('transporte', 'transporte', 'pendiente', ${dataOf<{ _id: string }>(cliente)._id},
            '{}'::jsonb, now(), '2026-11-22', '{}'::jsonb, ${camion._id})`,
    );
    const borrar = await t.api.delete(`/api/camiones/${camion._id}`);
    expect(borrar.statusCode, borrar.body).toBe(409);
    expect(borrar.json<{ message: string }>().message).toBe(
      'No se puede eliminar el vehículo: tiene registros asociados (albaranes). Dalo de baja.',
    );
    expect((await t.api.get(`/api/camiones/${camion._id}`)).statusCode).toBe(200);
  });
});
