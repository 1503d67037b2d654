import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inyectarFalloImportacion } from '../../src/modules/logistica/index.js';
import { fullDireccion } from '../proveedores/partes-helpers.js';
import { createLogisticaTest, dataOf, type LogisticaTest } from './logistica-helpers.js';

// logistica.md §9 scenarios 12–14 (transport import), R19's file rules, §6's endpoints and
// permissions. Clock 2026-05-04; Àrids Son Ferrer (B07788128) is the client; AT2026-00001 exists.

const BASE = '/api/albaranes/transporte/importaciones';
const CABECERAS = [
  'Referencia',
  'NIF del cliente',
  'Fecha de carga',
  'Población origen',
  'Población destino',
  'Destinatario',
  'Mercancía',
  'Peso (kg)',
  'Matrícula',
  'Conductor',
];

type Subida = {
  _id: string;
  version: number;
  formato: string;
  cabeceras: string[];
  ejemplos: Record<string, string[]>;
  totalFilas: number;
  mapeoSugerido: Record<string, string>;
  origenMapeo: string;
  plantillas: unknown[];
};
type Linea = { tipo: string; [k: string]: unknown };

let t: LogisticaTest;
let clienteId: string;

const lineas = (body: string): Linea[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Linea);

const subir = async (
  nombre: string,
  contenido: Buffer,
  as: 'transportes' | 'admin' = 'transportes',
) => t.api.upload(BASE, {}, { nombre, contenido }, as);

const csvDe = (filas: string[][], sep = ';') =>
  Buffer.from(`\uFEFF${filas.map((f) => f.join(sep)).join('\r\n')}\r\n`, 'utf-8');

const mapeoCompleto = Object.fromEntries(
  [
    ['referenciaExterna', 'Referencia'],
    ['clienteNif', 'NIF del cliente'],
    ['fechaCarga', 'Fecha de carga'],
    ['origenPoblacion', 'Población origen'],
    ['destinoPoblacion', 'Población destino'],
    ['destinatarioNombre', 'Destinatario'],
    ['mercancia', 'Mercancía'],
    ['pesoKg', 'Peso (kg)'],
    ['matricula', 'Matrícula'],
    ['conductor', 'Conductor'],
  ].map(([k, v]) => [k as string, v as string]),
);

const validar = async (id: string, mapeo = mapeoCompleto, recordar = false) => {
  const r = await t.api.post(
    `${BASE}/${id}/validar`,
    { mapeo, opciones: { formatoFecha: 'DD/MM/AAAA', separadorDecimal: 'coma' }, recordar },
    'transportes',
  );
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toContain('application/x-ndjson');
  return lineas(r.body);
};

const contador = async () => {
  const r = (await t.database.db.execute(
    sql`select ultimo from contadores_documentos where empresa = 'transporte' and tipo = 'albaran_transporte' and anio = 2026`,
  )) as unknown as { rows: { ultimo: number }[] };
  return Number(r.rows[0]?.ultimo ?? 0);
};
const albaranesDe = async (importacionId: string) => {
  const r = await t.api.get(
    `/api/albaranes/transporte?importacionId=${importacionId}&limit=1`,
    'transportes',
  );
  return r.json<{ meta: { total: number } }>().meta.total;
};

const crearTransporte = async (referenciaExterna: string, fechaCarga = '2026-05-04') => {
  const lugar = {
    direccion: {
      paisId: t.tree.paisId,
      provinciaId: t.tree.provinciaId,
      municipioId: t.tree.municipioId,
    },
  };
  const r = await t.api.post(
    '/api/albaranes/transporte',
    {
      clienteId,
      destinatario: { nombre: 'Obras Palma Centre, S.L.' },
      origen: lugar,
      destino: lugar,
      fechaCarga,
      mercancia: { descripcion: 'Grava' },
      referenciaExterna,
    },
    'transportes',
  );
  if (r.statusCode !== 201) throw new Error(r.body);
  return dataOf<{ numero: string }>(r);
};

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
    itvProximaInicial: '2026-09-30',
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
  // AT2026-00001 (reference EX-0) and four 2025 albaranes hold the five existing references.
  expect((await crearTransporte('EX-0')).numero).toBe('AT2026-00001');
  for (let i = 1; i < 5; i += 1) await crearTransporte(`EX-${i}`, '2025-12-15');
});
afterAll(async () => {
  inyectarFalloImportacion(null);
  await t?.close();
});

