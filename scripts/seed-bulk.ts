// `npm run seed:bulk -- [count] [--clientes]`: adds `count` (default 100000) realistic suppliers
// (or clients) spread over the three empresas, into DATABASE_URL's PostgreSQL or DATA_DIR's PGlite
// (default ./data). Stop the app first when it uses PGlite: one process per data folder.
import { resolve } from 'node:path';
import { createDatabase, prepareDatabase } from '@tvsistema/api';
import { seedPartes } from '@tvsistema/api/tools';

const args = process.argv.slice(2);
const countArg = args.find((arg) => !arg.startsWith('--'));
const count = countArg === undefined ? 100_000 : Number(countArg);
if (!Number.isInteger(count) || count < 1) {
  console.error('Uso: npm run seed:bulk -- [cantidad] [--clientes]');
  process.exit(1);
}
const tipo = args.includes('--clientes') ? 'cliente' : 'proveedor';

const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await createDatabase({ dataDir, databaseUrl });
try {
  // As `npm start` does: the schema and Spain's locations, so the suppliers get Mallorca addresses.
  await prepareDatabase(database);
  const started = performance.now();
  const result = await seedPartes(database, count, {
    tipo,
    onProgress: (done) => process.stderr.write(`\r${done} / ${count}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write('\n');
  console.log(
    `${result.inserted} ${tipo === 'cliente' ? 'clientes' : 'proveedores'} en ${seconds} s ` +
      `(${databaseUrl ? 'PostgreSQL' : `PGlite en ${dataDir}`}); ` +
      `${result.spanishValid} con NIF/CIF válido; ` +
      (result.withAddress
        ? 'direcciones de Mallorca.'
        : 'sin direcciones (no hay datos de referencia de localización).'),
  );
} finally {
  await database.close();
}
