import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  obraResumenSchema,
  obraSchema,
  parteTrabajoSchema,
  planificacionSchema,
  type Obra,
} from '@tvsistema/domain/obras';
import { pageResponseSchema } from '../../src/http/schemas.js';
import { pdfPages } from '../helpers/pdf-text.js';
import {
  cerrarParte,
  crearCliente,
  crearObra,
  crearParte,
  createObrasTest,
  dataOf,
  equipo,
  estado,
  JPEG,
  obraEnCurso,
  operariosDemo,
  PDF,
  type ObrasTest,
} from './obras-helpers.js';

// The start of an HEIC file (an ISO box "ftyp" of brand heic): what file-type recognises.
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.alloc(4),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

// flota-obras.md §9 scenarios 14, 15, 16, 18 and 20 (photos): the team rule, the 12 h cap,
// closing daily work reports with their numbers, finishing a work.

let t: ObrasTest;
let clienteId: string;
let op: Awaited<ReturnType<typeof operariosDemo>>;
beforeAll(async () => {
  t = await createObrasTest('2025-12-20');
  clienteId = await crearCliente(t, 'Hotel Cala Major, S.A.', 'A07334410');
  op = await operariosDemo(t);
});
afterAll(async () => {
  await t?.close();
});

type Parte = { _id: string; numero: string | null; horasTotales: string; version: number };
const rafelYMarta = () => [
  { operarioId: op.rafel, rol: 'supervisor' as const },
  { operarioId: op.marta, rol: 'tecnico' as const },
];

