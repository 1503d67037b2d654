import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reservar } from '../../src/modules/inventario/index.js';
import { createInventarioTest, dataOf, type InventarioTest } from './inventario-helpers.js';
import { crearMaquina, origen } from './inventario-fixtures.js';

// inventario.md §2.4, §2.5, §3.2: maintenance inside availability and the machine's documents;
// scenarios 9, 11 (finishing a linked maintenance) and R11 from uploaded documents.

let t: InventarioTest;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tvsistema-inventario-'));
  t = await createInventarioTest('2026-04-01', { DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const reservarEn = (maquinaId: string, numero: string, desde: string, hasta: string) =>
  t.database.db.transaction((tx) =>
    reservar(tx, {
      origen: origen(numero),
      recursos: [{ lineaId: 'l1', maquinaId, cantidad: 1, desde, hasta }],
      hoy: '2026-04-01',
    }),
  );

describe('mantenimiento', () => {
  test('scenario 9: a planned maintenance may not meet a booking; "Enviar a taller" lists the booking it puts at risk', async () => {
    const par = await crearMaquina(t, {
      tipo: 'plataforma_articulada',
      marca: 'JLG',
      modelo: '450AJ',
      numeroSerie: 'PAR-9',
    });
    await reservarEn(par._id, 'A2026-00031', '2026-04-10', '2026-04-20');
    const planned = await t.api.post(`/api/maquinaria/${par._id}/mantenimientos`, {
      tipo: 'revision',
      descripcion: 'Revisión 500 h',
      fechaInicio: '2026-04-15',
      fechaFinPrevista: '2026-04-17',
    });
    expect(planned.statusCode).toBe(409);
    expect(planned.json()).toEqual({
      message: 'La máquina está reservada en esas fechas: A2026-00031 (10/04/2026–20/04/2026)',
    });
    const ok = await t.api.post(`/api/maquinaria/${par._id}/mantenimientos`, {
      tipo: 'revision',
      descripcion: 'Revisión 500 h',
      fechaInicio: '2026-04-21',
      fechaFinPrevista: '2026-04-22',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const other = await t.api.post(`/api/maquinaria/${par._id}/mantenimientos`, {
      tipo: 'otro',
      descripcion: 'Pintura',
      fechaInicio: '2026-04-22',
      fechaFinPrevista: '2026-04-23',
    });
    expect(other.json()).toEqual({
      message:
        'La máquina está reservada en esas fechas: mantenimiento programado (21/04/2026–22/04/2026)',
    });
    const booked = await reservarEn(par._id, 'A2026-00032', '2026-04-21', '2026-04-21').catch(
      (e: Error) => e.message,
    );
    expect(booked).toBe('PAR-001 está en taller del 21/04/2026 al 22/04/2026');

    const mex = await crearMaquina(t, { numeroSerie: 'MEX-9' });
    await reservarEn(mex._id, 'A2026-00033', '2026-04-14', '2026-04-18');
    t.setHoy('2026-04-12');
    const urgent = await t.api.post(
      `/api/maquinaria/${mex._id}/mantenimientos`,
      { tipo: 'reparacion', descripcion: 'Fuga hidráulica', urgente: true },
      'empleado',
    );
    expect(urgent.statusCode, urgent.body).toBe(201);
    expect(urgent.json()).toMatchObject({
      data: { estado: 'en_curso', fechaInicio: '2026-04-12', fechaFinPrevista: null },
      avisos: ['Reserva afectada: A2026-00033 (14/04/2026–18/04/2026)'],
    });
    expect(dataOf(await t.api.get(`/api/maquinaria/${mex._id}`))).toMatchObject({
      estado: 'en_taller',
    });
    const ledger = await t.api.get(
      `/api/maquinaria/${mex._id}/ocupacion?desde=2026-04-01&hasta=2026-04-30`,
    );
    const a33 = ledger
      .json<{ data: { numero: string; origenId: string }[] }>()
      .data.find((b) => b.numero === 'A2026-00033');
    const check = await t.api.post(
      '/api/inventario/disponibilidad',
      {
        excluirOrigenId: a33?.origenId,
        lineas: [{ maquinaId: mex._id, desde: '2026-04-14', hasta: '2026-04-18' }],
      },
      'alquileres',
    );
    expect(check.json()).toMatchObject({
      ok: false,
      lineas: [
        {
          ok: false,
          mensaje: `${mex.codigoInterno} está en taller desde el 12/04/2026 sin fecha de fin prevista`,
        },
      ],
    });
    t.setHoy('2026-04-01');
  });

  test('scenario 11: finishing a maintenance linked to a plan item restarts it from that reading', async () => {
    t.setHoy('2026-04-01');
    const gen = await crearMaquina(t, {
      tipo: 'generador',
      marca: 'Atlas Copco',
      modelo: 'QAS 45',
      numeroSerie: 'GEN-11',
      horometroInicial: '2000.5',
      planRevisiones: [
        {
          nombre: 'Mantenimiento 500 h',
          cadaHoras: 500,
          ultimasHoras: '1500.0',
          ultimaFecha: '2025-10-01',
        },
      ],
    });
    const read = dataOf<{ planRevisiones: { _id: string; estado: string }[] }>(
      await t.api.get(`/api/maquinaria/${gen._id}`),
    );
    expect(read.planRevisiones[0]?.estado).toBe('vencida');
    const taller = await t.api.post(
      `/api/maquinaria/${gen._id}/mantenimientos`,
      {
        tipo: 'revision',
        descripcion: 'Mantenimiento 500 h',
        urgente: true,
        revisionId: read.planRevisiones[0]?._id,
      },
      'empleado',
    );
    const mid = taller.json<{ data: { _id: string } }>().data._id;
    const done = await t.api.post(
      `/api/maquinaria/${gen._id}/mantenimientos/${mid}/finalizar`,
      {
        fechaFinReal: '2026-04-01',
        horometro: '2003.0',
        coste: '180.00',
        resultado: 'Aceite y filtros cambiados',
      },
      'empleado',
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf(done)).toMatchObject({ estado: 'finalizado', coste: '180.00' });
    const after = dataOf<{
      estado: string;
      planRevisiones: { estado: string; proximasHoras: string }[];
    }>(await t.api.get(`/api/maquinaria/${gen._id}`));
    expect(after.estado).toBe('disponible');
    expect(after.planRevisiones[0]).toMatchObject({ estado: 'al_dia', proximasHoras: '2503.0' });
    // Ocupación: finished today, its booking ends today and says so ("Finalizado" in the tab, not
    // "Programado"); a planned one does not.
    const programado = await t.api.post(
      `/api/maquinaria/${gen._id}/mantenimientos`,
      {
        tipo: 'otro',
        descripcion: 'Pintura',
        fechaInicio: '2026-04-10',
        fechaFinPrevista: '2026-04-10',
      },
      'empleado',
    );
    expect(programado.statusCode, programado.body).toBe(201);
    expect(
      dataOf(
        await t.api.get(`/api/maquinaria/${gen._id}/ocupacion?desde=2026-04-01&hasta=2026-04-30`),
      ),
    ).toMatchObject([
      { origenTipo: 'mantenimiento', hasta: '2026-04-01', enCurso: false, finalizado: true },
      { origenTipo: 'mantenimiento', hasta: '2026-04-10', enCurso: false, finalizado: false },
    ]);
    expect(
      (
        await t.api.post(
          `/api/maquinaria/${gen._id}/mantenimientos`,
          { tipo: 'otro', descripcion: 'x', urgente: true },
          'transportes',
        )
      ).statusCode,
    ).toBe(403);
  });

  test('§3.2: Editar moves a planned maintenance’s booking, Iniciar waits for its day and a disponible machine, Cancelar releases it; only a planned one changes; a baja cancels the open one', async () => {
    t.setHoy('2026-04-01');
    const m = await crearMaquina(t, { numeroSerie: 'MANT-32' });
    const url = `/api/maquinaria/${m._id}/mantenimientos`;
    type Mant = { _id: string; version: number; estado: string; fechaInicio: string };
    const programar = async (desde: string, hasta: string, descripcion: string) => {
      const r = await t.api.post(
        url,
        { tipo: 'revision', descripcion, fechaInicio: desde, fechaFinPrevista: hasta },
        'empleado',
      );
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<Mant>(r);
    };
    const reservarMsg = (numero: string, desde: string, hasta: string) =>
      reservarEn(m._id, numero, desde, hasta).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    const estadoMaquina = async () =>
      dataOf<{ estado: string }>(await t.api.get(`/api/maquinaria/${m._id}`)).estado;

    const p1 = await programar('2026-04-05', '2026-04-07', 'Revisión anual');
    const editado = await t.api.put(
      `${url}/${p1._id}`,
      {
        tipo: 'revision',
        descripcion: 'Revisión anual',
        fechaInicio: '2026-04-08',
        fechaFinPrevista: '2026-04-09',
        version: p1.version,
      },
      'empleado',
    );
    expect(editado.statusCode, editado.body).toBe(200);
    expect(dataOf(editado)).toMatchObject({
      estado: 'programado',
      fechaInicio: '2026-04-08',
      fechaFinPrevista: '2026-04-09',
    });
    // The old days are free, the new ones booked.
    expect(await reservarMsg('A2026-00040', '2026-04-05', '2026-04-06')).toBe('ok');
    expect(await reservarMsg('A2026-00041', '2026-04-09', '2026-04-10')).toBe(
      `${m.codigoInterno} está en taller del 08/04/2026 al 09/04/2026`,
    );
    // Onto a booking: refused, and its booking stays where it was.
    const sobreReserva = await t.api.put(
      `${url}/${p1._id}`,
      {
        tipo: 'revision',
        descripcion: 'Revisión anual',
        fechaInicio: '2026-04-06',
        fechaFinPrevista: '2026-04-07',
        version: dataOf<Mant>(editado).version,
      },
      'empleado',
    );
    expect(sobreReserva.statusCode).toBe(409);
    expect(sobreReserva.json()).toEqual({
      message: 'La máquina está reservada en esas fechas: A2026-00040 (05/04/2026–06/04/2026)',
    });
    expect(await reservarMsg('A2026-00042', '2026-04-09', '2026-04-10')).toBe(
      `${m.codigoInterno} está en taller del 08/04/2026 al 09/04/2026`,
    );

    const version = dataOf<Mant>(editado).version;
    const antes = await t.api.post(`${url}/${p1._id}/iniciar`, { version }, 'empleado');
    expect(antes.statusCode).toBe(409);
    expect(antes.json()).toEqual({ message: 'El mantenimiento empieza más adelante' });
    expect(await estadoMaquina()).toBe('disponible');

    const p2 = await programar('2026-04-20', '2026-04-21', 'Cambio de orugas');
    t.setHoy('2026-04-08');
    const iniciado = await t.api.post(`${url}/${p1._id}/iniciar`, { version }, 'empleado');
    expect(iniciado.statusCode, iniciado.body).toBe(200);
    expect(dataOf(iniciado)).toMatchObject({ estado: 'en_curso' });
    expect(await estadoMaquina()).toBe('en_taller');
    const noProgramado = await t.api.put(
      `${url}/${p1._id}`,
      {
        tipo: 'revision',
        descripcion: 'Revisión anual',
        fechaInicio: '2026-04-10',
        fechaFinPrevista: '2026-04-11',
        version: dataOf<Mant>(iniciado).version,
      },
      'empleado',
    );
    expect(noProgramado.json()).toEqual({
      message: 'Solo se puede cambiar un mantenimiento programado',
    });
    t.setHoy('2026-04-20');
    const enTaller = await t.api.post(
      `${url}/${p2._id}/iniciar`,
      { version: p2.version },
      'empleado',
    );
    expect(enTaller.json()).toEqual({
      message: 'La máquina no está disponible (estado: en taller)',
    });

    const cancelado = await t.api.post(
      `${url}/${p2._id}/cancelar`,
      { version: p2.version },
      'empleado',
    );
    expect(cancelado.statusCode, cancelado.body).toBe(200);
    expect(dataOf(cancelado)).toMatchObject({ estado: 'cancelado' });
    expect(await reservarMsg('A2026-00043', '2026-04-20', '2026-04-21')).toBe('ok');
    const otraVez = await t.api.post(
      `${url}/${p2._id}/cancelar`,
      { version: dataOf<Mant>(cancelado).version },
      'empleado',
    );
    expect(otraVez.json()).toEqual({
      message: 'Solo se puede cambiar un mantenimiento programado',
    });

    // A baja cancels the open maintenance and frees its days.
    const otra = await crearMaquina(t, { numeroSerie: 'MANT-BAJA' });
    const averia = await t.api.post(
      `/api/maquinaria/${otra._id}/mantenimientos`,
      { tipo: 'reparacion', descripcion: 'Motor gripado', urgente: true },
      'empleado',
    );
    expect(averia.statusCode, averia.body).toBe(201);
    const baja = await t.api.post(`/api/maquinaria/${otra._id}/baja`, {
      fecha: '2026-04-20',
      motivo: 'desguace',
      version: 1,
    });
    expect(baja.statusCode, baja.body).toBe(200);
    expect(dataOf(baja)).toMatchObject({ estado: 'baja', mantenimientoAbierto: null });
    const lista = dataOf<{ estado: string }[]>(
      await t.api.get(`/api/maquinaria/${otra._id}/mantenimientos`),
    );
    expect(lista.map((x) => x.estado)).toEqual(['cancelado']);
    // Its open-ended bloqueo is released: the machine's ocupación is empty.
    const ocupacion = await t.api.get(
      `/api/maquinaria/${otra._id}/ocupacion?desde=2026-04-01&hasta=2026-04-30`,
    );
    expect(dataOf(ocupacion)).toEqual([]);
    t.setHoy('2026-04-01');
  });

  test('documents: uploaded with their dates they clear the avisos; an expired ITV shows; an executable or a PDF as photo is a 400 on «archivo»', async () => {
    const mtl = await crearMaquina(t, {
      tipo: 'manipulador_telescopico',
      marca: 'Manitou',
      modelo: 'MT 625',
      numeroSerie: 'MTL-DOC',
      matricula: 'E1234BCD',
      fechaMatriculacion: '2020-05-01',
      requiereItv: true,
    });
    const avisos = async () =>
      dataOf<{ avisos: { mensaje: string }[] }>(
        await t.api.get(`/api/maquinaria/${mtl._id}`),
      ).avisos.map((a) => a.mensaje);
    expect(await avisos()).toEqual([
      'Falta la declaración CE de conformidad',
      'Falta el manual de instrucciones',
    ]);
    const ce = await t.api.upload(
      `/api/maquinaria/${mtl._id}/documentos`,
      { tipo: 'declaracion_ce' },
      { nombre: 'ce.pdf', contenido: PDF },
    );
    expect(ce.statusCode, ce.body).toBe(201);
    expect(dataOf(ce)).toMatchObject({
      tipo: 'declaracion_ce',
      archivo: { nombre: 'ce.pdf', mime: 'application/pdf' },
    });
    await t.api.upload(
      `/api/maquinaria/${mtl._id}/documentos`,
      { tipo: 'manual' },
      { nombre: 'manual.pdf', contenido: PDF },
    );
    const noDate = await t.api.upload(
      `/api/maquinaria/${mtl._id}/documentos`,
      { tipo: 'itv' },
      { nombre: 'itv.pdf', contenido: PDF },
    );
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['fechaCaducidad: Indica la fecha de caducidad'],
    });
    await t.api.upload(
      `/api/maquinaria/${mtl._id}/documentos`,
      { tipo: 'itv', fechaCaducidad: '2026-03-31' },
      { nombre: 'itv.pdf', contenido: PDF },
    );
    expect(await avisos()).toEqual(['ITV caducada el 31/03/2026']);
    const exe = await t.api.upload(
      `/api/maquinaria/${mtl._id}/documentos`,
      { tipo: 'otro', descripcion: 'x' },
      {
        nombre: 'a.exe',
        contenido: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
      },
    );
    // §6.1: the refusal names the field, as a 400 (decision 0026).
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({
      message: 'Datos inválidos',
      errors: ['archivo: Tipo de archivo no admitido'],
    });
    const fotoPdf = await t.api.upload(
      `/api/maquinaria/${mtl._id}/foto`,
      {},
      { nombre: 'foto.pdf', contenido: PDF },
      'admin',
      'PUT',
    );
    expect(fotoPdf.statusCode).toBe(400);
    expect(fotoPdf.json<{ errors: string[] }>().errors).toEqual([
      'archivo: Tipo de archivo no admitido: la foto debe ser JPEG, PNG o WebP',
    ]);
    const list = await t.api.get(`/api/maquinaria/${mtl._id}/documentos`, 'transportes');
    const docs = list.json<{ data: { _id: string; tipo: string }[] }>().data;
    expect(docs.map((d) => d.tipo).sort()).toEqual(['declaracion_ce', 'itv', 'manual']);
    const itv = docs.find((d) => d.tipo === 'itv');
    const file = await t.api.get(`/api/maquinaria/${mtl._id}/documentos/${itv?._id}/archivo`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.api.delete(`/api/maquinaria/${mtl._id}/documentos/${itv?._id}`, 'empleado'))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.api.delete(`/api/maquinaria/${mtl._id}/documentos/${itv?._id}`)).statusCode,
    ).toBe(204);
    expect(await avisos()).toEqual([]);
  });
});