describe('importación de albaranes de transporte (logistica.md §9, R19)', () => {
  test('escenarios 12 y 13: 10.000 filas de Excel — validación, fallo a mitad sin rastro, importación completa', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Albaranes');
    hoja.addRow(CABECERAS);
    for (let i = 0; i < 10_000; i += 1) {
      let ref = `R-${i}`;
      let nif = 'B07788128';
      let fecha: Date | string = new Date(Date.UTC(2026, 4, 4 + (i % 20)));
      if (i >= 100 && i < 125) nif = 'B99999999'; // 25 unknown NIFs
      if (i >= 200 && i < 215) fecha = '31/02/2026'; // 15 bad dates
      if (i >= 300 && i < 305) ref = `R-${i - 300}`; // 5 in-file repeats
      if (i >= 500 && i < 505) ref = `EX-${i - 500}`; // 5 existing references
      hoja.addRow([
        ref,
        nif,
        fecha,
        'Palma CRM',
        'Palma CRM',
        'Obras Palma Centre, S.L.',
        'Grava 6/12',
        24_000,
        '8862 LDS',
        'Antoni Bauzà Mas',
      ]);
    }
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());
    const inicio = Date.now();
    const s = await subir('albaranes.xlsx', xlsx);
    expect(s.statusCode, s.body).toBe(201);
    const subida = dataOf<Subida>(s);
    expect(subida).toMatchObject({
      formato: 'xlsx',
      totalFilas: 10_000,
      origenMapeo: 'automatico',
    });
    expect(subida.cabeceras).toEqual(CABECERAS);
    expect(subida.mapeoSugerido).toEqual(mapeoCompleto);
    expect(subida.ejemplos['Fecha de carga']).toEqual(['2026-05-04', '2026-05-05', '2026-05-06']);

    const v = await validar(subida._id);
    expect(v[0]).toEqual({ tipo: 'progreso', fase: 'validando', procesadas: 0, total: 10_000 });
    const resumen = v.at(-1) as unknown as {
      tipo: string;
      version: number;
      resumen: Record<string, number>;
    };
    expect(resumen.tipo).toBe('resumen');
    expect(resumen.resumen).toMatchObject({
      validas: 9950,
      conErrores: 40,
      duplicadas: 10,
      albaranes: 9950,
    });

    const errores = await t.api.get(
      `${BASE}/${subida._id}/filas?estado=error&limit=100`,
      'transportes',
    );
    expect(errores.json().meta.total).toBe(40);
    const fila = (n: number) =>
      errores
        .json<{ data: { fila: number; errores: { mensaje: string; columna: string }[] }[] }>()
        .data.find((f) => f.fila === n);
    // Row 1 is the header: data row i is sheet row i + 2.
    expect(fila(102)?.errores).toEqual([
      expect.objectContaining({
        columna: 'NIF del cliente',
        mensaje: 'No existe ningún cliente de Transportes con el NIF «B99999999»',
      }),
    ]);
    expect(fila(202)?.errores[0]?.mensaje).toBe(
      'Fecha no válida «31/02/2026» (formato DD/MM/AAAA)',
    );
    const duplicadas = await t.api.get(
      `${BASE}/${subida._id}/filas?estado=duplicada`,
      'transportes',
    );
    expect(
      duplicadas.json().data.map((f: { errores: { mensaje: string }[] }) => f.errores[0]?.mensaje),
    ).toEqual([
      'Referencia repetida en el archivo (fila 2)',
      'Referencia repetida en el archivo (fila 3)',
      'Referencia repetida en el archivo (fila 4)',
      'Referencia repetida en el archivo (fila 5)',
      'Referencia repetida en el archivo (fila 6)',
      'Ya existe el albarán AT2026-00001 con la referencia «EX-0» para este cliente.',
      expect.stringMatching(
        /^Ya existe el albarán AT2025-0000\d con la referencia «EX-1» para este cliente\.$/,
      ),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const pagina = await t.api.get(`${BASE}/${subida._id}/errores?page=2&limit=30`, 'transportes');
    expect(pagina.json().meta).toMatchObject({ page: 2, limit: 30, total: 50 });
    expect(pagina.json().data).toHaveLength(20);
    const erroresCsv = await t.api.get(`${BASE}/${subida._id}/errores.csv`, 'transportes');
    expect(erroresCsv.body.startsWith(`\uFEFF${CABECERAS.join(';')};Error\r\n`)).toBe(true);
    expect(erroresCsv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 50);

    // Escenario 13: a fault at insert row 9,000 leaves nothing behind.
    inyectarFalloImportacion(9000);
    const fallo = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: resumen.version },
      'transportes',
    );
    inyectarFalloImportacion(null);
    expect(fallo.statusCode).toBe(200);
    const lf = lineas(fallo.body);
    expect(lf.at(-1)).toMatchObject({ tipo: 'error' });
    expect(lf.some((l) => l.tipo === 'progreso' && l['procesadas'] === 8000)).toBe(true);
    expect(await albaranesDe(subida._id)).toBe(0);
    expect(await contador()).toBe(1);
    const fallida = dataOf<{ estado: string; version: number }>(
      await t.api.get(`${BASE}/${subida._id}`, 'transportes'),
    );
    expect(fallida.estado).toBe('fallida');
    const noValidada = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: fallida.version },
      'transportes',
    );
    expect(noValidada.statusCode).toBe(409);

    // Escenario 12: validate again (allowed from fallida) and import.
    const v2 = await validar(subida._id);
    const r2 = v2.at(-1) as unknown as { version: number; resumen: { validas: number } };
    expect(r2.resumen.validas).toBe(9950);
    const ok = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: r2.version },
      'transportes',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const resultado = lineas(ok.body).at(-1) as unknown as {
      tipo: string;
      resultado: Record<string, unknown>;
    };
    expect(resultado.tipo).toBe('resultado');
    expect(resultado.resultado).toMatchObject({
      creados: 9950,
      primerNumero: 'AT2026-00002',
      ultimoNumero: 'AT2026-09951',
      omitidas: 50,
      conErrores: 40,
      duplicadas: 10,
    });
    if (process.env['IMPORT_TIMING']) console.log(`upload → report: ${Date.now() - inicio} ms`);
    expect(await albaranesDe(subida._id)).toBe(9950);
    expect(await contador()).toBe(9951);
    const historial = (await t.database.db.execute(
      sql`select count(*)::int as n from historial h join albaranes a on a.id::text = h.registro_id where a.importacion_id = ${subida._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(historial.rows[0]?.n).toBe(9950);
    // Numbers follow date, then file row: the first is row 2's (2026-05-04).
    const primero = await t.api.get(
      `/api/albaranes/transporte?importacionId=${subida._id}&sort=numero&limit=1`,
      'transportes',
    );
    expect(primero.json().data[0]).toMatchObject({
      numero: 'AT2026-00002',
      fechaCarga: '2026-05-04',
      pesoKg: 24_000,
    });

    const informe = await t.api.get(`${BASE}/${subida._id}/informe.csv`, 'transportes');
    expect(
      informe.body.startsWith(
        '\uFEFFFila;Estado;Albarán;Referencia;Mensaje\r\n2;Importada;AT2026-00002;R-0;',
      ),
    ).toBe(true);
    const otra = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: r2.version + 1 },
      'transportes',
    );
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe('Esta importación ya se ha realizado');
  }, 60_000);

  test('escenario 13: a reference taken between validation and confirm → 409 before any line; stays validada', async () => {
    const s = await subir(
      'pocos.csv',
      csvDe([
        CABECERAS,
        [
          'C-1',
          'B07788128',
          '05/05/2026',
          'Palma CRM',
          'Palma CRM',
          'Obras',
          'Grava',
          '1.000',
          '',
          '',
        ],
        ['C-2', 'B07788128', '05/05/2026', 'Palma CRM', 'Palma CRM', 'Obras', 'Grava', '', '', ''],
      ]),
    );
    expect(s.statusCode, s.body).toBe(201);
    const { _id } = dataOf<Subida>(s);
    const r = (await validar(_id)).at(-1) as unknown as {
      version: number;
      resumen: { validas: number };
    };
    expect(r.resumen.validas).toBe(2);
    await crearTransporte('C-2');
    const c = await t.api.post(`${BASE}/${_id}/confirmar`, { version: r.version }, 'transportes');
    expect(c.statusCode).toBe(409);
    expect(c.headers['content-type']).toContain('application/json');
    expect(c.json().message).toBe(
      'Los datos han cambiado desde la validación: 1 fila ya no es válida. Vuelve a validar.',
    );
    expect(
      dataOf<{ estado: string }>(await t.api.get(`${BASE}/${_id}`, 'transportes')).estado,
    ).toBe('validada');
  });

  test('escenario 14: a remembered mapping applies to the same headers in another order', async () => {
    const cab = ['Ref', 'NIF', 'Fecha', 'Origen', 'Destino', 'Destinatario', 'Mercancía', 'Kg'];
    const fila = [
      'M-1',
      'B07788128',
      '06/05/2026',
      'Palma CRM',
      'Palma CRM',
      'Obras',
      'Grava',
      '800',
    ];
    const s = await subir('mapeo.csv', csvDe([cab, fila]));
    const subida = dataOf<Subida>(s);
    expect(subida.origenMapeo).toBe('automatico');
    const mapeo = {
      referenciaExterna: 'Ref',
      clienteNif: 'NIF',
      fechaCarga: 'Fecha',
      origenPoblacion: 'Origen',
      destinoPoblacion: 'Destino',
      destinatarioNombre: 'Destinatario',
      mercancia: 'Mercancía',
      pesoKg: 'Kg',
    };
    const v = await validar(subida._id, mapeo, true);
    expect(v.at(-1)).toMatchObject({ tipo: 'resumen', resumen: { validas: 1 } });
    const orden = [7, 0, 2, 1, 3, 4, 6, 5];
    const otra = await subir(
      'mapeo-2.csv',
      csvDe([orden.map((i) => cab[i] as string), orden.map((i) => fila[i] as string)]),
    );
    const recordada = dataOf<Subida & { mapeoUsadoAt: string | null }>(otra);
    expect(recordada.origenMapeo).toBe('recordado');
    expect(recordada.mapeoSugerido['pesoKg']).toBe('Kg');
    expect(recordada.mapeoSugerido).toEqual(mapeo);
    expect(recordada.mapeoUsadoAt).not.toBeNull();
  });

  test('per-row errors use the contract texts; Windows-1252 with commas is read', async () => {
    const contenido = iconv.encode(
      [
        CABECERAS.join(','),
        'E-1,B07788128,05/05/2026,Palma CRM,Inexistente,Obras,Grava,,9999 ZZZ,',
        'E-2,B07788128,2026/05/05,Palma CRM,Palma CRM,Obras,Grava,,,',
        'E-3,B07788128,05/05/2026,Palma CRM,Palma CRM,,Grava,,,',
        'E-4,B07788128,05/05/2026,Palma CRM,Palma CRM,Cafè Sóller,Grava,"1.500",,',
      ].join('\r\n'),
      'win1252',
    );
    const s = await subir('errores.csv', contenido);
    expect(s.statusCode, s.body).toBe(201);
    const subida = dataOf<Subida>(s);
    expect(subida.formato).toBe('csv');
    expect(subida.ejemplos['Destinatario']).toEqual(['Obras', 'Obras', 'Cafè Sóller']);
    const r = (await validar(subida._id)).at(-1) as unknown as { resumen: Record<string, number> };
    expect(r.resumen).toMatchObject({ validas: 1, conErrores: 3 });
    const filas = await t.api.get(`${BASE}/${subida._id}/filas?estado=error`, 'transportes');
    const mensajes = filas
      .json()
      .data.map((f: { errores: { mensaje: string }[] }) => f.errores.map((e) => e.mensaje));
    expect(mensajes).toEqual([
      [
        'No se encontró la población «Inexistente»',
        'No existe ningún camión con la matrícula «9999 ZZZ»',
      ],
      ['Fecha no válida «2026/05/05» (formato DD/MM/AAAA)'],
      ['El campo «Destinatario» es obligatorio'],
    ]);
    const valida = await t.api.get(`${BASE}/${subida._id}/filas?estado=valida`, 'transportes');
    expect(valida.json().data[0].valores).toMatchObject({
      destinatarioNombre: 'Cafè Sóller',
      pesoKg: '1.500',
    });
  });

  test('población: ambiguous names settle by CP; an unknown street goes to the observación with a warning', async () => {
    const ids = (await t.database.db.execute(sql`
      with m1 as (insert into municipios (nombre, nombre_busqueda, provincia_id)
                  values ('SANTA EULALIA', 'santa eulalia', ${t.tree.provinciaId}) returning id),
           m2 as (insert into municipios (nombre, nombre_busqueda, provincia_id)
                  values ('SANTA EULALIA', 'santa eulalia', ${t.tree.otraProvinciaId}) returning id),
           c1 as (insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id)
                  select 'SANTA EULALIA', 'santa eulalia', ${t.tree.provinciaId}, id from m1 returning id),
           c2 as (insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id)
                  select 'SANTA EULALIA', 'santa eulalia', ${t.tree.otraProvinciaId}, id from m2 returning id),
           p1 as (insert into codigos_postales (valor, ciudad_id) select '07840', id from c1 returning id),
           p2 as (insert into codigos_postales (valor, ciudad_id) select '08080', id from c2 returning id),
           k1 as (insert into calles (nombre, nombre_busqueda, ciudad_id)
                  select 'CARRER DE SANT JAUME', 'carrer de sant jaume', id from c1 returning id)
      select (select id from m1) as m1, (select id from m2) as m2`)) as unknown as {
      rows: { m1: string; m2: string }[];
    };
    const cab = [
      'Referencia',
      'NIF del cliente',
      'Fecha de carga',
      'Población origen',
      'CP origen',
      'Calle origen',
      'Número origen',
      'Población destino',
      'Destinatario',
      'Mercancía',
    ];
    const s = await subir(
      'lugares.csv',
      csvDe([
        cab,
        [
          'L-1',
          'B07788128',
          '07/05/2026',
          'Santa Eulalia',
          '',
          '',
          '',
          'Palma CRM',
          'Obras',
          'Grava',
        ],
        [
          'L-2',
          'B07788128',
          '07/05/2026',
          'Santa Eulalia',
          '07840',
          'Carrer de Sant Jaume',
          '5',
          'Palma CRM',
          'Obras',
          'Grava',
        ],
        [
          'L-3',
          'B07788128',
          '07/05/2026',
          'Santa Eulalia',
          '08080',
          'Carrer Inventat',
          '7',
          'Palma CRM',
          'Obras',
          'Grava',
        ],
      ]),
    );
    const subida = dataOf<Subida>(s);
    expect(subida.mapeoSugerido).toMatchObject({
      origenCp: 'CP origen',
      origenCalle: 'Calle origen',
      origenNumero: 'Número origen',
    });
    const v = await validar(subida._id, subida.mapeoSugerido);
    const r = v.at(-1) as unknown as { version: number; resumen: Record<string, number> };
    expect(r.resumen).toMatchObject({ validas: 2, conErrores: 1, avisos: 1 });
    const filas = (await t.api.get(`${BASE}/${subida._id}/filas`, 'transportes')).json<{
      data: { fila: number; estado: string; errores: { mensaje: string }[]; avisos: string[] }[];
    }>().data;
    expect(filas.map((f) => [f.estado, f.errores.map((e) => e.mensaje), f.avisos])).toEqual([
      ['error', ['La población «Santa Eulalia» es ambigua: indica el código postal'], []],
      ['valida', [], []],
      [
        'valida',
        [],
        ['No se encontró la calle «Carrer Inventat»: se guarda en la observación de la dirección'],
      ],
    ]);
    const c = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: r.version },
      'transportes',
    );
    expect(lineas(c.body).at(-1)).toMatchObject({ tipo: 'resultado', resultado: { creados: 2 } });
    const lista = await t.api.get(
      `/api/albaranes/transporte?importacionId=${subida._id}&sort=numero`,
      'transportes',
    );
    const [a2, a3] = lista.json<{ data: { _id: string }[] }>().data;
    const origen = async (id: string) =>
      dataOf<{ origen: { direccion: Record<string, unknown> } }>(
        await t.api.get(`/api/albaranes/transporte/${id}`, 'transportes'),
      ).origen.direccion;
    expect(await origen(a2?._id ?? '')).toMatchObject({
      municipioId: ids.rows[0]?.m1,
      codigoPostal: '07840',
      calle: 'CARRER DE SANT JAUME',
      altura: 5,
    });
    expect(await origen(a3?._id ?? '')).toMatchObject({
      municipioId: ids.rows[0]?.m2,
      codigoPostal: '08080',
      calleId: null,
      observacion: 'Carrer Inventat',
      altura: 7,
    });
  });

  test('R19: a row marked entregado arrives delivered without signature, if its documento de control is complete', async () => {
    const cab = [...CABECERAS, 'Estado', 'Fecha de entrega'];
    const s = await subir(
      'entregados.csv',
      csvDe([
        cab,
        [
          'D-1',
          'B07788128',
          '08/05/2026',
          'Palma CRM',
          'Palma CRM',
          'Obras',
          'Grava',
          '12.000',
          '8862 LDS',
          'Antoni Bauzà Mas',
          'Entregado',
          '09/05/2026',
        ],
        [
          'D-2',
          'B07788128',
          '08/05/2026',
          'Palma CRM',
          'Palma CRM',
          'Obras',
          'Grava',
          '',
          '8862 LDS',
          'Antoni Bauzà Mas',
          'entregado',
          '',
        ],
      ]),
    );
    const subida = dataOf<Subida>(s);
    expect(subida.mapeoSugerido).toMatchObject({
      estado: 'Estado',
      fechaEntrega: 'Fecha de entrega',
    });
    const r = (await validar(subida._id, subida.mapeoSugerido)).at(-1) as unknown as {
      version: number;
      resumen: Record<string, number>;
    };
    expect(r.resumen).toMatchObject({ validas: 1, conErrores: 1 });
    const error = (
      await t.api.get(`${BASE}/${subida._id}/filas?estado=error`, 'transportes')
    ).json<{
      data: { errores: { columna: string; mensaje: string }[] }[];
    }>().data[0];
    expect(error?.errores).toEqual([
      expect.objectContaining({
        columna: 'Estado',
        mensaje: 'Faltan datos del documento de control (Orden FOM/2861/2012, art. 6): peso.',
      }),
    ]);
    const c = await t.api.post(
      `${BASE}/${subida._id}/confirmar`,
      { version: r.version },
      'transportes',
    );
    expect(lineas(c.body).at(-1)).toMatchObject({ tipo: 'resultado', resultado: { creados: 1 } });
    const lista = await t.api.get(
      `/api/albaranes/transporte?importacionId=${subida._id}`,
      'transportes',
    );
    const id = lista.json<{ data: { _id: string }[] }>().data[0]?._id ?? '';
    const albaran = dataOf<{
      estado: string;
      sinFirmaMotivo: string;
      entregadoAt: string;
      huella: string;
    }>(await t.api.get(`/api/albaranes/transporte/${id}`, 'transportes'));
    expect(albaran).toMatchObject({ estado: 'entregado', sinFirmaMotivo: 'Importado sin firma' });
    expect(new Date(albaran.entregadoAt).toISOString()).toBe('2026-05-09T10:00:00.000Z');
    expect(albaran.huella).toMatch(/^[0-9a-f]{64}$/);
    const v = await t.api.get(`/api/albaranes/transporte/${id}/verificacion`, 'transportes');
    expect(v.json().data.integro).toBe(true);
    const historial = await t.api.get(`/api/albaranes/transporte/${id}/historial`, 'transportes');
    expect(historial.json().data).toHaveLength(1);
  });

  test('R19: 415 by content, 413 past 25 MB, an invalid mapping is 400', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const r415 = await subir('datos.csv', png);
    expect(r415.statusCode).toBe(415);
    expect(r415.json().message).toBe('Formato no admitido: sube un archivo CSV o Excel (.xlsx)');
    const filas = Buffer.from(`Ref;NIF\r\n${'R;B\r\n'.repeat(50_001)}`);
    const r400 = await subir('filas.csv', filas);
    expect(r400.statusCode).toBe(400);
    expect(r400.json().message).toBe('El archivo tiene 50.001 filas; el máximo es 50.000');
    const grande = Buffer.alloc(25 * 1024 * 1024 + 10, 'a');
    const r413 = await subir('grande.csv', grande);
    expect(r413.statusCode).toBe(413);
    expect(r413.json().message).toBe('El archivo supera el tamaño máximo de 25 MB');
    const s = dataOf<Subida>(
      await subir(
        'x.csv',
        csvDe([
          CABECERAS,
          ['X-1', 'B07788128', '05/05/2026', 'Palma CRM', 'Palma CRM', 'O', 'G', '', '', ''],
        ]),
      ),
    );
    const sinCampo = await t.api.post(
      `${BASE}/${s._id}/validar`,
      { mapeo: { referenciaExterna: 'Referencia' }, opciones: {}, recordar: false },
      'transportes',
    );
    expect(sinCampo.statusCode).toBe(400);
    expect(sinCampo.json().errors).toContain(
      'mapeo: Falta asignar el campo obligatorio «NIF del cliente»',
    );
  });

  test('§6, R19: template, recent imports, saved mappings, unconfirmed imports discarded after 7 days; permissions and empresa scoping', async () => {
    const plantilla = await t.api.get(`${BASE}/plantilla.csv`, 'transportes');
    expect(plantilla.statusCode).toBe(200);
    expect(plantilla.body).toMatch(
      /^\uFEFFReferencia;NIF del cliente;Fecha de carga;Hora de carga;Lugar origen;/,
    );
    expect(plantilla.body.endsWith('Fecha de entrega;Observaciones\r\n')).toBe(true);
    const lista = await t.api.get(BASE, 'transportes');
    expect(lista.statusCode).toBe(200);
    const recientes = lista.json<{ data: { _id: string; estado: string }[] }>().data;
    expect(recientes.length).toBeGreaterThan(0);
    expect(recientes.length).toBeLessThanOrEqual(10);
    const una = recientes[0] as { _id: string };

    const guardada = await t.api.post(
      `${BASE}/mapeos`,
      { nombre: 'Cantera', mapeo: { pesoKg: 'Kg' }, opciones: {} },
      'transportes',
    );
    expect(guardada.statusCode, guardada.body).toBe(201);
    const repetida = await t.api.post(
      `${BASE}/mapeos`,
      { nombre: 'Cantera', mapeo: {}, opciones: {} },
      'transportes',
    );
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe('Ya existe una plantilla de mapeo llamada «Cantera»');
    const plantillas = await t.api.get(`${BASE}/mapeos`, 'transportes');
    expect(plantillas.json().data.map((p: { nombre: string }) => p.nombre)).toEqual(['Cantera']);
    const borrar = await t.api.delete(
      `${BASE}/mapeos/${dataOf<{ _id: string }>(guardada)._id}`,
      'transportes',
    );
    expect(borrar.statusCode).toBe(204);

    // R19 (§2.5): an importación left unconfirmed for 7 days is discarded by the next upload.
    const fila = ['D-1', 'B07788128', '05/05/2026', 'Palma CRM', 'Palma CRM', 'Obras', 'Grava'];
    const nueva = async (nombre: string) => {
      const r = await subir(nombre, csvDe([CABECERAS, [...fila, '', '', '']]));
      expect(r.statusCode, r.body).toBe(201);
      return dataOf<{ _id: string }>(r)._id;
    };
    const vieja = await nueva('vieja.csv');
    const reciente = await nueva('reciente.csv');
    const envejecer = (id: string, dias: number) =>
      t.database.db.execute(
        sql`update albaran_importaciones set created_at = now() - make_interval(days => ${dias}) where id = ${id}`,
      );
    await envejecer(vieja, 8);
    await envejecer(reciente, 6);
    await nueva('siguiente.csv');
    const estado = async (id: string) =>
      dataOf<{ estado: string }>(await t.api.get(`${BASE}/${id}`, 'transportes')).estado;
    expect(await estado(vieja)).toBe('descartada');
    expect(await estado(reciente)).toBe('subida');
    const tarde = await t.api.post(
      `${BASE}/${vieja}/validar`,
      { mapeo: mapeoCompleto, opciones: {}, recordar: false },
      'transportes',
    );
    expect(tarde.statusCode).toBe(404);
    expect(tarde.json().message).toBe('Importación no encontrada');

    // Permissions: empleado cannot import transport; transportes cannot import rental.
    expect((await subir('x.csv', csvDe([CABECERAS]), 'transportes')).statusCode).toBe(400);
    expect(
      (await t.api.upload(BASE, {}, { nombre: 'x.csv', contenido: csvDe([CABECERAS]) }, 'empleado'))
        .statusCode,
    ).toBe(403);
    expect((await t.api.get(BASE, 'empleado')).statusCode).toBe(403);
    expect((await t.api.get('/api/albaranes/importaciones', 'transportes')).statusCode).toBe(403);
    expect(
      (
        await t.api.upload(
          '/api/albaranes/importaciones',
          {},
          { nombre: 'x.csv', contenido: csvDe([CABECERAS]) },
          'transportes',
        )
      ).statusCode,
    ).toBe(403);
    // Another empresa's importación is not found.
    expect((await t.api.get(`/api/albaranes/importaciones/${una._id}`, 'admin')).statusCode).toBe(
      404,
    );
    expect(
      (await t.api.get(`/api/albaranes/importaciones/${una._id}/filas`, 'empleado')).statusCode,
    ).toBe(404);
    expect((await t.api.get(`${BASE}/not-a-uuid`, 'transportes')).statusCode).toBe(404);
  });
});
