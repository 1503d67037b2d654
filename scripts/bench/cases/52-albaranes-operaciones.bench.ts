// logistica.md §10, the rows 50- and 51- leave out: the saldo of an alquiler holding 300 lotes,
// emitting an entrega of 30 lines and a recogida whose FIFO walks those 300 lotes, the PDFs
// (rental and transport) and the transport CSV export of 100,000 rows (time to first byte and
// rows/s). The ten-year albaranes of both classes are seeded in bulk (BENCH_ESCALA=0.1 for a
// tenth; the transport ones never fewer than the 100,000 the export row asks for); the alquiler,
// its 30 andamio articles and its 10 entregas × 30 lines go through the API, as a user makes them.
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database);
// BENCH_SOLO=<texto> measures only the rows whose label contains it; BENCH_WARMUP is the warm-up
// of the loaded reads (seconds) and the number of untimed writes; BENCH_MUESTRAS the timed writes
// (20) and BENCH_MUESTRAS_CSV the exports (3). `npm run bench -- albaranes`.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  seedVolumenAlquilerLogistica,
  seedVolumenLogistica,
  volumenAlquilerLogistica,
  volumenLogistica,
} from '@tvsistema/api/tools';
import { diaEnMadrid } from '@tvsistema/domain/format';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { loadTest } from '../lib/load.js';
import { printTable, summarize, timeSamples, type Summary } from '../lib/stats.js';

/** The §10 targets: p95 in ms on PGlite (10 connections) and PostgreSQL (50). */
const OBJETIVO = {
  saldo: { pglite: 40, postgres: 20 },
  entrega: { pglite: 150, postgres: 80 },
  recogida: { pglite: 200, postgres: 100 },
  pdf: { pglite: 400, postgres: 300 },
} as const;
/** The export's targets, the same on both engines. */
const PRIMER_BYTE_MS = 1000;
const FILAS_POR_SEGUNDO = 20_000;
const EXPORTACION = 100_000;
const ARTICULOS = 30;
const ENTREGAS = 10;
/** The lines of the entrega whose PDF runs to the three pages §10 times (30 lines print two). */
const LINEAS_PDF = 80;

type Caso = keyof typeof OBJETIVO;
type Medida = Summary & { errors: number; modo: string };

