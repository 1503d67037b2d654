// Document numbering (issue 11; modules/README.md "Document numbers"), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, where the concurrent issues really run side by side.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asignarNumero, ultimaSecuencia } from '../../src/modules/numeracion/index.js';
import { openTestDatabase } from '../helpers/test-database.js';
import type { TestDatabase } from '../helpers/test-database.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const serie = { empresa: 'alquileres', tipo: 'presupuesto', anio: 2026 } as const;

describe('asignarNumero', () => {
  test('50 concurrent issues in one series give 1…50, with no gap and no repeat', async () => {
    const numeros = await Promise.all(
      Array.from({ length: 50 }, () => t.database.db.transaction((tx) => asignarNumero(tx, serie))),
    );
    expect(numeros.map((n) => n.secuencia).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(new Set(numeros.map((n) => n.numero)).size).toBe(50);
    expect(numeros.map((n) => n.numero)).toContain('P2026-00050');
  });

  test('a rolled-back issue does not consume its number', async () => {
    const before = await ultimaSecuencia(t.database.db, serie);
    await expect(
      t.database.db.transaction(async (tx) => {
        await asignarNumero(tx, serie);
        throw new Error('el documento no se pudo guardar');
      }),
    ).rejects.toThrow('el documento no se pudo guardar');
    expect(await ultimaSecuencia(t.database.db, serie)).toBe(before);
    const next = await t.database.db.transaction((tx) => asignarNumero(tx, serie));
    expect(next.secuencia).toBe(before + 1);
  });

  test('each empresa, document type and year is its own series, with its own prefix', async () => {
    const issue = (s: Parameters<typeof asignarNumero>[1]) =>
      t.database.db.transaction((tx) => asignarNumero(tx, s));
    expect((await issue({ empresa: 'transporte', tipo: 'factura', anio: 2026 })).numero).toBe(
      'T2026-00001',
    );
    expect((await issue({ empresa: 'alquileres', tipo: 'factura', anio: 2026 })).numero).toBe(
      'F2026-00001',
    );
    expect((await issue({ empresa: 'alquileres', tipo: 'factura', anio: 2027 })).numero).toBe(
      'F2027-00001',
    );
    expect((await issue({ empresa: 'alquileres', tipo: 'factura', anio: 2026 })).numero).toBe(
      'F2026-00002',
    );
  });

  test('an empresa that does not issue the document is refused before any number is taken', async () => {
    const verticales = { empresa: 'verticales', tipo: 'factura', anio: 2026 } as const;
    await expect(t.database.db.transaction((tx) => asignarNumero(tx, verticales))).rejects.toThrow(
      'no emite documentos de tipo factura',
    );
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from contadores_documentos where empresa = 'verticales'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row?.n).toBe(0);
  });
});
