// logistica.md §10: import of 10,000 transport rows (XLSX) through the real API — upload (parse),
// validate and confirm, each timed from request to the last NDJSON line, against the targets
// (PGlite ≤ 1 / 1.5 / 2.5 s; PostgreSQL ≤ 0.7 / 1 / 1.5 s). BENCH_IMPORT_FILAS changes the size;
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty, migrated database).
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createBenchTarget, openBenchDatabase, startBenchApi } from '../lib/bench-api.js';
import { cpuMeter, type CpuSplit } from '../lib/cpu.js';

const OBJETIVO = {
  subida: { pglite: 1000, postgres: 700 },
  validar: { pglite: 1500, postgres: 1000 },
  confirmar: { pglite: 2500, postgres: 1500 },
} as const;

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

export const run = async (): Promise<void> => {
  const filas = Number(process.env.BENCH_IMPORT_FILAS ?? 10_000);
  const target = await createBenchTarget(process.env.BENCH_DATABASE_URL || undefined);
  const database = await openBenchDatabase(target);
  await database.db.execute(sql`
    with p as (insert into paises (nombre, nombre_busqueda) values ('PAÍS BENCH', 'pais bench') returning id),
         pr as (insert into provincias (nombre, nombre_busqueda, pais_id)
                select 'PROVINCIA BENCH', 'provincia bench', id from p returning id)
    insert into municipios (nombre, nombre_busqueda, provincia_id)
    select 'PALMA BENCH', 'palma bench', id from pr`);
  await database.close();

  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Albaranes');
  hoja.addRow(CABECERAS);
  for (let i = 0; i < filas; i += 1)
    hoja.addRow([
      `BENCH-${i}`,
      'B07788128',
      new Date(Date.UTC(2026, 4, 4 + (i % 20))),
      'Palma Bench',
      'Palma Bench',
      'Obras Palma Centre, S.L.',
      'Grava 6/12 a granel',
      24_000,
      '8862 LDS',
      'Antoni Bauzà Mas',
    ]);
  const xlsx = Buffer.from(await libro.xlsx.writeBuffer());

  const api = await startBenchApi(target);
  try {
    const token = await target.token('admin@tvsistema.test');
    const headers = { authorization: `Bearer ${token}` };
    const json = async (method: string, path: string, body: unknown) => {
      const r = await fetch(`${api.url}${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${text}`);
      return text;
    };
    await json('POST', '/api/clientes', {
      nombre: 'Àrids Son Ferrer, S.L.',
      documento: 'B07788128',
      empresa: 'transporte',
    });
    await json('POST', '/api/camiones', {
      matricula: '8862 LDS',
      bastidor: 'WDB96340810123456',
      tipo: 'rigido',
      marca: 'Mercedes-Benz',
      modelo: 'Actros 3243',
      fechaPrimeraMatriculacion: '2021-11-10',
      mmaKg: 32_000,
      taraKg: 12_000,
      itvProximaInicial: '2027-09-30',
      autorizacion: { tipo: 'MDP', numero: '99001122', visadoHasta: '2030-09-30' },
      tacografo: { tipo: 'digital', ultimaRevision: '2026-01-15' },
      seguro: {
        aseguradora: 'Mapfre',
        poliza: 'P-1',
        cobertura: 'todo_riesgo',
        vencimiento: '2027-01-31',
      },
      kmIniciales: 100_000,
    });

    const base = '/api/albaranes/transporte/importaciones';
    // The CPU of each step (API, PGlite inside it, PostgreSQL's backends): on a shared machine
    // the wall-clock times above also count the other jobs' turns.
    const medidor = cpuMeter(api.pid, target.engine, target.databaseUrl);
    const cpu: Partial<Record<keyof typeof OBJETIVO, CpuSplit>> = {};
    let medida = medidor?.();
    const t0 = performance.now();
    const form = new FormData();
    form.append('archivo', new Blob([xlsx]), 'albaranes.xlsx');
    const subida = await fetch(`${api.url}${base}`, { method: 'POST', headers, body: form });
    const { data } = (await subida.json()) as {
      data: { _id: string; mapeoSugerido: Record<string, string> };
    };
    if (subida.status !== 201) throw new Error(`subida → ${subida.status}`);
    const t1 = performance.now();
    if (medida) cpu.subida = medida.stop();
    medida = medidor?.();
    const validacion = await json('POST', `${base}/${data._id}/validar`, {
      mapeo: data.mapeoSugerido,
      opciones: {},
      recordar: false,
    });
    const resumen = JSON.parse(validacion.trim().split('\n').at(-1) ?? '{}') as {
      version: number;
      resumen: unknown;
    };
    const t2 = performance.now();
    if (medida) cpu.validar = medida.stop();
    medida = medidor?.();
    const confirmacion = await json('POST', `${base}/${data._id}/confirmar`, {
      version: resumen.version,
    });
    const t3 = performance.now();
    if (medida) cpu.confirmar = medida.stop();
    const resultado = confirmacion.trim().split('\n').at(-1);
    console.log(`Resumen: ${JSON.stringify(resumen.resumen)}`);
    console.log(`Resultado: ${resultado}`);
    const tiempos = { subida: t1 - t0, validar: t2 - t1, confirmar: t3 - t2 };
    for (const [clave, ms] of Object.entries(tiempos) as [keyof typeof OBJETIVO, number][]) {
      const objetivo = OBJETIVO[clave][target.engine];
      console.log(
        `${clave} de ${filas} filas (${target.engine}): ${ms.toFixed(0)} ms, objetivo ≤ ${objetivo} → ${ms <= objetivo ? 'cumplido' : 'NO cumplido'}`,
      );
      const c = cpu[clave];
      if (c)
        console.log(
          `  CPU: API ${c.api.toFixed(0)} ms` +
            (target.engine === 'postgres'
              ? `, PostgreSQL ${c.database.toFixed(0)} ms`
              : ' (PGlite dentro)'),
        );
    }
    console.log(`Total subida → informe: ${(t3 - t0).toFixed(0)} ms (objetivo ≤ 5000 ms)`);
  } finally {
    await api.close();
    await target.dispose();
  }
};