describe('partes de trabajo', () => {
  // Runs first, on 2025-12-20: the closed parte of 2025 that scenario 16 starts from.
  let obraA: string;
  test('setup: an obra started 2025-12-15 with a closed parte of avance 35 (PT2025-00001)', async () => {
    obraA = await obraEnCurso(t, clienteId, '2025-12-15', [
      ...rafelYMarta(),
      { operarioId: op.aina, rol: 'tecnico' },
    ]);
    const parte = await crearParte(
      t,
      obraA,
      '2025-12-20',
      [
        { operarioId: op.rafel, horas: '8' },
        { operarioId: op.marta, horas: '8' },
      ],
      { avance: 35 },
    );
    expect(parte.statusCode, parte.body).toBe(201);
    const cerrado = await cerrarParte(t, obraA, dataOf<Parte>(parte)._id);
    expect(dataOf<Parte>(cerrado).numero).toBe('PT2025-00001');
  });

  test("§10 the works list answers a summary of each obra: the record's columns it draws, the street and city, the team's size and the record's alerts", async () => {
    const ficha = dataOf<Obra>(await t.get(`/api/obras/${obraA}`));
    const lista = (await t.get('/api/obras?estado=&limit=100')).json() as {
      data: Record<string, unknown>[];
    };
    expect(pageResponseSchema(obraResumenSchema.strict()).parse(lista)).toEqual(lista);
    // Every row is its record's summary (the alerts of every estado against the record's:
    // obras.service.test.ts).
    for (const fila of lista.data) {
      const registro = dataOf<Obra>(await t.get(`/api/obras/${String(fila._id)}`));
      const { calle, altura, ciudad } = registro.direccion;
      expect(fila).toEqual({
        ...Object.fromEntries(
          Object.keys(obraResumenSchema.shape)
            .filter((clave) => clave in registro)
            .map((clave) => [clave, registro[clave as keyof Obra]]),
        ),
        direccion: { calle, altura, ciudad },
        miembros: registro.equipo.length,
      });
    }
    const enLista = lista.data.find((o) => o._id === obraA) ?? {};
    expect(enLista).toMatchObject({ miembros: 3, alertas: ficha.alertas });
    expect(ficha.equipo.length).toBe(3);
    expect(Object.keys(enLista)).not.toContain('equipo');
    expect(ficha.comunicacionApertura).toEqual({ fecha: '2025-12-15', referencia: 'CA-1' });
    expect(ficha).toMatchObject({ partesTrabajo: 1, partesBorrador: 0, documentosSeguridad: true });
    expect(ficha.equipo).toMatchObject([
      {
        nombre: 'Rafel Serra Bonet',
        rol: 'supervisor',
        certificacion: 'IRATA N3 · vence 14/05/2027',
      },
      { nombre: 'Marta Oliver Fiol', rol: 'tecnico', certificacion: 'IRATA N2 · vence 31/12/2026' },
      { rol: 'tecnico', certificacion: 'IRATA N1 · vence 10/03/2026' },
    ]);
    expect(ficha.aptitud).toMatchObject({ cumple: true });
  });

  test('scenario 14: Iniciar obra refuses a broken team, no safety document and no apertura; fixed, it starts', async () => {
    t.setHoy('2026-03-09');
    const obra = await crearObra(t, clienteId, {
      fechaInicioPrevista: '2026-03-09',
      fechaFinPrevista: '2026-04-30',
    });
    expect((await estado(t, obra._id, { accion: 'planificar' })).statusCode).toBe(200);
    expect(
      (
        await equipo(t, obra._id, [
          { operarioId: op.rafel, rol: 'supervisor' },
          { operarioId: op.tomeu, rol: 'tecnico' },
        ])
      ).statusCode,
    ).toBe(200);
    const refused = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-09' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'No se puede iniciar la obra',
      errors: [
        'equipo: Se necesitan al menos 2 operarios aptos el 09/03/2026 (hay 1)',
        'equipo[1]: Tomeu Vich Crespí no cumple los requisitos el 09/03/2026: certificación caducada el 10/01/2026',
        'documentos: Falta el plan de seguridad y salud o la evaluación de riesgos',
        'comunicacionApertura: Falta la comunicación de apertura',
      ],
    });

    // A supervisor must be level 3.
    const supervisor = await equipo(t, obra._id, [
      { operarioId: op.marta, rol: 'supervisor' },
      { operarioId: op.rafel, rol: 'tecnico' },
    ]);
    expect(supervisor.json()).toEqual({
      message: 'No se puede guardar el equipo',
      errors: [
        'equipo[0].rol: Marta Oliver Fiol no puede ser supervisor: necesita certificación de nivel 3 vigente',
      ],
    });
    expect((await equipo(t, obra._id, rafelYMarta())).statusCode).toBe(200);
    const doc = await t.upload(
      `/api/obras/${obra._id}/documentos`,
      { categoria: 'evaluacion_riesgos', fechaDocumento: '2026-03-02' },
      { nombre: 'evaluacion.pdf', contenido: PDF },
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const actual = dataOf<Record<string, unknown> & { version: number }>(
      await t.get(`/api/obras/${obra._id}`),
    );
    const conApertura = await t.put(`/api/obras/${obra._id}`, {
      nombre: actual.nombre,
      clienteId,
      tipoTrabajo: actual.tipoTrabajo,
      direccion: { ...t.lugar.palma, altura: 15 },
      fechaInicioPrevista: '2026-03-09',
      fechaFinPrevista: '2026-04-30',
      comunicacionApertura: { fecha: '2026-03-06', referencia: 'CA-2026-114' },
      version: actual.version,
    });
    expect(conApertura.statusCode, conApertura.body).toBe(200);
    const iniciada = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-09' });
    expect(iniciada.statusCode, iniciada.body).toBe(200);
    expect(dataOf(iniciada)).toMatchObject({ estado: 'en_curso', fechaInicioReal: '2026-03-09' });
  });

  test('scenario 15: no operario over 12 h a day across works', async () => {
    t.setHoy('2026-03-12');
    const obraB = await obraEnCurso(t, clienteId, '2026-03-01', rafelYMarta());
    const enA = await crearParte(t, obraA, '2026-03-12', [{ operarioId: op.rafel, horas: '8' }]);
    expect(enA.statusCode, enA.body).toBe(201);
    const cinco = await crearParte(t, obraB, '2026-03-12', [{ operarioId: op.rafel, horas: '5' }]);
    expect(cinco.statusCode).toBe(409);
    expect(cinco.json().errors).toEqual([
      'operarios[0].horas: Rafel Serra Bonet ya tiene 8,00 h el 12/03/2026; con este parte sumaría 13,00 h (máximo 12 h)',
    ]);
    const cuatro = await crearParte(t, obraB, '2026-03-12', [{ operarioId: op.rafel, horas: '4' }]);
    expect(cuatro.statusCode, cuatro.body).toBe(201);
    // Leave both days clean for the next scenario.
    for (const [obra, parte] of [
      [obraA, enA],
      [obraB, cuatro],
    ] as const)
      expect(
        (await t.delete(`/api/obras/${obra}/partes-trabajo/${dataOf<Parte>(parte)._id}`))
          .statusCode,
      ).toBe(200);
  });

  test('scenario 16: closing numbers PT2026-00001, -00002; hours and progress; a deleted draft takes no number; avance and aptitude refusals', async () => {
    const primero = await crearParte(
      t,
      obraA,
      '2026-03-12',
      [
        { operarioId: op.rafel, horas: '8' },
        { operarioId: op.marta, horas: '8' },
      ],
      { avance: 40 },
    );
    const cerrado = await cerrarParte(t, obraA, dataOf<Parte>(primero)._id);
    expect(cerrado.statusCode, cerrado.body).toBe(200);
    expect(dataOf<Parte>(cerrado)).toMatchObject({
      numero: 'PT2026-00001',
      horasTotales: '16.00',
      estado: 'cerrado',
      cerradoPor: 'Ana Administradora',
    });
    expect(dataOf(await t.get(`/api/obras/${obraA}`))).toMatchObject({ progreso: 40 });

    const borrador = await crearParte(t, obraA, '2026-03-10', [
      { operarioId: op.rafel, horas: '2' },
    ]);
    expect(
      (await t.delete(`/api/obras/${obraA}/partes-trabajo/${dataOf<Parte>(borrador)._id}`))
        .statusCode,
    ).toBe(200);

    const segundo = await crearParte(
      t,
      obraA,
      '2026-03-11',
      [
        { operarioId: op.rafel, horas: '7.5' },
        { operarioId: op.marta, horas: '7.5' },
      ],
      { avance: 38 },
    );
    const segundoCerrado = await cerrarParte(t, obraA, dataOf<Parte>(segundo)._id);
    expect(dataOf<Parte>(segundoCerrado).numero).toBe('PT2026-00002');
    // An earlier parte does not move the progress of the later one.
    expect(dataOf(await t.get(`/api/obras/${obraA}`))).toMatchObject({
      progreso: 40,
      horasTotales: '47.00',
    });
    // §10: the works list and the partes page go out as JSON text, unchecked by the route; they
    // hold the schemas' shape (nothing missing, nothing more) and the closed hours' counter.
    const pagina = (await t.get(`/api/obras/${obraA}/partes-trabajo`)).json();
    expect(pageResponseSchema(parteTrabajoSchema).parse(pagina)).toEqual(pagina);
    const registro = dataOf<Obra>(await t.get(`/api/obras/${obraA}`));
    expect(obraSchema.parse(registro)).toEqual(registro);
    const lista = (await t.get(`/api/obras?searchTerm=${registro.codigo}`)).json();
    expect(pageResponseSchema(obraResumenSchema.strict()).parse(lista)).toEqual(lista);
    expect(lista.data[0]).toMatchObject({ codigo: registro.codigo, progreso: 40 });
    expect(pagina.meta).toMatchObject({ page: 1, total: registro.partesTrabajo });
    expect(pagina.data).toHaveLength(registro.partesTrabajo);
    expect(lista.data[0].miembros).toBe(registro.equipo.length);

    const atras = await crearParte(
      t,
      obraA,
      '2026-03-05',
      [
        { operarioId: op.rafel, horas: '8' },
        { operarioId: op.marta, horas: '8' },
      ],
      { avance: 30 },
    );
    const bajo = await cerrarParte(t, obraA, dataOf<Parte>(atras)._id);
    expect(bajo.statusCode).toBe(400);
    expect(bajo.json().errors).toEqual([
      'avance: El avance no puede ser inferior al del último parte cerrado (35 %)',
    ]);

    const conAina = await crearParte(t, obraA, '2026-03-12', [
      { operarioId: op.aina, horas: '4' },
      { operarioId: op.rafel, horas: '2' },
    ]);
    const noApta = await cerrarParte(t, obraA, dataOf<Parte>(conAina)._id);
    expect(noApta.statusCode).toBe(409);
    expect(noApta.json()).toEqual({
      message: 'No se puede cerrar el parte',
      errors: [
        'operarios[0]: Aina Ferragut Coll no cumple los requisitos el 12/03/2026: certificación caducada el 10/03/2026',
        'operarios: Un parte de trabajo en cuerda necesita al menos 2 operarios aptos y uno de nivel 3',
      ],
    });
    for (const parte of [atras, conAina])
      await t.delete(`/api/obras/${obraA}/partes-trabajo/${dataOf<Parte>(parte)._id}`);

    // Reopening keeps the number; the PDF reads back.
    const url = `/api/obras/${obraA}/partes-trabajo/${dataOf<Parte>(primero)._id}`;
    const pdf = await t.get(`${url}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Parte de trabajo PT2026-00001');
    expect(text).toContain('Rafel Serra Bonet');
    expect(text).toMatch(/Responsable:?\s*Ana Administradora/);
    // §5.7's footer names who generated the document by name too.
    expect(text).toMatch(/Generado el \d\d\/\d\d\/\d{4} \d\d:\d\d por Ana Administradora/);
    const { version } = dataOf<Parte>(await t.get(url));
    const reabierto = await t.post(`${url}/reabrir`, { version, motivo: 'Faltaba una incidencia' });
    expect(dataOf(reabierto)).toMatchObject({ estado: 'borrador', numero: 'PT2026-00001' });
    expect(dataOf<Parte>(await cerrarParte(t, obraA, dataOf<Parte>(primero)._id)).numero).toBe(
      'PT2026-00001',
    );
    // Every change of a parte is a row of its obra's Historial.
    const historial = (await t.get(`/api/obras/${obraA}/historial?limit=3`)).json().data as {
      cambios: { campo: string; nuevo: unknown }[];
    }[];
    // The history names the user by email (decision 0019); the parte names them by name.
    expect(historial[0]).toMatchObject({ usuario: 'admin@tvsistema.test' });
    expect(historial[0]?.cambios[0]).toMatchObject({
      campo: 'partesTrabajo',
      nuevo: 'PT2026-00001 del 12/03/2026: Cerrado, 16,00 h',
    });
    expect(historial[1]?.cambios[0]?.nuevo).toBe(
      'PT2026-00001 del 12/03/2026: Borrador, 16,00 h (motivo: Faltaba una incidencia)',
    );
  });

  test('scenario 20 (photos): a JPEG photo answers a thumbnail URL; a PDF is refused; the 21st is 409', async () => {
    const parte = await crearParte(t, obraA, '2026-03-09', [
      { operarioId: op.rafel, horas: '1' },
      { operarioId: op.marta, horas: '1' },
    ]);
    const url = `/api/obras/${obraA}/partes-trabajo/${dataOf<Parte>(parte)._id}/fotos`;
    const foto = await t.upload(url, {}, { nombre: 'fachada.jpg', contenido: JPEG });
    expect(foto.statusCode, foto.body).toBe(201);
    const data = dataOf<{ _id: string; miniatura: string }>(foto);
    expect(data.miniatura).toBe(`${url}/${data._id}/miniatura`);
    const miniatura = await t.upload(
      `${url}/${data._id}/miniatura`,
      {},
      { nombre: 'mini.jpg', contenido: JPEG },
      'admin',
      'PUT',
    );
    expect(miniatura.statusCode, miniatura.body).toBe(200);
    expect((await t.get(data.miniatura)).headers['content-type']).toBe('image/jpeg');

    // A phone's HEIC photo is an image too (the PDF prints without it).
    const heic = await t.upload(url, {}, { nombre: 'cornisa.heic', contenido: HEIC });
    expect(heic.statusCode, heic.body).toBe(201);
    const borrada = await t.delete(`${url}/${dataOf<{ _id: string }>(heic)._id}`);
    expect(borrada.statusCode, borrada.body).toBe(200);
    // §4.10: each photo added or removed is a history row of the obra.
    const historial = (await t.get(`/api/obras/${obraA}/historial?limit=50`)).json().data as {
      cambios: { nuevo: unknown }[];
    }[];
    const fotos = historial
      .flatMap((h) => h.cambios.map((c) => String(c.nuevo)))
      .filter((d) => d.includes('cornisa.heic'));
    expect(fotos).toEqual([
      'Parte del 09/03/2026: Borrador, 2,00 h: foto «cornisa.heic» eliminada',
      'Parte del 09/03/2026: Borrador, 2,00 h: foto «cornisa.heic» añadida',
    ]);

    const pdf = await t.upload(url, {}, { nombre: 'foto.jpg', contenido: PDF });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('Solo se admiten imágenes JPEG, PNG, WebP o HEIC');
    // A type the files service refuses outright gets the photos' text too.
    const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff');
    const exe = await t.upload(url, {}, { nombre: 'foto.jpg', contenido: EXE });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Solo se admiten imágenes JPEG, PNG, WebP o HEIC');
    // An obra's document answers flota-obras.md §6's wording (decision 0039).
    const documento = await t.upload(
      `/api/obras/${obraA}/documentos`,
      { categoria: 'otro' },
      { nombre: 'plano.pdf', contenido: EXE },
    );
    expect(documento.statusCode).toBe(415);
    expect(documento.json().message).toBe(
      'Tipo de archivo no permitido. Se admiten PDF, imágenes, documentos de Office y CSV',
    );
    for (let i = 1; i < 20; i += 1)
      expect((await t.upload(url, {}, { nombre: `f${i}.jpg`, contenido: JPEG })).statusCode).toBe(
        201,
      );
    const veintiuna = await t.upload(url, {}, { nombre: 'f21.jpg', contenido: JPEG });
    expect(veintiuna.statusCode).toBe(409);
    expect(veintiuna.json().message).toBe('El parte ya tiene 20 fotos (máximo)');
    expect((await t.get(url)).json().data).toHaveLength(20);
    // A draft prints with its mark and its first photos.
    const impreso = await t.get(url.replace(/\/fotos$/, '/pdf'));
    expect(impreso.statusCode).toBe(200);
    expect((await pdfPages(impreso.rawPayload)).join('\n')).toContain('BORRADOR');
    await t.delete(`/api/obras/${obraA}/partes-trabajo/${dataOf<Parte>(parte)._id}`);
  });

  test('scenario 18: Finalizar refuses a draft; once closed the obra is finalizada at 100 % and takes no new partes', async () => {
    const obra = await obraEnCurso(t, clienteId, '2026-03-02', rafelYMarta());
    const parte = await crearParte(t, obra, '2026-03-10', [
      { operarioId: op.rafel, horas: '3' },
      { operarioId: op.marta, horas: '3' },
    ]);
    const refused = await estado(t, obra, { accion: 'finalizar' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'No se puede finalizar la obra',
      errors: [
        'partesTrabajo: Hay 1 parte en borrador: ciérralo o elimínalo antes de finalizar la obra',
      ],
    });
    expect((await cerrarParte(t, obra, dataOf<Parte>(parte)._id)).statusCode).toBe(200);
    const finalizada = await estado(t, obra, { accion: 'finalizar' });
    expect(finalizada.statusCode, finalizada.body).toBe(200);
    expect(dataOf(finalizada)).toMatchObject({
      estado: 'finalizada',
      progreso: 100,
      fechaFinReal: '2026-03-12',
    });
    const nuevo = await crearParte(t, obra, '2026-03-12', [{ operarioId: op.rafel, horas: '1' }]);
    expect(nuevo.statusCode).toBe(409);
    expect(nuevo.json().message).toBe('Solo se registran partes en obras en curso');
  });

  test('§3 transitions: the nivel 3 rule on iniciar; pausar, reanudar, finalizar, reabrir, cancelar and recuperar with their motivos and refusals', async () => {
    t.setHoy('2026-03-12');
    const obra = await crearObra(t, clienteId, {
      fechaInicioPrevista: '2026-03-02',
      fechaFinPrevista: '2026-06-30',
      comunicacionApertura: { fecha: '2026-02-27', referencia: 'CA-2026-120' },
    });
    expect((await estado(t, obra._id, { accion: 'planificar' })).statusCode).toBe(200);
    // Two apt técnicos (levels 2 and 1 on 02/03), none of level 3.
    const tecnicos = await equipo(t, obra._id, [
      { operarioId: op.marta, rol: 'tecnico' },
      { operarioId: op.aina, rol: 'tecnico' },
    ]);
    expect(tecnicos.statusCode, tecnicos.body).toBe(200);
    const doc = await t.upload(
      `/api/obras/${obra._id}/documentos`,
      { categoria: 'evaluacion_riesgos', fechaDocumento: '2026-02-20' },
      { nombre: 'evaluacion.pdf', contenido: PDF },
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const sinNivel3 = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-02' });
    expect(sinNivel3.statusCode).toBe(409);
    expect(sinNivel3.json()).toEqual({
      message: 'No se puede iniciar la obra',
      errors: ['equipo: Se necesita un operario apto de nivel 3 el 02/03/2026'],
    });
    const futura = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-13' });
    expect(futura.statusCode).toBe(400);
    expect(futura.json().errors).toEqual(['fecha: La fecha no puede ser posterior a hoy']);
    expect((await equipo(t, obra._id, rafelYMarta())).statusCode).toBe(200);
    const iniciada = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-02' });
    expect(iniciada.statusCode, iniciada.body).toBe(200);

    const sinMotivo = await estado(t, obra._id, { accion: 'pausar' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errors).toEqual(['motivo: Indica el motivo']);
    const pausada = await estado(t, obra._id, { accion: 'pausar', motivo: 'Temporal de lluvia' });
    expect(dataOf(pausada)).toMatchObject({
      estado: 'pausada',
      motivoEstado: 'Temporal de lluvia',
    });
    const parte = await crearParte(t, obra._id, '2026-03-12', [
      { operarioId: op.rafel, horas: '1' },
    ]);
    expect(parte.statusCode).toBe(409);
    expect(parte.json().message).toBe('Solo se registran partes en obras en curso');
    const otraVez = await estado(t, obra._id, { accion: 'iniciar' });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe('La obra está pausada: no admite esta acción');
    const viejo = await t.post(`/api/obras/${obra._id}/estado`, {
      accion: 'reanudar',
      version: dataOf<{ version: number }>(pausada).version - 1,
    });
    expect(viejo.statusCode).toBe(409);

    const reanudada = await estado(t, obra._id, { accion: 'reanudar' });
    expect(dataOf(reanudada)).toMatchObject({ estado: 'en_curso', motivoEstado: null });
    const finalizada = await estado(t, obra._id, { accion: 'finalizar' });
    expect(dataOf(finalizada)).toMatchObject({ estado: 'finalizada', fechaFinReal: '2026-03-12' });
    expect((await estado(t, obra._id, { accion: 'reabrir' })).json().errors).toEqual([
      'motivo: Indica el motivo',
    ]);
    const reabierta = await estado(t, obra._id, {
      accion: 'reabrir',
      motivo: 'Faltan remates en la cornisa',
    });
    expect(dataOf(reabierta)).toMatchObject({
      estado: 'en_curso',
      fechaFinReal: null,
      motivoEstado: 'Faltan remates en la cornisa',
    });
    const cancelada = await estado(t, obra._id, {
      accion: 'cancelar',
      motivo: 'El cliente renuncia',
    });
    expect(dataOf(cancelada)).toMatchObject({
      estado: 'cancelada',
      motivoEstado: 'El cliente renuncia',
    });
    const recuperada = await estado(t, obra._id, { accion: 'recuperar' });
    expect(dataOf(recuperada)).toMatchObject({ estado: 'presupuestada', motivoEstado: null });
  });

  test('the planning grid shows each operario per day with the obra codes; verticales may read, not write', async () => {
    const grid = await t.get(
      '/api/obras/planificacion?desde=2026-03-09&hasta=2026-03-15',
      'verticales',
    );
    expect(grid.statusCode, grid.body).toBe(200);
    expect(z.object({ data: planificacionSchema }).parse(grid.json())).toEqual(grid.json());
    const rafel = grid
      .json()
      .data.operarios.find((o: { nombre: string }) => o.nombre === 'Rafel Serra Bonet');
    expect(rafel.dias).toHaveLength(7);
    expect(rafel.dias.find((d: { fecha: string }) => d.fecha === '2026-03-12').horas).toBe('8.00');
    expect(
      (await t.get('/api/obras/planificacion?desde=2026-03-01&hasta=2026-04-30')).statusCode,
    ).toBe(400);
    // Operarios apto on a day: Tomeu (expired) and Aina (expired 2026-03-10) are left out.
    const aptos = await t.get('/api/operarios?aptoEn=2026-03-12&sort=nombre');
    expect(aptos.json().meta.total).toBe(2);
    expect(aptos.json().data.map((o: { nombre: string }) => o.nombre)).toEqual(['Marta', 'Rafel']);
    expect(
      (
        await crearParte(t, obraA, '2026-03-12', [{ operarioId: op.rafel, horas: '1' }]).then(
          async () => t.post(`/api/obras/${obraA}/partes-trabajo`, {}, 'verticales'),
        )
      ).statusCode,
    ).toBe(403);
  });

  test('§11.5 the planning grid computes its warnings: "solape" when two active obras share an operario on a day, "exceso" (which weighs more) on a day a planned operario is not apto', async () => {
    t.setHoy('2026-03-12');
    const obra = await obraEnCurso(t, clienteId, '2026-03-02', [
      { operarioId: op.rafel, rol: 'supervisor' },
      { operarioId: op.marta, rol: 'tecnico' },
      { operarioId: op.aina, rol: 'tecnico' },
    ]);
    const codigo = dataOf<{ codigo: string }>(await t.get(`/api/obras/${obra}`)).codigo;
    type Dia = { fecha: string; obras: string[]; apto: boolean; estado: string };
    const grid = dataOf<{ operarios: { _id: string; dias: Dia[] }[] }>(
      await t.get('/api/obras/planificacion?desde=2026-03-09&hasta=2026-03-15'),
    );
    const dia = (operario: string, fecha: string) =>
      grid.operarios.find((o) => o._id === operario)?.dias.find((d) => d.fecha === fecha);
    // Aina (also in the first obra's team) has a certification that expired on 10/03: on 09/03
    // she is apto in two active obras ("solape"); from 11/03 not apto, which weighs more ("exceso").
    expect(dia(op.aina, '2026-03-09')).toMatchObject({ apto: true, estado: 'solape' });
    expect(dia(op.aina, '2026-03-09')?.obras).toContain(codigo);
    expect(dia(op.aina, '2026-03-11')).toMatchObject({ apto: false, estado: 'exceso' });
    // Rafel is in this obra's team and in the other active obras' teams: "Posible solape".
    const rafel = dia(op.rafel, '2026-03-13');
    expect(rafel?.obras).toContain(codigo);
    expect(rafel?.obras.length).toBeGreaterThan(1);
    expect(rafel?.estado).toBe('solape');
  });

  test('§11 the planning grid sums each cell: two obras on one day, drafts too, and only the days of the window (its first and last, not the day before or after)', async () => {
    t.setHoy('2026-03-25');
    const obraB = await obraEnCurso(t, clienteId, '2026-03-14', rafelYMarta());
    const codigos = await Promise.all(
      [obraA, obraB].map(
        async (id) => dataOf<{ codigo: string }>(await t.get(`/api/obras/${id}`)).codigo,
      ),
    );
    for (const [obra, fecha, horas] of [
      [obraA, '2026-03-15', '4'],
      [obraA, '2026-03-16', '2.5'],
      [obraB, '2026-03-16', '3.25'],
      [obraB, '2026-03-22', '1.5'],
      [obraA, '2026-03-23', '6'],
    ] as const) {
      const parte = await crearParte(t, obra, fecha, [{ operarioId: op.rafel, horas }]);
      expect(parte.statusCode, parte.body).toBe(201);
    }
    type Dia = { fecha: string; obras: string[]; horas: string };
    const semana = dataOf<{ operarios: { _id: string; dias: Dia[] }[] }>(
      await t.get('/api/obras/planificacion?desde=2026-03-16&hasta=2026-03-22'),
    ).operarios.find((o) => o._id === op.rafel)?.dias;
    expect(semana?.map((d) => [d.fecha, d.horas])).toEqual([
      ['2026-03-16', '5.75'],
      ['2026-03-17', '0.00'],
      ['2026-03-18', '0.00'],
      ['2026-03-19', '0.00'],
      ['2026-03-20', '0.00'],
      ['2026-03-21', '0.00'],
      ['2026-03-22', '1.50'],
    ]);
    expect(semana?.[0]?.obras).toEqual(expect.arrayContaining(codigos));
    // §10: only the days with hours or planned works go out; an active operario on no work in
    // the window is listed with none (the screen draws his free days).
    const sinObras = await t.post('/api/operarios', {
      nombre: 'Joan',
      apellidos: 'Ferrer Vidal',
      documento: '87654321X',
    });
    expect(sinObras.statusCode, sinObras.body).toBe(201);
    const joan = dataOf<{ operarios: { _id: string; nombre: string; dias: Dia[] }[] }>(
      await t.get('/api/obras/planificacion?desde=2026-03-16&hasta=2026-03-22'),
    ).operarios.find((o) => o._id === dataOf<{ _id: string }>(sinObras)._id);
    expect(joan).toEqual({ _id: expect.any(String), nombre: 'Joan Ferrer Vidal', dias: [] });
    expect(semana?.[0]?.obras).toEqual([...(semana?.[0]?.obras ?? [])].sort());
    const siguiente = dataOf<{ operarios: { _id: string; dias: Dia[] }[] }>(
      await t.get('/api/obras/planificacion?desde=2026-03-23&hasta=2026-03-23'),
    ).operarios.find((o) => o._id === op.rafel)?.dias;
    expect(siguiente?.map((d) => d.horas)).toEqual(['6.00']);
    t.setHoy('2026-03-12');
  });

  test('§4.8 team: an unknown, an inactive and a repeated operario are refused, each member named', async () => {
    t.setHoy('2026-03-12');
    const inactivo = await t.post('/api/operarios', {
      nombre: 'Pep',
      apellidos: 'Mas Riera',
      documento: '12345678Z',
      activo: false,
    });
    expect(inactivo.statusCode, inactivo.body).toBe(201);
    const obra = await crearObra(t, clienteId, {
      fechaInicioPrevista: '2026-03-16',
      fechaFinPrevista: '2026-04-30',
    });
    expect((await estado(t, obra._id, { accion: 'planificar' })).statusCode).toBe(200);
    const refused = await equipo(t, obra._id, [
      { operarioId: op.rafel, rol: 'supervisor' },
      { operarioId: '0b6f5f6e-3c1a-4d7e-9a3b-2f1e0c9d8b7a', rol: 'tecnico' },
      { operarioId: dataOf<{ _id: string }>(inactivo)._id, rol: 'tecnico' },
      { operarioId: op.rafel, rol: 'tecnico' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'equipo[1].operarioId: Elige un operario activo',
        'equipo[2].operarioId: Elige un operario activo',
        'equipo[3].operarioId: El operario ya está en el equipo',
      ],
    });
    expect(dataOf<{ equipo: unknown[] }>(await t.get(`/api/obras/${obra._id}`)).equipo).toEqual([]);
  });

  test('§3 and §2.5 refusals: apertura after the start, Reanudar by the team rule, a parte dated before the start or after today or naming someone outside the team, Finalizar with 2 drafts or before the start; stale versions of a parte and an operario', async () => {
    t.setHoy('2026-03-12');
    const obra = await crearObra(t, clienteId, {
      fechaInicioPrevista: '2026-03-05',
      fechaFinPrevista: '2026-06-30',
      comunicacionApertura: { fecha: '2026-03-05', referencia: 'CA-2026-131' },
    });
    expect((await estado(t, obra._id, { accion: 'planificar' })).statusCode).toBe(200);
    expect((await equipo(t, obra._id, rafelYMarta())).statusCode).toBe(200);
    const doc = await t.upload(
      `/api/obras/${obra._id}/documentos`,
      { categoria: 'plan_seguridad' },
      { nombre: 'plan.pdf', contenido: PDF },
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const antesDeApertura = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-04' });
    expect(antesDeApertura.statusCode).toBe(409);
    expect(antesDeApertura.json()).toEqual({
      message: 'No se puede iniciar la obra',
      errors: [
        'comunicacionApertura.fecha: La comunicación de apertura no puede ser posterior al inicio (04/03/2026)',
      ],
    });
    const iniciada = await estado(t, obra._id, { accion: 'iniciar', fecha: '2026-03-05' });
    expect(iniciada.statusCode, iniciada.body).toBe(200);

    // Reanudar checks the team on today: on 02/12/2026 both medical checks have expired.
    expect(
      (await estado(t, obra._id, { accion: 'pausar', motivo: 'Andamio retirado' })).statusCode,
    ).toBe(200);
    t.setHoy('2026-12-02');
    const reanudar = await estado(t, obra._id, { accion: 'reanudar' });
    expect(reanudar.statusCode).toBe(409);
    expect(reanudar.json()).toEqual({
      message: 'No se puede reanudar la obra',
      errors: [
        'equipo: Se necesitan al menos 2 operarios aptos el 02/12/2026 (hay 0)',
        'equipo: Se necesita un operario apto de nivel 3 el 02/12/2026',
        'equipo[0]: Rafel Serra Bonet no cumple los requisitos el 02/12/2026: sin reconocimiento médico vigente',
        'equipo[1]: Marta Oliver Fiol no cumple los requisitos el 02/12/2026: sin reconocimiento médico vigente',
      ],
    });
    expect(dataOf(await t.get(`/api/obras/${obra._id}`))).toMatchObject({ estado: 'pausada' });
    t.setHoy('2026-03-12');
    expect((await estado(t, obra._id, { accion: 'reanudar' })).statusCode).toBe(200);

    const dos = [
      { operarioId: op.rafel, horas: '2' },
      { operarioId: op.marta, horas: '2' },
    ];
    const antesDelInicio = await crearParte(t, obra._id, '2026-03-04', dos);
    expect(antesDelInicio.statusCode).toBe(400);
    expect(antesDelInicio.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['fecha: La fecha no puede ser anterior al inicio real de la obra (05/03/2026)'],
    });
    const manana = await crearParte(t, obra._id, '2026-03-13', dos);
    expect(manana.statusCode).toBe(400);
    expect(manana.json().errors).toEqual(['fecha: La fecha no puede ser posterior a hoy']);
    const ajeno = await crearParte(t, obra._id, '2026-03-06', [
      ...dos,
      { operarioId: op.tomeu, horas: '2' },
    ]);
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().errors).toEqual([
      'operarios[2].operarioId: El operario no forma parte del equipo de la obra',
    ]);

    const borradores = [
      await crearParte(t, obra._id, '2026-03-06', dos),
      await crearParte(t, obra._id, '2026-03-09', dos),
    ].map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<Parte>(r);
    });
    const finalizar = await estado(t, obra._id, { accion: 'finalizar' });
    expect(finalizar.statusCode).toBe(409);
    expect(finalizar.json()).toEqual({
      message: 'No se puede finalizar la obra',
      errors: [
        'partesTrabajo: Hay 2 partes en borrador: ciérralos o elimínalos antes de finalizar la obra',
      ],
    });

    // §4.10: a parte edited by someone else since it was read is not overwritten.
    const [primero, segundo] = borradores as [Parte, Parte];
    const url = `/api/obras/${obra._id}/partes-trabajo/${primero._id}`;
    const cuerpo = { fecha: '2026-03-06', operarios: dos, tareas: 'Sellado de juntas' };
    const editado = await t.put(url, { ...cuerpo, version: primero.version });
    expect(editado.statusCode, editado.body).toBe(200);
    const viejo = await t.put(url, { ...cuerpo, tareas: 'Otra cosa', version: primero.version });
    expect(viejo.statusCode).toBe(409);
    expect(viejo.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    expect(dataOf(await t.get(url))).toMatchObject({ tareas: 'Sellado de juntas' });

    for (const parte of [primero, segundo])
      expect(
        (await t.delete(`/api/obras/${obra._id}/partes-trabajo/${parte._id}`)).statusCode,
      ).toBe(200);
    const antesDeEmpezar = await estado(t, obra._id, { accion: 'finalizar', fecha: '2026-03-04' });
    expect(antesDeEmpezar.statusCode).toBe(409);
    expect(antesDeEmpezar.json()).toEqual({
      message: 'No se puede finalizar la obra',
      errors: ['fecha: La fecha no puede ser anterior al inicio real de la obra (05/03/2026)'],
    });
    expect(dataOf(await t.get(`/api/obras/${obra._id}`))).toMatchObject({ estado: 'en_curso' });

    // The same for an operario.
    const operario = dataOf<{
      version: number;
      nombre: string;
      apellidos: string;
      documento: string;
    }>(await t.get(`/api/operarios/${op.tomeu}`));
    const datos = {
      nombre: operario.nombre,
      apellidos: operario.apellidos,
      documento: operario.documento,
    };
    const guardado = await t.put(`/api/operarios/${op.tomeu}`, {
      ...datos,
      telefono: '971 123 456',
      version: operario.version,
    });
    expect(guardado.statusCode, guardado.body).toBe(200);
    const obsoleto = await t.put(`/api/operarios/${op.tomeu}`, {
      ...datos,
      telefono: '600 000 000',
      version: operario.version,
    });
    expect(obsoleto.statusCode).toBe(409);
    expect(obsoleto.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    expect(dataOf(await t.get(`/api/operarios/${op.tomeu}`))).toMatchObject({
      telefono: '971 123 456',
    });
  });
});
