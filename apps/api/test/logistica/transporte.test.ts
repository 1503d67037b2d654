import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fuenteAlbaran } from '../../src/modules/logistica/index.js';
import { seedVolumenLogistica } from '../../src/tools.js';
import { pdfArchivo, pdfPages } from '../helpers/pdf-text.js';
import { fullDireccion } from '../proveedores/partes-helpers.js';
import { createLogisticaTest, dataOf, firmaPng, type LogisticaTest } from './logistica-helpers.js';

// logistica.md §9 scenarios 7–9, the transport half of 11, and 15 (clock 2026-05-04 08:00,
// transportes user, Àrids Son Ferrer B07788128, Calvià → Palma, "Grava 6/12 a granel").

type Transporte = {
  _id: string;
  version: number;
  numero: string;
  estado: string;
  avisos: string[];
  precio: string | null;
  huella: string | null;
  destinatario: { nombre: string };
  documentoControl: { completo: boolean; faltan: string[] };
};

let t: LogisticaTest;
let clienteId: string;
let camionId: string;
let at1: Transporte;

beforeAll(async () => {
  t = await createLogisticaTest('2026-05-04');
  const emisor = await t.api.put('/api/facturas/emisores/transporte', {
    razonSocial: 'Mallorca Transporta, S.L.',
    nif: 'B07123458',
    direccion: { ...fullDireccion(t.tree), planta: null, local: null, observacion: null },
    telefono: '971 000 000',
    email: 'facturas@mt.test',
    iban: 'ES03 2038 6543 9660 0012 3456',
    registroMercantil: 'Registro Mercantil de Mallorca',
    epigrafeIae: '722',
    version: 0,
  });
  if (emisor.statusCode !== 200) throw new Error(emisor.body);
  const c = await t.api.post('/api/clientes', {
    nombre: 'Àrids Son Ferrer, S.L.',
    documento: 'B07788128',
    empresa: 'transporte',
    // A complete invoice (scenario 10) needs the client's address.
    direccion: fullDireccion(t.tree),
  });
  if (c.statusCode !== 201) throw new Error(c.body);
  clienteId = dataOf<{ _id: string }>(c)._id;
  const camion = await t.api.post('/api/camiones', {
    matricula: '8862 LDS',
    bastidor: 'WDB96340810123456',
    tipo: 'rigido',
    marca: 'Mercedes-Benz',
    modelo: 'Actros 3243',
    fechaPrimeraMatriculacion: '2021-11-10',
    mmaKg: 32_000,
    taraKg: 12_000,
    itvProximaInicial: '2026-04-30',
    autorizacion: { tipo: 'MDP', numero: '99001122', visadoHasta: '2030-09-30' },
    tacografo: { tipo: 'digital', numeroSerie: 'SE5000-8862', ultimaRevision: '2026-01-15' },
    seguro: {
      aseguradora: 'Mapfre',
      poliza: 'P-1',
      cobertura: 'todo_riesgo',
      vencimiento: '2027-01-31',
    },
    kmIniciales: 100_000,
  });
  if (camion.statusCode !== 201) throw new Error(camion.body);
  camionId = dataOf<{ _id: string }>(camion)._id;
});
afterAll(async () => {
  await t?.close();
});

const lugar = (nombre: string) => ({
  nombre,
  direccion: {
    paisId: t.tree.paisId,
    provinciaId: t.tree.provinciaId,
    municipioId: t.tree.municipioId,
  },
});
const cuerpo = (extra: Record<string, unknown> = {}) => ({
  clienteId,
  destinatario: { nombre: 'Obras Palma Centre, S.L.' },
  origen: lugar('Cantera Son Ferrer'),
  destino: lugar('Carrer de Blanquerna 12'),
  fechaCarga: '2026-05-04',
  mercancia: { descripcion: 'Grava 6/12 a granel' },
  ...extra,
});

