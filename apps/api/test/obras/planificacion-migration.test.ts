import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { TestDatabase } from '../helpers/test-app.js';

// Migrations 0027 and 0028 (decision 0030): every operario row of a parte takes its parte's obra
// and its código, so the planning grid reads hours and códigos from one index; the column then
// refuses a row without its obra.

const MIGRACION = '0027_obras_planificacion.sql';
const MIGRACION_CODIGO = '0028_obras_planificacion_codigo.sql';
let testDatabase: TestDatabase | undefined;
let folder: string | undefined;
afterAll(async () => {
  await testDatabase?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test("0027 copies each parte's obra onto its operario rows, then requires it; 0028 its código", async () => {
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const query = <R>(text: string, params: unknown[] = []) =>
    database.withSession((session) => session.query<R>(text, params));
  folder = await mkdtemp(join(tmpdir(), 'tvsistema-0027-'));
  const anteriores = (await readdir(MIGRATIONS_DIR)).filter(
    (n) => n.endsWith('.sql') && n < MIGRACION,
  );
  for (const name of anteriores) await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  await migrate(database, { folder });

  const [cliente] = await query<{ id: string }>(
    `insert into partes (tipo, empresa, nombre, nombre_busqueda, busqueda)
     values ('cliente', 'verticales', 'Hotel Cala Major', 'hotel cala major', 'hotel cala major')
     returning id::text as id`,
  );
  const [operario] = await query<{ id: string }>(
    `insert into operarios (nombre, apellidos, documento, busqueda)
     values ('Rafel', 'Serra Bonet', '43187654W', 'rafel serra bonet') returning id::text as id`,
  );
  const obras: string[] = [];
  for (const codigo of ['OB2026-00001', 'OB2026-00002']) {
    const [obra] = await query<{ id: string }>(
      `insert into obras (codigo, nombre, cliente_id, tipo_trabajo, estado, busqueda)
       values ($1, 'Fachada', $2, 'fachadas', 'en_curso', $1) returning id::text as id`,
      [codigo, cliente?.id],
    );
    const [parte] = await query<{ id: string }>(
      `insert into partes_trabajo (obra_id, fecha, tareas) values ($1, '2026-03-12', 'Sellado')
       returning id::text as id`,
      [obra?.id],
    );
    await query(
      `insert into parte_trabajo_operarios (parte_trabajo_id, operario_id, fecha, horas, orden)
       values ($1, $2, '2026-03-12', 4, 0)`,
      [parte?.id, operario?.id],
    );
    obras.push(obra?.id ?? '');
  }

  await copyFile(join(MIGRATIONS_DIR, MIGRACION), join(folder, MIGRACION));
  expect((await migrate(database, { folder })).applied).toEqual([MIGRACION]);
  const filas = await query<{ obra_id: string }>(
    `select pto.obra_id::text as obra_id from parte_trabajo_operarios pto
     join partes_trabajo pt on pt.id = pto.parte_trabajo_id order by pt.obra_id = $1 desc`,
    [obras[0]],
  );
  expect(filas.map((f) => f.obra_id)).toEqual(obras);
  await expect(
    query(
      `insert into parte_trabajo_operarios (parte_trabajo_id, operario_id, fecha, horas, orden)
       select id, $1, fecha, 2, 1 from partes_trabajo limit 1`,
      [operario?.id],
    ),
  ).rejects.toMatchObject({ code: '23502' });

  // 0028: the rows take their obra's código as well (the grid reads it from the index).
  await copyFile(join(MIGRATIONS_DIR, MIGRACION_CODIGO), join(folder, MIGRACION_CODIGO));
  expect((await migrate(database, { folder })).applied).toEqual([MIGRACION_CODIGO]);
  const codigos = await query<{ obra_codigo: string }>(
    `select pto.obra_codigo from parte_trabajo_operarios pto
     join partes_trabajo pt on pt.id = pto.parte_trabajo_id order by pt.obra_id = $1 desc`,
    [obras[0]],
  );
  expect(codigos.map((f) => f.obra_codigo)).toEqual(['OB2026-00001', 'OB2026-00002']);
  // Every migration runs on PGlite here: over 30 s on a loaded 2-core machine.
}, 90_000);
