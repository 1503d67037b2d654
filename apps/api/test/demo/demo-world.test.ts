import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, seedDemoWorld } from '../../src/index.js';
import { multipart } from '../helpers/multipart.js';
import { pdfPages } from '../helpers/pdf-text.js';
import { createTestApp } from '../helpers/test-app.js';
import type { TestApp } from '../helpers/test-app.js';

// Issue 11, demo world: an empty database gets the canonical companies and parties of
// modules/README.md once; a second start adds nothing; a database with data is left alone;
// DEMO_DATA=false turns it off.

type Parte = { nombre: string; documento: string | null; empresa: string };

let t: TestApp;
let admin = '';
beforeAll(async () => {
  // "Hoy" is the seed day, so the avisos read the same whatever day the tests run.
  t = await createTestApp({ seedReferenceData: true, today: () => '2026-11-23' });
  admin = `Bearer ${await t.tokens.forRoles(['administracion'])}`;
});
afterAll(async () => {
  await t?.close();
});

const list = async (resource: string, empresa: string) =>
  (
    await t.app.inject({
      url: `/api/${resource}?empresa=${empresa}&limit=50`,
      headers: { authorization: admin },
    })
  ).json<{ data: Parte[] }>().data;

describe('seedDemoWorld', () => {
  test('DEMO_DATA=false turns it off', async () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({}).demoData).toBe(true);
    expect(await seedDemoWorld(t.database, { enabled: false })).toEqual({
      seeded: false,
      reason: 'desactivado',
    });
    expect(await list('clientes', 'alquileres')).toEqual([]);
  });

  test('seeds the companies and parties of the demo world, once', async () => {
    const result = await seedDemoWorld(t.database, {
      enabled: true,
      today: '2026-11-23',
      archivos: { dataDir: await mkdtemp(join(tmpdir(), 'demo-archivos-')) },
    });
    expect(result).toEqual({
      seeded: true,
      day: '2026-11-23',
      modules: [
        'partes',
        'inventario',
        'comercial',
        'finanzas',
        'flota',
        'obras',
        'logistica',
        'preferencias',
      ],
    });

    const clientes = await list('clientes', 'alquileres');
    expect(clientes.map((c) => c.nombre).sort()).toEqual(
      [
        'Construcciones Ferrer Pons, S.L.',
        'Construcciones Llevant, S.L.',
        'Hotel Cala Major, S.A.',
        'Miquel Oliver Riera',
        'Reformas Tramuntana, S.L.',
      ].sort(),
    );
    expect((await list('clientes', 'transporte')).map((c) => c.documento).sort()).toEqual([
      'B07556673',
      'B07788128',
    ]);
    expect((await list('clientes', 'verticales')).length).toBe(4);
    expect((await list('proveedores', 'transporte')).length).toBe(5);
    expect((await list('proveedores', 'alquileres')).map((p) => p.nombre).sort()).toEqual([
      'Joana Rosselló Font',
      'Talleres Son Castelló, S.L.',
    ]);

    const emisor = await t.app.inject({
      url: '/api/facturas/emisores/alquileres',
      headers: { authorization: admin },
    });
    expect(emisor.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
      nif: 'B07654320',
      iban: 'ES6000810573880001234567',
      epigrafeIae: '852',
      direccion: {
        calle: 'CAMÍ VELL DE BUNYOLA',
        altura: 37,
        codigoPostal: '07009',
        municipio: 'PALMA',
      },
      version: 1,
    });

    // Inventario (inventario.md §8): machines by state with their avisos, stock, templates.
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: { authorization: admin } })).json<{
        data: Record<string, unknown>[];
      }>().data;
    const maquinas = await get('/api/maquinaria?estado=todas&limit=20');
    const porCodigo = Object.fromEntries(maquinas.map((m) => [m.codigoInterno, m]));
    expect(Object.keys(porCodigo).sort()).toEqual([
      'DUM-001',
      'EXC-001',
      'GEN-001',
      'MEX-001',
      'MEX-002',
      'MTL-001',
      'PAR-001',
      'PTJ-001',
      'PTL-001',
    ]);
    // MEX-001 came back with AR-00003 at 1.845,5 h (README "Rentals").
    expect(porCodigo['MEX-001']).toMatchObject({
      horometro: '1845.5',
      estado: 'disponible',
      tarifas: { dia: '95.00', horaExtra: '18.00' },
    });
    expect(porCodigo['PAR-001']).toMatchObject({
      estado: 'en_taller',
      mantenimientoAbierto: { descripcion: 'Revisión 500 h' },
    });
    expect(porCodigo['PTL-001']).toMatchObject({ estado: 'baja', baja: { motivo: 'venta' } });
    const mensajes = (codigo: string) =>
      (porCodigo[codigo]?.avisos as { mensaje: string }[]).map((a) => a.mensaje);
    expect(mensajes('DUM-001')).toEqual(['Falta el manual de instrucciones']);
    expect(mensajes('MTL-001')).toEqual(['La ITV caduca el 13/12/2026']);
    expect(mensajes('PTJ-001')).toEqual([
      'Próxima revisión: Revisión anual (UNE 58921) (13/12/2026)',
    ]);
    expect(mensajes('GEN-001')).toEqual(['Revisión vencida: Mantenimiento 500 h']);
    // The alquileres dashboard's feed: GEN-001's service booked for T+3 is among the next 7 days.
    const resumen = (
      await t.app.inject({ url: '/api/inventario/resumen', headers: { authorization: admin } })
    ).json<{ data: Record<string, unknown> }>().data;
    expect(resumen).toMatchObject({
      // MEX-002 is on site at A-00005 (AE-00006).
      maquinasPorEstado: { disponible: 6, alquilada: 1, en_taller: 1, baja: 1 },
      mantenimientosProximos: [
        { codigo: 'GEN-001', fecha: '2026-11-26', descripcion: 'Mantenimiento 500 h' },
      ],
    });
    const componentes = await get('/api/andamios?limit=20');
    expect(componentes).toHaveLength(10);
    // 1.200 + 24 before the albaranes; A-00003 keeps 20 on site, AR-00005 sent 3 to repair and
    // 2 are missing.
    expect(componentes.find((c) => c.codigo === 'MAR-200-073')).toMatchObject({
      stock: { disponible: 1175, alquilado: 20, enReparacion: 27 },
    });
    expect(componentes.find((c) => c.codigo === 'ANC-040')).toMatchObject({ bajoMinimo: true });
    expect((await get('/api/conceptos?limit=20')).map((c) => c.codigo)).toEqual([
      'DES-AND',
      'FIA-MAQ',
      'LIM-MAQ',
      'MON-AND',
      'SEG-DAN',
      'TRA-IDA',
      'TRA-KM',
      'TRA-VUE',
    ]);

    // Comercial (comercial.md §8): A-00001…A-00008 in order, A-00003 from P-00001, A-00008
    // cancelled; the quotes in each state; the two templates.
    const alquileres = await get('/api/alquileres?limit=20&sort=numero');
    // Their states come from logística's albaranes (README "Rentals").
    expect(alquileres.map((a) => [a.numero, a.estado])).toEqual([
      ['A2026-00001', 'finalizado'],
      ['A2026-00002', 'finalizado'],
      ['A2026-00003', 'devuelto_parcial'],
      ['A2026-00004', 'finalizado'],
      ['A2026-00005', 'en_curso'],
      ['A2026-00006', 'finalizado'],
      ['A2026-00007', 'reservado'],
      ['A2026-00008', 'cancelado'],
    ]);
    expect(alquileres[2]).toMatchObject({
      cliente: 'Construcciones Llevant, S.L.',
      fianzaEstado: 'cobrada',
    });
    // §8: A-00004's fianza of 300,00 (MEX-001's) cobrada con tarjeta on its delivery (T−35) and
    // devuelta in full on the recogida that finalised it (AR-00003, T−29).
    expect(alquileres[3]).toMatchObject({ fianza: '300.00', fianzaEstado: 'devuelta' });
    const a4 = (
      await t.app.inject({
        url: `/api/alquileres/${String(alquileres[3]?._id)}`,
        headers: { authorization: admin },
      })
    ).json<{ data: { fianza: Record<string, unknown> } }>().data;
    expect(a4.fianza).toEqual({
      importe: '300.00',
      estado: 'devuelta',
      formaPago: 'tarjeta',
      fechaCobro: '2026-10-19',
      fechaDevolucion: '2026-10-25',
      importeDevuelto: '300.00',
      importeRetenido: '0.00',
      motivoRetencion: null,
    });
    // Its contract: the arrendador's legal data and MEX-001's included hours (comercial.md §5).
    const contrato = await t.app.inject({
      url: `/api/alquileres/${String(alquileres[3]?._id)}/pdf`,
      headers: { authorization: admin },
    });
    const textoContrato = (await pdfPages(contrato.rawPayload)).join('\n');
    for (const texto of [
      'Alquiler de Maquinaria Mallorca, S.L.',
      'B07654320',
      'Reformas Tramuntana, S.L.',
      'U17-35124',
      '8 h/día',
      '18,00 €/h',
    ])
      expect(textoContrato).toContain(texto);
    // §8: "contrato-firmado.pdf" in A-00003's Contrato folder.
    const archivo = (
      await t.app.inject({
        url: `/api/alquileres/${String(alquileres[2]?._id)}/archivos`,
        headers: { authorization: admin },
      })
    ).json<{
      data: {
        carpetas: { carpeta: string; total: number }[];
        archivos: { nombre: string; mime: string; carpeta: string }[];
      };
    }>().data;
    expect(archivo.carpetas).toEqual([{ carpeta: 'contrato', total: 1 }]);
    expect(archivo.archivos.map((f) => [f.carpeta, f.nombre, f.mime])).toEqual([
      ['contrato', 'contrato-firmado.pdf', 'application/pdf'],
    ]);
    const presupuestos = await get('/api/presupuestos?limit=20&sort=createdAt');
    expect(presupuestos.map((p) => [p.numero, p.estado])).toEqual([
      ['P2026-00001', 'aceptado'],
      ['P2026-00002', 'caducado'],
      ['P2026-00003', 'rechazado'],
      ['P2026-00004', 'enviado'],
      [null, 'borrador'],
    ]);
    expect((await get('/api/presupuestos/plantillas')).map((p) => p.nombre)).toEqual([
      'Andamio fachada 100 m² (1 mes)',
      'Miniexcavadora por semanas',
    ]);
    // Flota (flota-obras.md §8): the fleet's states and the alerts that must show on T.
    const camiones = await get('/api/camiones?limit=20&sort=matricula');
    expect(camiones.map((c) => [c.matriculaTexto, c.estado, c.kmActual])).toEqual([
      ['2093 HBL', 'activo', 388_900],
      ['4417 KTM', 'activo', 612_340],
      ['5120 MNP', 'activo', 64_200],
      ['6754 JRW', 'en_taller', 845_000],
      ['8862 LDS', 'activo', 241_500],
      ['PM 4821 BZ', 'baja', null],
      ['R 7731 BCF', 'activo', null],
    ]);
    const vencimientos = await get('/api/camiones/vencimientos');
    expect(vencimientos.map((v) => [v.etiqueta, v.concepto, v.diasRestantes])).toEqual([
      ['2093 HBL', 'Revisión periódica', 7],
      ['8862 LDS', 'Seguro', 9],
      ['4417 KTM', 'ITV', 12],
      ['4417 KTM', 'Revisión del tacógrafo', 18],
      ['Miquel Ferrer Vidal', 'CAP', 25],
    ]);
    expect(vencimientos[0]).toMatchObject({ kmRestantes: 900 });
    // §8: every active motor vehicle has 2–4 mantenimientos.
    for (const c of camiones.filter(
      (x) => x.estado !== 'baja' && !String(x.matriculaTexto).startsWith('R '),
    )) {
      const total = (
        await t.app.inject({
          url: `/api/camiones/${String(c._id)}/mantenimientos`,
          headers: { authorization: admin },
        })
      ).json<{ meta: { total: number } }>().meta.total;
      expect(total, String(c.matriculaTexto)).toBeGreaterThanOrEqual(2);
      expect(total, String(c.matriculaTexto)).toBeLessThanOrEqual(4);
    }
    // Obras (flota-obras.md §8): six works in every state, the one in progress at 35 % with
    // today's draft and Marta's certificate about to expire.
    const obras = await get('/api/obras?estado=&limit=20&sort=codigo');
    expect(obras.map((o) => [o.codigo, o.tipoTrabajo, o.estado, o.progreso])).toEqual([
      ['OB2025-00001', 'fachadas', 'finalizada', 100],
      ['OB2026-00001', 'rehabilitacion', 'en_curso', 35],
      ['OB2026-00002', 'impermeabilizacion', 'planificada', 0],
      ['OB2026-00003', 'limpieza', 'presupuestada', 0],
      ['OB2026-00004', 'fachadas', 'pausada', 55],
      ['OB2026-00005', 'cubiertas', 'cancelada', 0],
    ]);
    expect(obras[1]).toMatchObject({
      alertas: ['Certificaciones por vencer (1)'],
      cliente: { nombre: 'Comunidad de Propietarios Edificio Es Born' },
    });
    // The list row is a summary (decision 0030): the partes' counts and the reason of a pause
    // are the record's.
    const ficha = async (obra: Record<string, unknown> | undefined) =>
      (
        await t.app.inject({
          url: `/api/obras/${String(obra?._id)}`,
          headers: { authorization: admin },
        })
      ).json<{ data: Record<string, unknown> }>().data;
    expect(await ficha(obras[1])).toMatchObject({
      partesTrabajo: 11,
      partesBorrador: 1,
      horasTotales: '240.00',
      alertas: ['Certificaciones por vencer (1)'],
    });
    expect(obras[4]).toMatchObject({ direccion: { calle: 'PASSEIG MARÍTIM', altura: 12 } });
    expect(await ficha(obras[4])).toMatchObject({
      motivoEstado: 'Temporal de viento: rachas previstas de 70 km/h',
    });
    expect((await get('/api/operarios?limit=20')).map((o) => o.nombreCompleto)).toHaveLength(6);

    // Logística (logistica.md §8): the rental albaranes in the order they happened, AE-00005
    // unsigned, A-00007's borrador for tomorrow; the transport albaranes in each state.
    const rental = await get('/api/albaranes?limit=20&sort=fecha');
    expect(rental.map((a) => [a.numero, a.estado, a.firmado])).toEqual([
      ['AE2026-00001', 'firmado', true],
      ['AR2026-00001', 'firmado', true],
      ['AE2026-00002', 'firmado', true],
      ['AE2026-00003', 'firmado', true],
      ['AE2026-00004', 'firmado', true],
      ['AR2026-00002', 'firmado', true],
      ['AR2026-00003', 'firmado', true],
      ['AE2026-00005', 'emitido', false],
      ['AE2026-00006', 'firmado', true],
      ['AE2026-00007', 'firmado', true],
      ['AR2026-00004', 'firmado', true],
      ['AR2026-00005', 'firmado', true],
      [null, 'borrador', false],
    ]);
    const transporte = await get('/api/albaranes/transporte?limit=20&sort=fecha');
    expect(transporte.map((a) => [a.numero, a.estado, a.precio])).toEqual([
      ['AT2026-00001', 'entregado', '240.00'],
      ['AT2026-00002', 'entregado', '240.00'],
      ['AT2026-00003', 'entregado', '240.00'],
      ['AT2026-00004', 'entregado', '180.00'],
      ['AT2026-00005', 'entregado', '180.00'],
      ['AT2026-00006', 'entregado', '180.00'],
      ['AT2026-00007', 'en_ruta', '240.00'],
      ['AT2026-00008', 'pendiente', null],
      ['AT2026-00009', 'pendiente', '210.00'],
    ]);
    expect(transporte.map((a) => (a.factura as { numero: string } | null)?.numero ?? null)).toEqual(
      [
        'T2026-00001',
        'T2026-00001',
        'T2026-00001',
        'T2026-00002',
        'T2026-00002',
        null,
        null,
        null,
        null,
      ],
    );
    expect(transporte[7]).toMatchObject({ documentoControlCompleto: false, matricula: '4417 KTM' });
    // A trip subcontracted to Transports Sóller: its truck's plate typed, complete for R10.
    expect(transporte[8]).toMatchObject({ documentoControlCompleto: true, matricula: '6754 HJK' });
    const subcontratado = await t.app.inject({
      url: `/api/albaranes/transporte/${transporte[8]?._id as string}`,
      headers: { authorization: admin },
    });
    expect(subcontratado.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      transportista: { tipo: 'subcontratado', nombre: 'Transports Sóller, S.L.', nif: 'B07412588' },
      camion: null,
      conductor: { nombre: 'Jaume Coll Vich' },
    });
    // §8: a file with the carrier's usual columns, in another order, gets the remembered mapping.
    const subida = await t.app.inject({
      method: 'POST',
      url: '/api/albaranes/transporte/importaciones',
      ...(({ payload, headers }) => ({ payload, headers: { ...headers, authorization: admin } }))(
        multipart({
          nombre: 'viajes.csv',
          contenido:
            'Kg;Ref;NIF;Fecha;Origen;Destino;Destinatario;Mercancía\r\n8000;R-1;B07556673;01/12/2026;Palma;Alcúdia;Obra;Bloques\r\n',
        }),
      ),
    });
    expect(subida.statusCode, subida.body).toBe(201);
    expect(subida.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      origenMapeo: 'recordado',
      mapeoSugerido: { pesoKg: 'Kg', mercancia: 'Mercancía', fechaCarga: 'Fecha' },
    });
    // What is billed is not offered again: up to T only A-00003 (monthly, still on site) is
    // pending among the rentals (A-00005 bills when it ends).
    const pendientes = await get('/api/facturas/alquileres-pendientes?hasta=2026-11-23');
    expect(pendientes.map((p) => [p.numero, p.desde])).toEqual([['A2026-00003', '2026-10-14']]);
    // The rental's "Facturación" tab: F-00001 bills A-00001's 30 days (T−75 … T−46).
    const facturacion = (
      await t.app.inject({
        url: `/api/alquileres/${String(alquileres[0]?._id)}/facturacion`,
        headers: { authorization: admin },
      })
    ).json<{ data: { periodos: unknown[]; proximo: unknown } }>().data;
    expect(facturacion).toEqual({
      periodos: [
        {
          facturaId: expect.any(String),
          facturaNumero: 'F2026-00001',
          facturaEstado: 'cobrada',
          desde: '2026-09-09',
          hasta: '2026-10-08',
          base: '1736.00',
        },
      ],
      proximo: null,
    });

    // Finanzas (finanzas.md §8): issued invoices, a nota, a borrador, purchases.
    const facturas = await get('/api/facturas?empresa=alquileres&limit=50&sort=numero');
    expect(facturas.map((f) => [f.numero, f.estado, f.importeTotal])).toEqual([
      ['F2026-00001', 'cobrada', '1880.06'],
      ['F2026-00002', 'emitida', '834.90'],
      ['F2026-00003', 'emitida', '459.80'],
      ['FS2026-00001', 'cobrada', '78.65'],
      [null, 'borrador', '54.45'],
    ]);
    expect(
      (await get('/api/notas?empresa=alquileres')).map((n) => [n.numero, n.importeTotal]),
    ).toEqual([['R2026-00001', '-60.50']]);
    expect(
      (await get('/api/facturas?empresa=transporte&sort=numero')).map((f) => f.numero),
    ).toEqual(['T2026-00001', 'T2026-00002']);
    expect(
      (await get('/api/compras?empresa=transporte&sort=numero')).map((c) => [
        c.numeroRegistro,
        c.estado,
      ]),
    ).toEqual([
      ['TC2026-00001', 'pendiente'],
      ['TC2026-00002', 'pagada'],
    ]);

    // Olga Operaciones (the development provider's `demo|operaciones`) has saved preferences;
    // everybody else reads the defaults (issue 14, decision 0044).
    const preferenciasDe = async (sub: string, roles: string[]) =>
      (
        await t.app.inject({
          url: '/api/preferencias',
          headers: { authorization: `Bearer ${await t.tokens.forRoles(roles, { sub })}` },
        })
      ).json<{ data: unknown }>().data;
    expect(
      await preferenciasDe('demo|operaciones', ['operaciones', 'alquileres', 'transportes']),
    ).toEqual({
      sistemaPorDefecto: 'transportes',
      vistaListas: 'list',
      tamanoPagina: 50,
      densidad: 'compacta',
    });
    expect(await preferenciasDe('demo|admin', ['administracion'])).toEqual({
      sistemaPorDefecto: null,
      vistaListas: null,
      tamanoPagina: null,
      densidad: 'normal',
    });

    expect(await seedDemoWorld(t.database, { enabled: true })).toEqual({
      seeded: false,
      reason: 'ya sembrado',
    });
    expect((await list('clientes', 'alquileres')).length).toBe(5);
  }, 60_000);
});