describe('albaranes de transporte (logistica.md §9)', () => {
  test('escenario 7: create → AT2026-00001 pendiente with what the control document lacks', async () => {
    const r = await t.api.post('/api/albaranes/transporte', cuerpo(), 'transportes');
    expect(r.statusCode, r.body).toBe(201);
    at1 = dataOf<Transporte>(r);
    expect(at1).toMatchObject({ numero: 'AT2026-00001', estado: 'pendiente' });
    expect(at1.documentoControl.faltan).toEqual(['peso', 'matrícula', 'conductor']);
    const ruta = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/iniciar-ruta`,
      { version: at1.version },
      'transportes',
    );
    expect(ruta.statusCode).toBe(409);
    expect(ruta.json().message).toBe(
      'Faltan datos del documento de control (Orden FOM/2861/2012, art. 6): peso, matrícula, conductor.',
    );
  });

  test('escenario 8: ITV vencida → 409; renewed, overload is a warning', async () => {
    const put = await t.api.put(
      `/api/albaranes/transporte/${at1._id}`,
      {
        version: at1.version,
        camionId,
        conductor: { nombre: 'Antoni Bauzà Mas', dni: '43098765P' },
        mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 24_000 },
      },
      'transportes',
    );
    expect(put.statusCode, put.body).toBe(200);
    at1 = dataOf<Transporte>(put);
    expect(at1.documentoControl).toEqual({ completo: true, faltan: [] });
    const vencida = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/iniciar-ruta`,
      { version: at1.version },
      'transportes',
    );
    expect(vencida.statusCode).toBe(409);
    expect(vencida.json().message).toBe(
      'El camión 8862 LDS tiene la ITV vencida (válida hasta el 30/04/2026).',
    );
    await t.database.db.execute(
      sql`update camiones set itv_proxima_inicial = '2026-09-30', itv_hasta = '2026-09-30' where id = ${camionId}`,
    );
    const ok = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/iniciar-ruta`,
      { version: at1.version },
      'transportes',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    at1 = dataOf<Transporte>(ok);
    expect(at1.estado).toBe('en_ruta');
    expect(at1.avisos).toContain(
      'El peso declarado (24.000 kg) supera la carga útil del camión (20.000 kg).',
    );
  });

  test('escenario 9, R9: delivery needs a signature or a reason; then only price, VAT and notes change, outside the huella', async () => {
    const sin = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/entregar`,
      { version: at1.version },
      'transportes',
    );
    expect(sin.statusCode).toBe(400);
    expect(sin.json().errors).toEqual([
      'firma: Captura la firma del receptor o indica por qué se entrega sin firma',
    ]);
    const con = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/entregar`,
      {
        version: at1.version,
        firma: { nombre: 'Pere Amengual Roig', dni: '43256789E', imagen: firmaPng() },
      },
      'transportes',
    );
    expect(con.statusCode, con.body).toBe(200);
    at1 = dataOf<Transporte>(con);
    expect(at1.estado).toBe('entregado');
    expect(at1.huella).toMatch(/^[0-9a-f]{64}$/);
    const v = await t.api.get(`/api/albaranes/transporte/${at1._id}/verificacion`, 'transportes');
    expect(v.json().data.integro).toBe(true);
    const dest = await t.api.put(
      `/api/albaranes/transporte/${at1._id}`,
      { version: at1.version, destinatario: { nombre: 'Otro' } },
      'transportes',
    );
    expect(dest.statusCode).toBe(409);
    expect(dest.json().message).toBe(
      'Solo se pueden modificar precio, IVA y observaciones de un albarán en ruta o entregado.',
    );
    const precio = await t.api.put(
      `/api/albaranes/transporte/${at1._id}`,
      { version: at1.version, precio: '195.00' },
      'transportes',
    );
    expect(precio.statusCode, precio.body).toBe(200);
    at1 = dataOf<Transporte>(precio);
    expect(at1.precio).toBe('195.00');
    // R9: precio, IVA and observaciones stay outside the huella; a change to signed data does not.
    const integro = async () =>
      (await t.api.get(`/api/albaranes/transporte/${at1._id}/verificacion`, 'transportes')).json<{
        data: { integro: boolean };
      }>().data.integro;
    expect(await integro()).toBe(true);
    for (const cambio of [{ tipoIva: 10, observaciones: 'Descarga con grúa' }, { tipoIva: 21 }]) {
      const r = await t.api.put(
        `/api/albaranes/transporte/${at1._id}`,
        { version: at1.version, ...cambio },
        'transportes',
      );
      expect(r.statusCode, r.body).toBe(200);
      at1 = dataOf<Transporte>(r);
      expect(await integro()).toBe(true);
    }
    await t.database.db.execute(
      sql`update albaranes set datos = jsonb_set(datos, '{conductor,nombre}', '"Otro Conductor"') where id = ${at1._id}`,
    );
    expect(await integro()).toBe(false);
    await t.database.db.execute(
      sql`update albaranes set datos = jsonb_set(datos, '{conductor,nombre}', '"Antoni Bauzà Mas"') where id = ${at1._id}`,
    );
    expect(await integro()).toBe(true);
  });

  test('escenario 11 (transporte): stale and concurrent versions, scoping by empresa', async () => {
    const stale = await t.api.put(
      `/api/albaranes/transporte/${at1._id}`,
      { version: at1.version - 1, precio: '1.00' },
      'transportes',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    expect(
      dataOf<Transporte>(await t.api.get(`/api/albaranes/transporte/${at1._id}`, 'transportes'))
        .precio,
    ).toBe('195.00');
    expect((await t.api.get('/api/albaranes/transporte', 'empleado')).statusCode).toBe(403);
    expect((await t.api.get('/api/albaranes', 'transportes')).statusCode).toBe(403);
    for (const as of ['alquileres', 'arquitecto'] as const) {
      expect((await t.api.get('/api/albaranes', as)).statusCode).toBe(403);
      expect((await t.api.get('/api/albaranes/transporte', as)).statusCode).toBe(403);
    }
    expect((await t.api.get('/api/albaranes/transporte', 'operaciones')).statusCode).toBe(200);
    expect((await t.api.get(`/api/albaranes/transporte/${at1._id}`, 'empleado')).statusCode).toBe(
      404,
    );
    const anular = await t.api.post(
      `/api/albaranes/transporte/${at1._id}/anular`,
      { version: at1.version, motivo: 'Entrega registrada por error' },
      'transportes',
    );
    expect(anular.statusCode).toBe(403);

    // Two PUTs with version 2 at once: one wins, the other gets R17's text and writes nothing.
    const nuevo = dataOf<Transporte>(
      await t.api.post('/api/albaranes/transporte', cuerpo(), 'transportes'),
    );
    const v2 = dataOf<Transporte>(
      await t.api.put(
        `/api/albaranes/transporte/${nuevo._id}`,
        { version: nuevo.version, precio: '150.00' },
        'transportes',
      ),
    );
    expect(v2.version).toBe(2);
    const [a, b] = await Promise.all(
      ['Obras Sa Pobla, S.L.', 'Obras Inca, S.L.'].map((nombre) =>
        t.api.put(
          `/api/albaranes/transporte/${nuevo._id}`,
          { version: 2, destinatario: { nombre } },
          'transportes',
        ),
      ),
    );
    const codigos = [a?.statusCode, b?.statusCode].sort();
    expect(codigos).toEqual([200, 409]);
    const perdedor = a?.statusCode === 409 ? a : b;
    const ganador = a?.statusCode === 409 ? b : a;
    expect(perdedor?.json().message).toBe(
      'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
    );
    const guardado = dataOf<Transporte>(
      await t.api.get(`/api/albaranes/transporte/${nuevo._id}`, 'transportes'),
    );
    expect(guardado.version).toBe(3);
    expect(guardado.destinatario.nombre).toBe(
      dataOf<Transporte>(ganador as NonNullable<typeof ganador>).destinatario.nombre,
    );
  });

  test('escenario 15: CSV export is formula-safe; the PDF has two ejemplares with the control data', async () => {
    const otro = await t.api.post(
      '/api/albaranes/transporte',
      cuerpo({
        destinatario: { nombre: '=HYPERLINK("x")' },
        camionId,
        conductor: { nombre: 'Antoni Bauzà Mas' },
        mercancia: { descripcion: 'Grava', pesoKg: 1000 },
      }),
      'transportes',
    );
    expect(otro.statusCode, otro.body).toBe(201);
    const o = dataOf<Transporte>(otro);
    const e = await t.api.post(
      `/api/albaranes/transporte/${o._id}/entregar`,
      { version: o.version, sinFirmaMotivo: 'Receptor ausente, se deja en obra' },
      'transportes',
    );
    expect(e.statusCode, e.body).toBe(200);
    const csv = await t.api.get('/api/albaranes/transporte/export?estado=entregado', 'transportes');
    expect(
      csv.body.startsWith(
        '\uFEFFNúmero;Fecha de carga;Estado;Cliente;NIF cliente;Remitente;Destinatario;Origen;Destino;Matrícula;Remolque;Conductor;Mercancía;Bultos;Peso (kg);Precio (€);IVA (%);Factura;Referencia\r\n',
      ),
    ).toBe(true);
    expect(csv.body).toContain(`'=HYPERLINK(""x"")`);
    const pdf = await t.api.get(`/api/albaranes/transporte/${at1._id}/pdf`, 'transportes');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.length).toBeLessThan(4 * 1024 * 1024);
    // PDF/A-2b with every font embedded (logistica.md §6: the Ministry takes PDF/A).
    expect(await pdfArchivo(pdf.rawPayload)).toEqual({
      version: '1.7',
      pdfa: '2B',
      intencionSalida: true,
      fuentesSinIncrustar: 0,
      fuentesIncrustadas: 2,
    });
    const paginas = await pdfPages(pdf.rawPayload);
    expect(paginas).toHaveLength(2);
    for (const s of ['Orden FOM/2861/2012', 'B07788128', '8862 LDS', '24.000 kg'])
      for (const p of paginas) expect(p).toContain(s);
    expect(paginas[0]).toContain('Ejemplar para el cargador');
    expect(paginas[1]).toContain('Ejemplar para el transportista');
    const lista = await t.api.get('/api/albaranes/transporte?searchTerm=8862', 'transportes');
    expect(lista.json().meta.total).toBe(2);
  });

  test('escenario 10 (logística side): pendientes offers delivered albaranes with a price, lineas one trip', async () => {
    const pendientes = await fuenteAlbaran.pendientes(t.database.db, {
      empresa: 'transporte',
      hasta: '2026-05-31',
    });
    expect(pendientes.map((p) => [p.numero, p.baseEstimada])).toEqual([['AT2026-00001', '195.00']]);
    expect(pendientes[0]?.detalle).toContain('8862 LDS · 24.000 kg');
    const lineas = await fuenteAlbaran.lineas(t.database.db, {
      origenTipo: 'albaran',
      origenId: at1._id,
      desde: '2026-05-01',
      hasta: '2026-05-31',
    });
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({
      cantidad: '1',
      unidad: 'viaje',
      precioUnitario: '195.00',
      base: '195.00',
      tipoIva: 21,
      naturaleza: 'transporte',
      origenLineaId: at1._id,
    });
    expect(lineas[0]?.descripcion).toMatch(
      /^Albarán AT2026-00001 \(04\/05\/2026\): .+ → .+, 24\.000 kg$/,
    );
  });
  test('escenario 10: invoiced once — Facturado, skipped by pendientes, refused in another invoice, price and annulment locked', async () => {
    const pendientes = async () =>
      dataOf<{ numero: string; baseEstimada: string }[]>(
        await t.api.get('/api/facturas/albaranes-pendientes?hasta=2026-05-31'),
      ).map((p) => [p.numero, p.baseEstimada]);
    expect(await pendientes()).toEqual([['AT2026-00001', '195.00']]);
    const creadas = await t.api.post('/api/facturas/desde-albaranes', {
      hasta: '2026-05-31',
      albaranIds: [at1._id],
    });
    expect(creadas.statusCode, creadas.body).toBe(201);
    const [facturaId] = dataOf<string[]>(creadas);
    const borrador = dataOf<{ version: number }>(await t.api.get(`/api/facturas/${facturaId}`));
    const emitida = await t.api.post(`/api/facturas/${facturaId}/emitir`, {
      version: borrador.version,
    });
    expect(emitida.statusCode, emitida.body).toBe(200);
    const numero = dataOf<{ numero: string }>(emitida).numero;
    expect(numero).toMatch(/^T2026-\d{5}$/);

    const albaran = dataOf<Transporte & { factura: { numero: string } | null }>(
      await t.api.get(`/api/albaranes/transporte/${at1._id}`),
    );
    expect(albaran.factura?.numero).toBe(numero);
    expect(await pendientes()).toEqual([]);

    const otra = await t.api.post('/api/facturas', {
      empresa: 'transporte',
      clienteId,
      lineas: [
        {
          descripcion: 'Albarán AT2026-00001 otra vez',
          cantidad: '1',
          precioUnitario: '195.00',
          tipoIva: 21,
          naturaleza: 'transporte',
          origen: { tipo: 'albaran', id: at1._id, numero: 'AT2026-00001', lineaId: at1._id },
        },
      ],
    });
    expect(otra.statusCode, otra.body).toBe(409);
    expect(otra.json<{ message: string }>().message).toBe(
      `El albarán AT2026-00001 ya está facturado en ${numero}.`,
    );
    const precio = await t.api.put(`/api/albaranes/transporte/${at1._id}`, {
      precio: '200.00',
      version: albaran.version,
    });
    expect(precio.statusCode, precio.body).toBe(409);
    const anular = await t.api.post(`/api/albaranes/transporte/${at1._id}/anular`, {
      motivo: 'Error en el destino del viaje',
      version: albaran.version,
    });
    expect(anular.statusCode, anular.body).toBe(409);
    expect(
      dataOf<Transporte>(await t.api.get(`/api/albaranes/transporte/${at1._id}`)),
    ).toMatchObject({ estado: 'entregado', precio: '195.00' });
  });
  test('finanzas.md escenario 16 (R16): three delivered albaranes invoiced together in one draft; one of them in another → 409', async () => {
    const entregado = async (precio: string) => {
      const c = await t.api.post(
        '/api/albaranes/transporte',
        cuerpo({
          camionId,
          conductor: { nombre: 'Antoni Bauzà Mas', dni: '43098765P' },
          mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 18_500 },
          precio,
        }),
        'transportes',
      );
      expect(c.statusCode, c.body).toBe(201);
      const creado = dataOf<Transporte>(c);
      const e = await t.api.post(
        `/api/albaranes/transporte/${creado._id}/entregar`,
        { version: creado.version, sinFirmaMotivo: 'Conforme firmado en papel por el receptor' },
        'transportes',
      );
      expect(e.statusCode, e.body).toBe(200);
      return creado;
    };
    const tres = [await entregado('180.00'), await entregado('180.00'), await entregado('210.00')];
    const r = await t.api.post('/api/facturas/desde-albaranes', {
      hasta: '2026-05-31',
      albaranIds: tres.map((a) => a._id),
    });
    expect(r.statusCode, r.body).toBe(201);
    const ids = dataOf<string[]>(r);
    expect(ids).toHaveLength(1);
    const borrador = dataOf<{ baseImponible: string; lineas: { descripcion: string }[] }>(
      await t.api.get(`/api/facturas/${ids[0]}`),
    );
    expect(borrador.lineas.map((l) => l.descripcion.slice(0, 20))).toEqual(
      tres.map((a) => `Albarán ${a.numero}`.slice(0, 20)),
    );
    expect(borrador.baseImponible).toBe('570.00');
    const otra = await t.api.post('/api/facturas', {
      empresa: 'transporte',
      clienteId,
      lineas: [
        {
          descripcion: 'Viaje repetido',
          cantidad: '1',
          precioUnitario: '180.00',
          tipoIva: 21,
          naturaleza: 'transporte',
          origen: {
            tipo: 'albaran',
            id: tres[0]?._id,
            numero: tres[0]?.numero,
            lineaId: tres[0]?._id,
          },
        },
      ],
    });
    expect(otra.statusCode, otra.body).toBe(409);
    expect(otra.json<{ message: string }>().message).toMatch(
      new RegExp(`^El albarán ${tres[0]?.numero} ya está facturado`),
    );
  });
  test('§5 "Añadir seleccionados": lineas-albaranes gives one line per chosen albarán, in the order asked; none once a draft holds them', async () => {
    const entregado = async (precio: string) => {
      const c = await t.api.post(
        '/api/albaranes/transporte',
        cuerpo({
          camionId,
          conductor: { nombre: 'Antoni Bauzà Mas', dni: '43098765P' },
          mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 8_000 },
          precio,
        }),
        'transportes',
      );
      expect(c.statusCode, c.body).toBe(201);
      const creado = dataOf<Transporte>(c);
      const e = await t.api.post(
        `/api/albaranes/transporte/${creado._id}/entregar`,
        { version: creado.version, sinFirmaMotivo: 'Conforme firmado en papel por el receptor' },
        'transportes',
      );
      expect(e.statusCode, e.body).toBe(200);
      return creado;
    };
    const [a, b] = [await entregado('150.00'), await entregado('90.00')];
    if (!a || !b) throw new Error('sin albaranes');
    const pendientes = dataOf<{ origenId: string }[]>(
      await t.api.get(`/api/facturas/albaranes-pendientes?clienteId=${clienteId}`, 'transportes'),
    ).map((p) => p.origenId);
    expect(pendientes).toEqual(expect.arrayContaining([a._id, b._id]));

    type Linea = {
      descripcion: string;
      cantidad: string;
      unidad: string;
      precioUnitario: string;
      naturaleza: string;
      tratamiento: string;
      tipoIva: number;
      origen: { tipo: string; id: string; numero: string; lineaId: string };
    };
    const lineas = async () =>
      t.api.get(`/api/facturas/lineas-albaranes?ids=${b._id},${a._id}`, 'transportes');
    const r = await lineas();
    expect(r.statusCode, r.body).toBe(200);
    const propuestas = dataOf<Linea[]>(r);
    expect(propuestas.map((l) => [l.origen.numero, l.precioUnitario])).toEqual([
      [b.numero, '90.00'],
      [a.numero, '150.00'],
    ]);
    expect(propuestas[0]).toMatchObject({
      cantidad: '1',
      unidad: 'viaje',
      naturaleza: 'transporte',
      tratamiento: 'general',
      tipoIva: 21,
      origen: { tipo: 'albaran', id: b._id, lineaId: b._id },
    });
    expect(propuestas[0]?.descripcion).toMatch(
      new RegExp(`^Albarán ${b.numero} \\(04/05/2026\\): .+ → .+, 8\\.000 kg$`),
    );
    // An alquileres user has no transport invoices (finanzas.md §7).
    expect(
      (await t.api.get(`/api/facturas/lineas-albaranes?ids=${a._id}`, 'alquileres')).statusCode,
    ).toBe(403);
    expect(
      (await t.api.get('/api/facturas/lineas-albaranes?ids=x', 'transportes')).statusCode,
    ).toBe(400);

    const borrador = await t.api.post(
      '/api/facturas',
      { empresa: 'transporte', clienteId, lineas: propuestas },
      'transportes',
    );
    expect(borrador.statusCode, borrador.body).toBe(201);
    expect(dataOf<{ baseImponible: string; origen: string }>(borrador)).toMatchObject({
      baseImponible: '240.00',
      origen: 'albaran',
    });
    expect(dataOf<Linea[]>(await lineas())).toEqual([]);
  });
  test('§10: the list (one statement) summarises each record as its page does; filters, sorts and totals agree', async () => {
    type Resumen = {
      _id: string;
      version: number;
      numero: string;
      estado: string;
      fechaCarga: string;
      cliente: { _id: string; nombre: string; documento: string | null };
      origen: string | null;
      destino: string | null;
      matricula: string | null;
      conductor: string | null;
      pesoKg: number | null;
      precio: string | null;
      documentoControlCompleto: boolean;
      factura: { _id: string; numero: string } | null;
    };
    type Ficha = Transporte & {
      fechaCarga: string;
      cliente: Resumen['cliente'];
      origen: { nombre: string | null; direccion: { municipio?: string | null } };
      destino: { nombre: string | null; direccion: { municipio?: string | null } };
      matriculaTexto: string | null;
      conductor: { nombre: string | null };
      mercancia: { pesoKg: number | null };
      factura: Resumen['factura'];
    };
    const lista = async (q: string) =>
      (await t.api.get(`/api/albaranes/transporte?limit=100${q}`, 'transportes')).json<{
        data: Resumen[];
        meta: { total: number };
      }>();
    // One that still lacks the driver and the plates (R10).
    expect(
      (await t.api.post('/api/albaranes/transporte', cuerpo(), 'transportes')).statusCode,
    ).toBe(201);
    const todos = await lista('');
    expect(todos.meta.total).toBe(todos.data.length);
    expect(todos.data.some((a) => a.factura)).toBe(true);
    expect(new Set(todos.data.map((a) => a.documentoControlCompleto))).toEqual(
      new Set([true, false]),
    );
    for (const a of todos.data) {
      const f = dataOf<Ficha>(await t.api.get(`/api/albaranes/transporte/${a._id}`, 'transportes'));
      expect(a).toEqual({
        _id: f._id,
        version: f.version,
        numero: f.numero,
        estado: f.estado,
        fechaCarga: f.fechaCarga,
        cliente: f.cliente,
        origen: f.origen.nombre ?? f.origen.direccion.municipio ?? null,
        destino: f.destino.nombre ?? f.destino.direccion.municipio ?? null,
        matricula: f.matriculaTexto,
        conductor: f.conductor.nombre,
        pesoKg: f.mercancia.pesoKg,
        precio: f.precio,
        documentoControlCompleto: f.documentoControl.completo,
        factura: f.factura,
      });
    }
    const numeros = todos.data.map((a) => a.numero).sort();
    expect((await lista('&sort=numero')).data.map((a) => a.numero)).toEqual(numeros);
    expect((await lista('&sort=-numero')).data.map((a) => a.numero)).toEqual(numeros.reverse());
    for (const estado of ['pendiente', 'entregado', 'anulado']) {
      const r = await lista(`&estado=${estado}&sort=cliente`);
      expect(r.data.map((a) => a._id).sort()).toEqual(
        todos.data
          .filter((a) => a.estado === estado)
          .map((a) => a._id)
          .sort(),
      );
      expect(r.meta.total).toBe(r.data.length);
    }
    const pagina = await t.api.get(
      `/api/albaranes/transporte?limit=2&page=2&sort=estado&clienteId=${clienteId}`,
      'transportes',
    );
    expect(pagina.json<{ data: Resumen[]; meta: { total: number } }>()).toMatchObject({
      data: [{}, {}],
      meta: { total: todos.meta.total },
    });
    const numero = encodeURIComponent(numeros[0] ?? '');
    const busqueda = await lista(`&searchTerm=${numero}`);
    expect(busqueda.data.map((a) => a.numero)).toEqual([numeros[0]]);
    expect(busqueda.meta.total).toBe(1);
    expect(await lista(`&page=9&searchTerm=${numero}`)).toMatchObject({
      data: [],
      meta: { total: 1 },
    });
  });
  test("R11 with a typed plate: the fleet truck it names is checked, dado de baja refused, other motivos warnings; a carrier's own truck is not", async () => {
    const camion = (matricula: string, itv: string) =>
      t.api.post('/api/camiones', {
        matricula,
        bastidor: `WDB96340812${matricula.replace(/\D/g, '')}99`,
        tipo: 'rigido',
        marca: 'Mercedes-Benz',
        modelo: 'Actros 1845',
        fechaPrimeraMatriculacion: '2021-11-10',
        mmaKg: 18_000,
        taraKg: 8_000,
        itvProximaInicial: itv,
        autorizacion: { tipo: 'MDP', numero: '99001123', visadoHasta: '2030-09-30' },
        tacografo: {
          tipo: 'digital',
          numeroSerie: `SE5000-${matricula}`,
          ultimaRevision: '2026-01-15',
        },
        seguro: {
          aseguradora: 'Mapfre',
          poliza: 'P-2',
          cobertura: 'todo_riesgo',
          vencimiento: '2027-01-31',
        },
        kmIniciales: 50_000,
      });
    // The form's checklist reads own transport's NIF as R10 does: the emisor's.
    const propio = await t.api.get('/api/albaranes/transporte/transportista-propio', 'transportes');
    expect(propio.json()).toEqual({
      data: { nombre: 'Mallorca Transporta, S.L.', nif: 'B07123458' },
    });
    expect(
      (await t.api.get('/api/albaranes/transporte/transportista-propio', 'empleado')).statusCode,
    ).toBe(403);
    const vencido = await camion('2093 HBL', '2026-04-30');
    expect(vencido.statusCode, vencido.body).toBe(201);
    const p = await t.api.post('/api/proveedores', {
      nombre: 'Transports Llevant, S.L.',
      documento: 'B07660012',
      empresa: 'transporte',
    });
    expect(p.statusCode, p.body).toBe(201);
    const proveedorId = dataOf<{ _id: string }>(p)._id;
    const salir = async (extra: Record<string, unknown>) => {
      const c = await t.api.post(
        '/api/albaranes/transporte',
        cuerpo({
          conductor: { nombre: 'Biel Riera Cladera', dni: '43098765P' },
          mercancia: { descripcion: 'Grava 6/12 a granel', pesoKg: 9000 },
          ...extra,
        }),
        'transportes',
      );
      expect(c.statusCode, c.body).toBe(201);
      const a = dataOf<Transporte & { matriculaTexto: string | null; camion: unknown }>(c);
      expect(a.documentoControl).toEqual({ completo: true, faltan: [] });
      return t.api.post(
        `/api/albaranes/transporte/${a._id}/iniciar-ruta`,
        { version: a.version },
        'transportes',
      );
    };
    const subcontratado = { tipo: 'subcontratado', proveedorId };
    // A subcontracted carrier typing the plate of a fleet truck whose ITV has expired.
    const itv = await salir({ transportista: subcontratado, matricula: '2093hbl' });
    expect(itv.statusCode).toBe(409);
    expect(itv.json().message).toBe(
      'El camión 2093 HBL tiene la ITV vencida (válida hasta el 30/04/2026).',
    );
    // Own transport typing the plate of a fleet truck in the workshop.
    await t.database.db.execute(
      sql`update camiones set estado = 'en_taller' where id = ${camionId}`,
    );
    const taller = await salir({ matricula: '8862 LDS' });
    await t.database.db.execute(sql`update camiones set estado = 'activo' where id = ${camionId}`);
    expect(taller.statusCode).toBe(409);
    expect(taller.json().message).toBe('El camión 8862 LDS está en el taller.');
    await t.database.db.execute(sql`update camiones set estado = 'baja' where id = ${camionId}`);
    const baja = await salir({ matricula: '8862 LDS' });
    await t.database.db.execute(sql`update camiones set estado = 'activo' where id = ${camionId}`);
    expect(baja.statusCode).toBe(409);
    expect(baja.json().message).toBe('El camión 8862 LDS está dado de baja.');
    // Own transport needs a truck of the fleet (R11).
    const ajeno = await salir({ matricula: '5123 JKL' });
    expect(ajeno.statusCode).toBe(409);
    expect(ajeno.json().message).toBe(
      'El camión 5123 JKL no está en la flota propia: elígelo de la flota o indica el transportista subcontratado.',
    );
    // The carrier's own truck: not in the fleet, nothing of R11 to check; its overload neither.
    const suyo = await salir({ transportista: subcontratado, matricula: '5123 JKL' });
    expect(suyo.statusCode, suyo.body).toBe(200);
    expect(dataOf<Transporte>(suyo)).toMatchObject({ estado: 'en_ruta', avisos: [] });
    // The same fleet truck, its plate typed, once it is fit: leaves with flota's overload warning.
    // Flota's other motivos no apto (here an expired insurance) are warnings too.
    const seguro = (vencimiento: string) =>
      t.database.db.execute(
        sql`update camiones set seguro = jsonb_set(seguro, '{vencimiento}', to_jsonb(${vencimiento}::text)) where id = ${camionId}`,
      );
    await seguro('2026-01-31');
    const ok = await salir({
      matricula: '8862 LDS',
      mercancia: { descripcion: 'Grava', pesoKg: 24_000 },
    });
    await seguro('2027-01-31');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<Transporte>(ok).avisos).toEqual(
      expect.arrayContaining([
        'Sin seguro en vigor',
        'El peso declarado (24.000 kg) supera la carga útil del camión (20.000 kg).',
      ]),
    );
  });

  test('R13, R15: no delivery before the fecha de carga; a repeated referencia for the client → 409', async () => {
    const r = await t.api.post(
      '/api/albaranes/transporte',
      cuerpo({ fechaCarga: '2026-05-20', referenciaExterna: 'PED-R15' }),
      'transportes',
    );
    expect(r.statusCode, r.body).toBe(201);
    const a = dataOf<Transporte>(r);
    const pronto = await t.api.post(
      `/api/albaranes/transporte/${a._id}/entregar`,
      { version: a.version, sinFirmaMotivo: 'Receptor ausente en la obra' },
      'transportes',
    );
    expect(pronto.statusCode).toBe(400);
    expect(pronto.json().errors).toEqual([
      'entregadoAt: No se puede registrar la entrega antes de la fecha de carga (20/05/2026)',
    ]);
    const repetida = await t.api.post(
      '/api/albaranes/transporte',
      cuerpo({ fechaCarga: '2026-05-21', referenciaExterna: 'PED-R15' }),
      'transportes',
    );
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe(
      `Ya existe el albarán ${a.numero} con la referencia «PED-R15» para este cliente.`,
    );
    // Six at once with one new reference: one is created, and every other one is told which
    // albarán holds it, also those the unique index refused (on PostgreSQL the checks run
    // side by side).
    const carrera = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.api.post(
          '/api/albaranes/transporte',
          cuerpo({ fechaCarga: '2026-05-22', referenciaExterna: 'PED-R15-CARRERA' }),
          'transportes',
        ),
      ),
    );
    const creados = carrera.filter((res) => res.statusCode === 201);
    expect(creados).toHaveLength(1);
    const ganador = dataOf<Transporte>(creados[0]!).numero;
    expect(
      carrera
        .filter((res) => res.statusCode !== 201)
        .map((res) => [res.statusCode, res.json().message]),
    ).toEqual(
      Array.from({ length: 5 }, () => [
        409,
        `Ya existe el albarán ${ganador} con la referencia «PED-R15-CARRERA» para este cliente.`,
      ]),
    );
  });

  test('§6 list filters: fecha de carga, cliente, camión, "Sin facturar" and "Documento de control incompleto" (R10 as the records say)', async () => {
    type Fila = {
      _id: string;
      fechaCarga: string;
      cliente: { _id: string };
      documentoControlCompleto: boolean;
      factura: unknown;
    };
    // A client whose NIF fails its control letter, a complete one of it otherwise, and an
    // exempt one with nothing of art. 6.
    const c = await t.api.post('/api/clientes', {
      nombre: 'Transports Mal Escrit, S.L.',
      documento: 'B07660013',
      empresa: 'transporte',
    });
    expect(c.statusCode, c.body).toBe(201);
    const otroCliente = dataOf<{ _id: string }>(c)._id;
    const completo = {
      camionId,
      conductor: { nombre: 'Antoni Bauzà Mas' },
      mercancia: { descripcion: 'Grava', pesoKg: 1000 },
    };
    for (const body of [
      cuerpo({ ...completo, clienteId: otroCliente, fechaCarga: '2026-05-06' }),
      cuerpo({
        exentoDocumentoControl: true,
        motivoExencion: 'paqueteria',
        fechaCarga: '2026-05-07',
      }),
    ])
      expect((await t.api.post('/api/albaranes/transporte', body, 'transportes')).statusCode).toBe(
        201,
      );
    const lista = async (q: string) => {
      const r = await t.api.get(`/api/albaranes/transporte?limit=100${q}`, 'transportes');
      expect(r.statusCode, r.body).toBe(200);
      return r.json<{ data: Fila[]; meta: { total: number } }>();
    };
    const ids = (filas: Fila[]) => filas.map((f) => f._id).sort();
    const todos = (await lista('')).data;
    const incompletos = await lista('&incompleto=true');
    expect(ids(incompletos.data)).toEqual(ids(todos.filter((f) => !f.documentoControlCompleto)));
    expect(incompletos.meta.total).toBe(incompletos.data.length);
    expect(incompletos.data.some((f) => f.cliente._id === otroCliente)).toBe(true);
    expect(todos.some((f) => f.documentoControlCompleto && f.cliente._id === clienteId)).toBe(true);
    const sinFacturar = await lista('&facturado=false');
    expect(ids(sinFacturar.data)).toEqual(ids(todos.filter((f) => !f.factura)));
    expect(sinFacturar.meta.total).toBeLessThan(todos.length);
    expect(ids((await lista('&facturado=true')).data)).toEqual(ids(todos.filter((f) => f.factura)));
    const fechas = await lista('&desde=2026-05-05&hasta=2026-05-06');
    expect(fechas.data.map((f) => f.fechaCarga)).toEqual(['2026-05-06']);
    expect(ids((await lista(`&clienteId=${otroCliente}`)).data)).toEqual(
      ids(todos.filter((f) => f.cliente._id === otroCliente)),
    );
    const delCamion = await lista(`&camionId=${camionId}&incompleto=true`);
    expect(delCamion.data.map((f) => f.cliente._id)).toEqual([otroCliente]);
    // The CSV export takes the same filters.
    const csv = await t.api.get('/api/albaranes/transporte/export?incompleto=true', 'transportes');
    expect(csv.body.trim().split('\r\n')).toHaveLength(incompletos.data.length + 1);
    const csvSin = await t.api.get(
      '/api/albaranes/transporte/export?facturado=false',
      'transportes',
    );
    expect(csvSin.body.trim().split('\r\n')).toHaveLength(sinFacturar.data.length + 1);
  });

  test('§2.3 inspecciones: registered with who did it, 4–20 digits, sent once, only with albaranes.transporte.edit', async () => {
    type Inspeccion = {
      _id: string;
      codigo: string;
      fecha: string;
      notas: string | null;
      enviadoAt: string | null;
      registradoPor: string | null;
    };
    const creado = await t.api.post(
      '/api/albaranes/transporte',
      cuerpo({ fechaCarga: '2026-05-22' }),
      'transportes',
    );
    expect(creado.statusCode, creado.body).toBe(201);
    const a = dataOf<Transporte>(creado);
    const ruta = `/api/albaranes/transporte/${a._id}/inspecciones`;
    const inspecciones = async () =>
      dataOf<{ inspecciones: Inspeccion[] }>(
        await t.api.get(`/api/albaranes/transporte/${a._id}`, 'transportes'),
      ).inspecciones;

    for (const codigo of ['12A45', '123', '123456789012345678901']) {
      const mal = await t.api.post(ruta, { codigo, fecha: '2026-05-04' }, 'transportes');
      expect(mal.statusCode, codigo).toBe(400);
      expect(mal.json().errors).toEqual([
        'codigo: El código de la inspección tiene entre 4 y 20 cifras',
      ]);
    }
    for (const usuario of ['empleado', 'alquileres'] as const)
      expect(
        (await t.api.post(ruta, { codigo: '4521', fecha: '2026-05-04' }, usuario)).statusCode,
        usuario,
      ).toBe(403);
    expect(await inspecciones()).toEqual([]);

    const r = await t.api.post(
      ruta,
      { codigo: '0045210987', fecha: '2026-05-04', notas: 'Control en la Ma-13, Inca' },
      'transportes',
    );
    expect(r.statusCode, r.body).toBe(201);
    const [registrada] = dataOf<{ inspecciones: Inspeccion[] }>(r).inspecciones;
    expect(registrada).toEqual({
      _id: expect.any(String),
      codigo: '0045210987',
      fecha: '2026-05-04',
      notas: 'Control en la Ma-13, Inca',
      enviadoAt: null,
      registradoPor: 'transportes@tvsistema.test',
    });
    expect(await inspecciones()).toEqual([registrada]);

    const enviar = `${ruta}/${registrada?._id}`;
    for (const usuario of ['empleado', 'alquileres'] as const)
      expect((await t.api.put(enviar, { enviado: true }, usuario)).statusCode, usuario).toBe(403);
    expect((await t.api.put(enviar, { enviado: false }, 'transportes')).statusCode).toBe(400);
    const enviada = await t.api.put(enviar, { enviado: true }, 'transportes');
    expect(enviada.statusCode, enviada.body).toBe(200);
    const [primera] = dataOf<{ inspecciones: Inspeccion[] }>(enviada).inspecciones;
    expect(Date.parse(primera?.enviadoAt ?? '')).toBeGreaterThan(0);
    // A second "Marcar como enviado" (another tab, a retry) keeps the instant it was sent.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const otra = await t.api.put(enviar, { enviado: true }, 'admin');
    expect(otra.statusCode, otra.body).toBe(200);
    expect(dataOf<{ inspecciones: Inspeccion[] }>(otra).inspecciones).toEqual([primera]);
    expect(await inspecciones()).toEqual([primera]);
    expect(
      (
        await t.api.put(
          `${ruta}/00000000-0000-4000-8000-000000000000`,
          { enviado: true },
          'transportes',
        )
      ).statusCode,
    ).toBe(404);
  });

  test('§10: the CSV export streams in batches of one snapshot — one BOM and header, every row once', async () => {
    // 1,500 more albaranes than a batch of 1,000 holds, written in bulk as the benchmark's.
    await seedVolumenLogistica(t.database, { clientes: 10, transportes: 1_500 }, '2026-05-04');
    const total = (await t.api.get('/api/albaranes/transporte?limit=1', 'transportes')).json<{
      meta: { total: number };
    }>().meta.total;
    expect(total).toBeGreaterThanOrEqual(1_500);
    const r = await t.api.get('/api/albaranes/transporte/export?sort=numero', 'transportes');
    expect(r.statusCode).toBe(200);
    // Streamed: no length known before the last batch.
    expect(r.headers['content-length']).toBeUndefined();
    const lineas = r.body.split('\r\n');
    expect(lineas.pop()).toBe('');
    expect(lineas).toHaveLength(total + 1);
    expect(lineas[0]?.startsWith('\uFEFFNúmero;Fecha de carga;')).toBe(true);
    expect(r.body.match(/\uFEFF/g)).toHaveLength(1);
    expect(lineas.filter((l) => l.startsWith('Número;'))).toHaveLength(0);
    const numeros = lineas.slice(1).map((l) => l.split(';')[0]);
    expect(new Set(numeros).size).toBe(total);
  });
});