export const run = async (): Promise<void> => {
  const escala = Number(process.env.BENCH_ESCALA ?? 1);
  const warmup = Number(process.env.BENCH_WARMUP ?? 5);
  const muestras = Number(process.env.BENCH_MUESTRAS ?? 20);
  const muestrasCsv = Number(process.env.BENCH_MUESTRAS_CSV ?? 3);
  const solo = process.env.BENCH_SOLO?.toLowerCase();
  const medir = (label: string) => !solo || label.toLowerCase().includes(solo);
  const hoy = diaEnMadrid();
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  const transporte = volumenLogistica(escala);
  // The export row needs its 100,000 albaranes; a run that leaves it out (BENCH_SOLO) seeds the scale.
  if (medir('GET /api/albaranes/transporte/export'))
    transporte.transportes = Math.max(transporte.transportes, EXPORTACION);
  const alquiler = volumenAlquilerLogistica(escala);
  const inicio = performance.now();
  await seedVolumenLogistica(database, transporte, hoy);
  await seedVolumenAlquilerLogistica(database, alquiler, hoy);
  const rows = <R>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: R[] }).rows);
  // The work's address needs a municipality: one of its own, the bench has no reference data.
  const [pais] = await rows<{ id: string }>(
    sql`insert into paises (nombre, nombre_busqueda, codigo) values ('ESPAÑA', 'espana', 'ES') returning id::text`,
  );
  const [provincia] = await rows<{ id: string }>(
    sql`insert into provincias (nombre, nombre_busqueda, pais_id, codigo)
        values ('ILLES BALEARS', 'illes balears', ${pais?.id}, '07') returning id::text`,
  );
  const [municipio] = await rows<{ id: string }>(
    sql`insert into municipios (nombre, nombre_busqueda, provincia_id)
        values ('PALMA', 'palma', ${provincia?.id}) returning id::text`,
  );
  const transportes = await rows<{ id: string }>(
    sql`select id::text from albaranes where clase = 'transporte' and estado = 'entregado'
        order by fecha desc limit 20`,
  );
  await database.close();
  console.log(
    `Albaranes sembrados (${target.engine}, escala ${escala}) en ${((performance.now() - inicio) / 1000).toFixed(1)} s:`,
    JSON.stringify({ transporte, alquiler }),
  );

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const conexiones = target.engine === 'pglite' ? 10 : 50;
    const llamar = async <T>(metodo: 'GET' | 'POST', ruta: string, cuerpo?: unknown) => {
      const r = await fetch(`${api.url}${ruta}`, {
        method: metodo,
        headers: {
          authorization: `Bearer ${token}`,
          ...(cuerpo === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
      });
      const texto = await r.text();
      if (!r.ok) throw new Error(`${metodo} ${ruta}: ${r.status} ${texto.slice(0, 500)}`);
      return (JSON.parse(texto) as { data: T }).data;
    };

    // An alquiler of 30 andamio articles with 10 entregas of all 30 (300 lotes of 100 units), and
    // a second one that takes the timed entregas, so the first keeps its 300 lotes.
    const { _id: clienteId } = await llamar<{ _id: string }>('POST', '/api/clientes', {
      nombre: 'Construcciones Bench Saldo, S.L.',
      empresa: 'alquileres',
    });
    const articulos: string[] = [];
    for (let i = 1; i <= LINEAS_PDF; i += 1) {
      const c = await llamar<{ _id: string }>('POST', '/api/andamios', {
        codigo: `BEN-${String(i).padStart(3, '0')}`,
        nombre: `Marco bench ${i}`,
        categoria: 'marco',
        pesoKg: '18.500',
        precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
        stockInicial: 1_000_000,
      });
      articulos.push(c._id);
    }
    const fin = new Date(Date.parse(`${hoy}T12:00:00Z`) + 90 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const nuevoAlquiler = (obra: string, lineas = ARTICULOS) =>
      llamar<{ _id: string }>('POST', '/api/alquileres', {
        clienteId,
        obraNombre: obra,
        direccionObra: {
          paisId: pais?.id,
          provinciaId: provincia?.id,
          municipioId: municipio?.id,
        },
        lineas: articulos.slice(0, lineas).map((componenteId) => ({
          clase: 'andamio',
          componenteId,
          cantidad: '100000',
          fechaInicio: hoy,
          fechaFin: fin,
        })),
      });
    const conSaldo = await nuevoAlquiler('Obra bench saldo');
    const paraEntregas = await nuevoAlquiler('Obra bench entregas');
    // Each albarán a second after the previous one, so the lotes keep the order they were made in.
    let instante = Date.now() - 3_600_000;
    const siguiente = () => new Date((instante += 1000)).toISOString();
    const albaran = (
      alquilerId: string,
      tipo: 'entrega' | 'recogida',
      cantidad: number,
      lineas = ARTICULOS,
    ) => ({
      accion: 'emitir',
      tipo,
      alquilerId,
      fechaHora: siguiente(),
      matricula: '2345 KPF',
      conductor: 'Toni Vidal Sbert',
      lineas: articulos.slice(0, lineas).map((articuloId) => ({
        clase: 'andamio',
        articuloId,
        cantidad: String(cantidad),
        ...(tipo === 'recogida' ? { correcto: cantidad, danado: 0, falta: 0 } : {}),
      })),
    });
    const entregasSaldo: string[] = [];
    for (let k = 0; k < ENTREGAS; k += 1)
      entregasSaldo.push(
        (
          await llamar<{ _id: string }>(
            'POST',
            '/api/albaranes',
            albaran(conSaldo._id, 'entrega', 100),
          )
        )._id,
      );
    const saldo = await llamar<{ lotes: unknown[] }[]>(
      'GET',
      `/api/albaranes/saldo?alquilerId=${conSaldo._id}`,
    );
    const lotes = saldo.reduce((n, s) => n + s.lotes.length, 0);
    const paginas = async (ruta: string) => {
      const r = await fetch(`${api.url}${ruta}`, { headers: { authorization: `Bearer ${token}` } });
      const pdf = Buffer.from(await r.arrayBuffer()).toString('latin1');
      return { paginas: pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0, kb: pdf.length / 1024 };
    };
    // The three-page rental PDF: an alquiler of its own and one entrega of LINEAS_PDF lines.
    const paraPdf = await nuevoAlquiler('Obra bench PDF', LINEAS_PDF);
    const { _id: entregaPdf } = await llamar<{ _id: string }>(
      'POST',
      '/api/albaranes',
      albaran(paraPdf._id, 'entrega', 1, LINEAS_PDF),
    );
    const pdfAlquiler = await paginas(`/api/albaranes/${entregaPdf}/pdf`);
    const pdfTransporte = await paginas(`/api/albaranes/transporte/${transportes[0]?.id}/pdf`);
    console.log(
      `Alquiler con ${saldo.length} artículos y ${lotes} lotes en obra; PDF de una entrega de ` +
        `${LINEAS_PDF} líneas: ${pdfAlquiler.paginas} páginas (${pdfAlquiler.kb.toFixed(0)} KB); ` +
        `de un albarán de transporte: ${pdfTransporte.paginas} (${pdfTransporte.kb.toFixed(0)} KB)`,
    );

    const load = async (paths: readonly string[]): Promise<Medida> => {
      const r = await loadTest({
        url: api.url,
        connections: conexiones,
        duration: Number(process.env.BENCH_DURATION ?? 5),
        // PGlite's WebAssembly is compiled lazily and tiered up under the first requests.
        warmup,
        headers: { authorization: `Bearer ${token}` },
        paths,
      });
      return { ...r, modo: `${conexiones} conexiones` };
    };
    // Writes (and PDFs, which are CPU: ten at once only queue) one at a time: concurrent emissions of one alquiler queue on its stock rows and its
    // counter, so a loaded p95 would measure the queue, not the emission.
    const escribir = async (cuerpo: () => unknown): Promise<Medida> => {
      let errors = 0;
      const samples = await timeSamples(
        () =>
          llamar('POST', '/api/albaranes', cuerpo()).catch((error: unknown) => {
            errors += 1;
            if (errors === 1) console.error(String(error));
          }),
        { iterations: muestras, warmup },
      );
      return { ...summarize(samples), errors, modo: '1 conexión' };
    };
    // Reads one at a time too: the request's own cost, beside the loaded figure it queues into.
    const leer = async (rutas: readonly string[]): Promise<Medida> => {
      let errors = 0;
      const samples = await timeSamples(
        async (i) => {
          const r = await fetch(`${api.url}${rutas[i % rutas.length]}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await r.arrayBuffer();
          if (!r.ok) errors += 1;
        },
        { iterations: muestras, warmup },
      );
      return { ...summarize(samples), errors, modo: '1 conexión' };
    };
    const pedidos: { clave: Caso; label: string; medir: () => Promise<Medida> }[] = [
      {
        clave: 'saldo',
        label: `GET /api/albaranes/saldo (${lotes} lotes)`,
        medir: () => load([`/api/albaranes/saldo?alquilerId=${conSaldo._id}`]),
      },
      {
        clave: 'saldo',
        label: `GET /api/albaranes/saldo (${lotes} lotes, de una en una)`,
        medir: () => leer([`/api/albaranes/saldo?alquilerId=${conSaldo._id}`]),
      },
      {
        clave: 'entrega',
        label: `POST /api/albaranes entrega emitida (${ARTICULOS} líneas)`,
        medir: () => escribir(() => albaran(paraEntregas._id, 'entrega', 10)),
      },
      {
        clave: 'recogida',
        label: `POST /api/albaranes recogida emitida (${ARTICULOS} líneas, FIFO sobre ${lotes} lotes)`,
        medir: () => escribir(() => albaran(conSaldo._id, 'recogida', 1)),
      },
      {
        clave: 'pdf',
        label: `GET /api/albaranes/{id}/pdf (alquiler, ${LINEAS_PDF} líneas, ${pdfAlquiler.paginas} páginas)`,
        medir: () => leer([`/api/albaranes/${entregaPdf}/pdf`]),
      },
      {
        clave: 'pdf',
        label: `GET /api/albaranes/transporte/{id}/pdf (${pdfTransporte.paginas} páginas)`,
        medir: () => leer(transportes.map((t) => `/api/albaranes/transporte/${t.id}/pdf`)),
      },
    ];
    const casos: { clave: Caso; label: string; r: Medida }[] = [];
    for (const p of pedidos)
      if (medir(p.label)) casos.push({ clave: p.clave, label: p.label, r: await p.medir() });
    const csvLabel = 'GET /api/albaranes/transporte/export';
    const csv = medir(csvLabel)
      ? await exportar(api.url, token, csvLabel, muestrasCsv).catch((error: unknown) => {
          console.error(String(error));
          return undefined;
        })
      : undefined;

    const [carga = 0] = loadavg();
    console.log(
      `${target.engine}: carga media ${carga.toFixed(1)} en ${availableParallelism()} CPU`,
    );
    printTable([
      ...casos.map(({ label, r }) => ({
        label: `${label} (${r.modo}, ${target.engine})`,
        n: r.n,
        p50: r.p50,
        p95: r.p95,
        p99: r.p99,
        mean: r.mean,
      })),
      ...(csv
        ? [
            { label: `${csvLabel}: primer byte (${target.engine})`, ...csv.primerByte },
            { label: `${csvLabel}: completa (${target.engine})`, ...csv.total },
          ]
        : []),
    ]);
    for (const c of casos) {
      const objetivo = OBJETIVO[c.clave][target.engine];
      console.log(
        `${c.label}: mediana ${c.r.p50.toFixed(1)} ms, p95 ${c.r.p95.toFixed(1)} ms, objetivo p95 ≤ ${objetivo} → ${c.r.p95 <= objetivo && c.r.errors === 0 ? 'cumplido' : 'NO cumplido'}${c.r.errors ? ` (${c.r.errors} errores)` : ''}`,
      );
    }
    if (csv)
      console.log(
        `${csvLabel} (${csv.filas.toLocaleString('es-ES')} filas, ${(csv.bytes / 1_048_576).toFixed(1)} MB): ` +
          `primer byte mediana ${csv.primerByte.p50.toFixed(0)} ms, p95 ${csv.primerByte.p95.toFixed(0)} ms, ` +
          `objetivo ≤ ${PRIMER_BYTE_MS} → ${csv.primerByte.p95 <= PRIMER_BYTE_MS ? 'cumplido' : 'NO cumplido'}; ` +
          `${Math.round(csv.filasPorSegundo).toLocaleString('es-ES')} filas/s (mediana), objetivo ≥ ` +
          `${FILAS_POR_SEGUNDO.toLocaleString('es-ES')} → ${csv.filasPorSegundo >= FILAS_POR_SEGUNDO ? 'cumplido' : 'NO cumplido'}`,
      );
  } finally {
    await api.close();
    await target.dispose();
  }
};

/** The export read as a browser does, chunk by chunk: the first chunk's time and the whole. */
const exportar = async (url: string, token: string, ruta: string, veces: number) => {
  const primeros: number[] = [];
  const totales: number[] = [];
  let filas = 0;
  let bytes = 0;
  for (let i = 0; i < veces + 1; i += 1) {
    const inicio = performance.now();
    const r = await fetch(`${url}${ruta.replace(/^GET /, '')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!r.ok || !r.body) throw new Error(`exportación: ${r.status}`);
    let primero: number | undefined;
    let saltos = 0;
    let tamano = 0;
    for await (const trozo of r.body as AsyncIterable<Uint8Array>) {
      primero ??= performance.now() - inicio;
      tamano += trozo.length;
      for (const byte of trozo) if (byte === 10) saltos += 1;
    }
    const total = performance.now() - inicio;
    // The first run warms the statement and the CSV writer; it is not counted.
    if (i === 0) continue;
    primeros.push(primero ?? total);
    totales.push(total);
    filas = saltos - 1;
    bytes = tamano;
  }
  const total = summarize(totales);
  return {
    primerByte: summarize(primeros),
    total,
    filas,
    bytes,
    filasPorSegundo: filas / (total.p50 / 1000),
  };
};
