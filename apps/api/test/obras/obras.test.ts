import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfPages } from '../helpers/pdf-text.js';
import {
  crearCliente,
  crearObra,
  createObrasTest,
  dataOf,
  estado,
  NOMBRES,
  obraBody,
  type ObrasTest,
} from './obras-helpers.js';

// flota-obras.md §9 scenarios 13 and 17, and the obra's own contract (§2.3, §6).

let t: ObrasTest;
let clienteId: string;
beforeAll(async () => {
  t = await createObrasTest('2026-03-02');
  clienteId = await crearCliente(t, 'Comunidad de Propietarios Edificio Es Born', 'H07281934');
});
afterAll(async () => {
  await t?.close();
});

type ObraRecord = { _id: string; codigo: string; version: number; estado: string };

describe('obras', () => {
  test('scenario 13: arquitecto creates OB2026-00001 and -00002, lists and reads them; verticales only views; empleado cannot create', async () => {
    const primera = await t.post('/api/obras', obraBody(t, clienteId), 'arquitecto');
    expect(primera.statusCode, primera.body).toBe(201);
    expect(dataOf<ObraRecord>(primera)).toMatchObject({
      codigo: 'OB2026-00001',
      estado: 'presupuestada',
      version: 1,
      empresa: 'verticales',
      progreso: 0,
      cliente: { nombre: 'Comunidad de Propietarios Edificio Es Born', documento: 'H07281934' },
      direccion: { calle: 'PASSEIG DEL BORN', ciudad: 'PALMA OBRAS', altura: 15 },
      responsable: 'Arturo Arquitecto',
      equipo: [],
      horasTotales: '0.00',
    });
    const segunda = await t.post('/api/obras', obraBody(t, clienteId), 'arquitecto');
    expect(dataOf<ObraRecord>(segunda).codigo).toBe('OB2026-00002');

    const lista = await t.get('/api/obras', 'arquitecto');
    expect(lista.statusCode).toBe(200);
    expect(lista.json().meta.total).toBe(2);
    const una = await t.get(`/api/obras/${dataOf<ObraRecord>(primera)._id}`, 'arquitecto');
    expect(una.statusCode).toBe(200);

    expect((await t.get('/api/obras', 'verticales')).statusCode).toBe(200);
    expect((await t.post('/api/obras', obraBody(t, clienteId), 'verticales')).statusCode).toBe(403);
    expect((await t.post('/api/obras', obraBody(t, clienteId), 'empleado')).statusCode).toBe(403);
    expect((await t.get('/api/obras', 'transportes')).statusCode).toBe(403);
  });

  test("responsable defaults to the creator's name from the token (plain or namespaced claim), else the email; a typed one wins", async () => {
    const crearCon = async (
      claims: Record<string, unknown>,
      body: Record<string, unknown> = obraBody(t, clienteId),
    ) => {
      const token = await t.tokens.forRoles(['arquitecto'], { sub: 'auth0|nombre', ...claims });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/obras',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return dataOf<{ responsable: string | null }>(response).responsable;
    };
    expect(await crearCon({ email: 'sin.nombre@tvsistema.test' })).toBe(
      'sin.nombre@tvsistema.test',
    );
    expect(await crearCon({ email: 'x@tvsistema.test', name: 'Joan Ferrer Mas' })).toBe(
      'Joan Ferrer Mas',
    );
    expect(
      await crearCon({ email: 'x@tvsistema.test', 'https://tvsistema.es/name': 'Aina Coll' }),
    ).toBe('Aina Coll');
    expect(
      await crearCon(
        { email: 'x@tvsistema.test', name: 'Joan Ferrer Mas' },
        { ...obraBody(t, clienteId), responsable: 'Biel Canyelles Mir' },
      ),
    ).toBe('Biel Canyelles Mir');
  });

  test('refuses a client of another empresa, a missing street, the team in the body; 404 for unknown ids', async () => {
    const otro = await t.post('/api/clientes', {
      nombre: 'Reformas Tramuntana, S.L.',
      documento: 'B07567894',
      empresa: 'alquileres',
    });
    expect(otro.statusCode, otro.body).toBe(201);
    const equipo = await t.post('/api/obras', { ...obraBody(t, 'x'), equipo: [] });
    expect(equipo.statusCode).toBe(400);
    expect(equipo.json().errors).toEqual(['equipo: El equipo se modifica en la pestaña Equipo']);
    const calle = await t.post('/api/obras', {
      ...obraBody(t, 'x'),
      direccion: { ...t.lugar.palma, calleId: undefined },
    });
    expect(calle.json().errors).toEqual(['direccion.calleId: Elige la calle de la obra']);
    const cliente = await t.post('/api/obras', obraBody(t, dataOf<{ _id: string }>(otro)._id));
    expect(cliente.json().errors).toEqual([
      'clienteId: Elige un cliente activo de Trabajos Verticales',
    ]);
    expect((await t.get('/api/obras/abc')).statusCode).toBe(404);
    expect((await t.get('/api/obras/00000000-0000-4000-8000-000000000000')).json()).toEqual({
      message: 'Obra no encontrada',
    });
  });

  test('edits under a version; a stale one is 409; history shows both; planificar needs the dates', async () => {
    const obra = await crearObra(t, clienteId);
    const sinFechas = await t.post(`/api/obras/${obra._id}/estado`, {
      accion: 'planificar',
      version: 1,
    });
    expect(sinFechas.statusCode).toBe(409);
    expect(sinFechas.json()).toEqual({
      message: 'No se puede planificar la obra',
      errors: ['fechaInicioPrevista: Indica las fechas previstas de inicio y fin'],
    });
    const editada = await t.put(`/api/obras/${obra._id}`, {
      ...obraBody(t, clienteId, {
        fechaInicioPrevista: '2026-03-10',
        fechaFinPrevista: '2026-03-20',
      }),
      version: 1,
    });
    expect(editada.statusCode, editada.body).toBe(200);
    expect(dataOf<ObraRecord>(editada).version).toBe(2);
    const vieja = await t.put(`/api/obras/${obra._id}`, { ...obraBody(t, clienteId), version: 1 });
    expect(vieja.statusCode).toBe(409);
    expect(vieja.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    const planificada = await t.post(`/api/obras/${obra._id}/estado`, {
      accion: 'planificar',
      version: 2,
    });
    expect(dataOf<ObraRecord>(planificada).estado).toBe('planificada');
    const iniciar = await t.post(`/api/obras/${obra._id}/estado`, { accion: 'pausar', version: 3 });
    expect(iniciar.json()).toEqual({ message: 'La obra está planificada: no admite esta acción' });
    const cancelar = await t.post(`/api/obras/${obra._id}/estado`, {
      accion: 'cancelar',
      version: 3,
    });
    expect(cancelar.json().errors).toEqual(['motivo: Indica el motivo']);
    const historial = await t.get(`/api/obras/${obra._id}/historial`);
    expect(historial.json().data.map((h: { accion: string }) => h.accion)).toEqual([
      'modificar',
      'modificar',
      'crear',
    ]);
  });

  test('scenario 17: estado and date filters overlap the period; search by town; hasta before desde is 400', async () => {
    const ferrer = await crearCliente(t, 'Construcciones Ferrer Pons, S.L.', 'B07987654');
    const x = await crearObra(t, ferrer, { nombre: 'Obra X', fechaFinPrevista: '2026-04-30' });
    const y = await crearObra(t, ferrer, {
      nombre: 'Obra Y',
      fechaInicioPrevista: '2026-01-10',
      fechaFinPrevista: '2026-03-05',
      direccion: { ...t.lugar.alcudia, altura: 12 },
    });
    const z = await crearObra(t, ferrer, { nombre: 'Obra Z' });
    await crearObra(t, ferrer, {
      nombre: 'Obra W',
      fechaInicioPrevista: '2026-03-10',
      fechaFinPrevista: '2026-03-20',
    });
    // The Given: states and real dates as they would stand after their transitions.
    await t.sql(
      `update obras set estado = 'en_curso', fecha_inicio_real = '2026-02-15' where id = $1`,
      [x._id],
    );
    await t.sql(
      `update obras set estado = 'pausada', fecha_inicio_real = '2026-01-10' where id = $1`,
      [y._id],
    );
    await t.sql(
      `update obras set estado = 'en_curso', fecha_inicio_real = '2026-04-02' where id = $1`,
      [z._id],
    );
    const lista = await t.get(
      '/api/obras?estado=en_curso,pausada&desde=2026-03-01&hasta=2026-03-31&sort=nombre',
    );
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().meta.total).toBe(2);
    expect(lista.json().data.map((o: { nombre: string }) => o.nombre)).toEqual([
      'Obra X',
      'Obra Y',
    ]);

    const alcudia = await t.get('/api/obras?searchTerm=alcudia');
    expect(alcudia.json().data.map((o: { nombre: string }) => o.nombre)).toEqual(['Obra Y']);

    const mal = await t.get('/api/obras?desde=2026-03-31&hasta=2026-03-01');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toEqual(['hasta: La fecha final no puede ser anterior a la inicial']);
  });

  test('a renamed client: its works are found by the new name, no longer by the old one, and sort by the new name', async () => {
    const id = await crearCliente(t, 'Fachadas Tramuntana', '44556677L');
    const otro = await crearCliente(t, 'Hormigones Alaró', '33221100S');
    const suya = await crearObra(t, id, { nombre: 'Rehabilitación Sa Pobla' });
    const ajena = await crearObra(t, otro, { nombre: 'Cubierta Alaró' });
    const buscar = async (q: string) =>
      (await t.get(`/api/obras?searchTerm=${encodeURIComponent(q)}&limit=100`))
        .json<{ data: { _id: string }[] }>()
        .data.map((o) => o._id);
    const posiciones = async () => {
      const ids = (await t.get('/api/obras?sort=cliente&limit=100'))
        .json<{ data: { _id: string }[] }>()
        .data.map((o) => o._id);
      return [ids.indexOf(suya._id), ids.indexOf(ajena._id)];
    };
    expect(await buscar('tramuntana')).toEqual([suya._id]);
    const [fachadas, hormigones] = await posiciones();
    expect(fachadas).toBeLessThan(hormigones ?? -1);

    const cliente = dataOf<{ version: number }>(await t.get(`/api/obras/clientes/${id}`));
    const r = await t.put(`/api/clientes/${id}`, {
      nombre: 'Revestimientos Ses Salines',
      documento: '44556677L',
      version: cliente.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await buscar('SES SALINES')).toEqual([suya._id]);
    expect(await buscar('tramuntana')).toEqual([]);
    const [revestimientos, hormigonesDespues] = await posiciones();
    expect(hormigonesDespues).toBeLessThan(revestimientos ?? -1);
  });

  test('§10 counter totals: a list without filters or by estado counts creates and state changes, past its end too, as a filtered list counts them', async () => {
    const total = async (query: string) => {
      const response = await t.get(`/api/obras?limit=1${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ meta: { total: number } }>().meta.total;
    };
    // A filter that matches every obra of the estado runs the window count instead of the counters.
    const contados = (estado: string) => total(`&estado=${estado}&tipoTrabajo=rehabilitacion`);
    const antes = {
      todas: await total(''),
      presupuestadas: await total('&estado=presupuestada'),
      planificadas: await total('&estado=planificada'),
    };
    expect(antes.presupuestadas).toBe(await contados('presupuestada'));
    const obra = await crearObra(t, clienteId, {
      fechaInicioPrevista: '2026-03-16',
      fechaFinPrevista: '2026-04-30',
    });
    expect(await total('')).toBe(antes.todas + 1);
    expect(await total('&estado=presupuestada')).toBe(antes.presupuestadas + 1);
    expect(await total('&estado=presupuestada')).toBe(await contados('presupuestada'));

    expect((await estado(t, obra._id, { accion: 'planificar' })).statusCode).toBe(200);
    expect(await total('')).toBe(antes.todas + 1);
    expect(await total('&estado=presupuestada')).toBe(antes.presupuestadas);
    expect(await total('&estado=planificada')).toBe(antes.planificadas + 1);
    expect(await total('&estado=planificada')).toBe(await contados('planificada'));
    expect(await total('&estado=presupuestada,planificada')).toBe(
      antes.presupuestadas + antes.planificadas + 1,
    );
    // An edit that keeps the estado moves no counter.
    expect(
      (
        await t.put(`/api/obras/${obra._id}`, {
          ...obraBody(t, clienteId, {
            fechaInicioPrevista: '2026-03-16',
            fechaFinPrevista: '2026-05-15',
          }),
          version: dataOf<{ version: number }>(await t.get(`/api/obras/${obra._id}`)).version,
        })
      ).statusCode,
    ).toBe(200);
    expect(await total('&estado=planificada')).toBe(antes.planificadas + 1);

    const pasado = await t.get('/api/obras?estado=planificada&page=999');
    expect(pasado.json()).toMatchObject({
      data: [],
      meta: { page: 999, total: antes.planificadas + 1 },
    });
    const pasadoFiltrado = await t.get('/api/obras?estado=planificada&searchTerm=obras&page=999');
    expect(pasadoFiltrado.json().meta.total).toBe(
      await total('&estado=planificada&searchTerm=obras'),
    );
  });

  test('verticales clients live under /api/obras/clientes; the CSV and the work sheet PDF', async () => {
    const otroCliente = await t.post('/api/clientes', {
      nombre: 'Áridos Ajenos, S.L.',
      empresa: 'alquileres',
    });
    expect(otroCliente.statusCode, otroCliente.body).toBe(201);
    const otro = await t.post('/api/obras/clientes', {
      nombre: 'Transportes Ajenos',
      empresa: 'transporte',
    });
    expect(otro.statusCode).toBe(400);
    expect(otro.json().errors).toEqual([
      'empresa: Solo se admiten clientes de Trabajos Verticales',
    ]);
    const clientes = await t.get('/api/obras/clientes', 'arquitecto');
    expect(clientes.statusCode).toBe(200);
    expect(clientes.json().data.every((c: { empresa: string }) => c.empresa === 'verticales')).toBe(
      true,
    );
    expect(
      (
        await t.post(
          '/api/obras/clientes',
          { nombre: 'Nuevo', empresa: 'verticales' },
          'verticales',
        )
      ).statusCode,
    ).toBe(403);

    // The body the Clientes tab sends: the party as read, with its new name.
    const creado = dataOf<{ _id: string }>(
      await t.post(
        '/api/obras/clientes',
        {
          nombre: 'Hotel Cala Major',
          empresa: 'verticales',
          contactos: [{ nombre: 'Ana Pons' }],
        },
        'arquitecto',
      ),
    );
    const editado = await t.put(
      `/api/obras/clientes/${creado._id}`,
      {
        nombre: 'Hotel Cala Major, S.A.',
        activo: true,
        contactos: [{ nombre: 'Ana Pons' }],
        observaciones: [],
        direccion: {
          paisId: null,
          provinciaId: null,
          municipioId: null,
          ciudadId: null,
          calleId: null,
          codigoPostalId: null,
          altura: null,
          planta: null,
          local: null,
          observacion: null,
        },
        version: 1,
      },
      'arquitecto',
    );
    expect(editado.statusCode, editado.body).toBe(200);
    expect(dataOf(editado)).toMatchObject({ nombre: 'Hotel Cala Major, S.A.', version: 2 });

    // The party detail of the Clientes tab: its history and its sheet, by the verticales role
    // too; a client of another empresa is not found there.
    const historial = await t.get(`/api/obras/clientes/${creado._id}/historial`, 'verticales');
    expect(historial.statusCode, historial.body).toBe(200);
    expect(historial.json().data[0]).toMatchObject({
      usuario: 'arquitecto@tvsistema.test',
      cambios: [{ campo: 'nombre', nuevo: 'Hotel Cala Major, S.A.' }],
    });
    const ficha = await t.get(`/api/obras/clientes/${creado._id}/pdf`, 'verticales');
    expect(ficha.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(ficha.rawPayload)).join('\n')).toContain('Hotel Cala Major, S.A.');
    const ajeno = dataOf<{ _id: string }>(otroCliente);
    for (const sufijo of ['historial', 'pdf']) {
      const respuesta = await t.get(`/api/obras/clientes/${ajeno._id}/${sufijo}`, 'arquitecto');
      expect(respuesta.statusCode).toBe(404);
    }
    expect((await t.get(`/api/obras/clientes/${creado._id}/pdf`, 'empleado')).statusCode).toBe(403);

    const csv = await t.get('/api/obras/export?searchTerm=alcudia');
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body.startsWith('\uFEFFCódigo;Obra;Cliente;Documento cliente;Dirección;Ciudad'),
    ).toBe(true);
    expect(csv.body).toContain(
      'Obra Y;Construcciones Ferrer Pons, S.L.;B07987654;PASSEIG MARÍTIM 12;ALCÚDIA',
    );

    const obra = await crearObra(t, clienteId);
    const pdf = await t.get(`/api/obras/${obra._id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(`Ficha de obra ${obra.codigo}`);
    expect(text).toContain('Trabajos Verticales');
    // §5.7's footer: when and by whom, and the page count.
    expect(text).toMatch(
      new RegExp(
        `Generado el \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d por ${NOMBRES.admin} · Página 1 de 1`,
      ),
    );
  });

  test('alerts of §4.8: a running work whose team fails today and whose planned end has passed', async () => {
    const obra = await crearObra(t, clienteId, { fechaFinPrevista: '2026-02-28' });
    await t.sql(
      `update obras set estado = 'en_curso', fecha_inicio_real = '2026-02-01' where id = $1`,
      [obra._id],
    );
    expect(dataOf(await t.get(`/api/obras/${obra._id}`))).toMatchObject({
      alertas: ['Equipo no apto hoy', 'Fin previsto superado'],
      aptitud: { cumple: false },
    });
  });

  test('operarios: a repeated DNI is 409; an invalid one is 400; never deleted, deactivated', async () => {
    const body = {
      nombre: 'Xisco',
      apellidos: 'Garau Rigo',
      documento: '42987123P',
      certificaciones: [
        { esquema: 'anetva', nivel: 2, fechaEmision: '2025-01-01', fechaVencimiento: '2028-01-01' },
      ],
    };
    const creado = await t.post('/api/operarios', body, 'arquitecto');
    expect(creado.statusCode, creado.body).toBe(201);
    expect(dataOf(creado)).toMatchObject({
      nombreCompleto: 'Xisco Garau Rigo',
      aptitud: {
        apto: false,
        motivos: ['sin reconocimiento médico vigente', 'sin formación PRL vigente'],
      },
    });
    const repetido = await t.post('/api/operarios', body);
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('Ya existe un operario con el documento 42987123P');
    const invalido = await t.post('/api/operarios', { ...body, documento: '42987123A' });
    expect(invalido.json().errors).toEqual(['documento: Indica un DNI o NIE válido']);
    const id = dataOf<{ _id: string }>(creado)._id;
    const baja = await t.put(`/api/operarios/${id}`, { ...body, activo: false, version: 1 });
    expect(dataOf(baja)).toMatchObject({ activo: false, version: 2 });
    expect((await t.delete(`/api/operarios/${id}`)).statusCode).toBe(404);
  });
});
