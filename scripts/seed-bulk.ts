// `npm run seed:bulk -- [count] [--clientes]`: adds `count` (default 100000) realistic suppliers
// (or clients) spread over the three empresas.
// `npm run seed:bulk -- <modulo> [escala]`: a module's ten-year benchmark volume (albaranes,
// comercial, inventario, flota, obras, facturas; escala 0.1 for a tenth, or from 100 on a count
// of the module's main rows, as `albaranes 500000`), the same seeds `npm run bench` runs.
// Both write into DATABASE_URL's PostgreSQL or DATA_DIR's PGlite (default ./data). Stop the app
// first when it uses PGlite: one process per data folder.
import { resolve } from 'node:path';
import { createDatabase, prepareDatabase } from '@tvsistema/api';
import type { Database } from '@tvsistema/api';
import {
  escalaDeArgumento,
  esModuloVolumen,
  MODULOS_VOLUMEN,
  seedPartes,
  sembrarVolumen,
} from '@tvsistema/api/tools';
import { diaEnMadrid } from '@tvsistema/domain/format';

const USO =
  'Uso: npm run seed:bulk -- [cantidad] [--clientes]\n' +
  `     npm run seed:bulk -- <módulo> [escala]   (módulos: ${Object.keys(MODULOS_VOLUMEN).join(', ')}; ` +
  'escala 0.1 = una décima parte del volumen de diez años; desde 100, el número de registros ' +
  'principales, p. ej. albaranes 500000)';
const fallo = (mensaje: string): never => {
  console.error(`${mensaje}\n${USO}`);
  process.exit(1);
};

const args = process.argv.slice(2);
const [primero, segundo] = args.filter((arg) => !arg.startsWith('--'));
const moduloPedido = primero !== undefined && !/^[\d.]+$/.test(primero) ? primero : undefined;

const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const destino = databaseUrl ? 'PostgreSQL' : `PGlite en ${dataDir}`;

const sembrarPartes = async (database: Database) => {
  const count = primero === undefined ? 100_000 : Number(primero);
  if (!Number.isInteger(count) || count < 1) fallo(`Cantidad no válida: ${primero}.`);
  const tipo = args.includes('--clientes') ? 'cliente' : 'proveedor';
  const started = performance.now();
  const result = await seedPartes(database, count, {
    tipo,
    onProgress: (done) => process.stderr.write(`\r${done} / ${count}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write('\n');
  console.log(
    `${result.inserted} ${tipo === 'cliente' ? 'clientes' : 'proveedores'} en ${seconds} s ` +
      `(${destino}); ` +
      `${result.spanishValid} con NIF/CIF válido; ` +
      (result.withAddress
        ? 'direcciones de Mallorca.'
        : 'sin direcciones (no hay datos de referencia de localización).'),
  );
};

// The arguments are checked before the database opens: a typo must not migrate anything.
let modulo: keyof typeof MODULOS_VOLUMEN | undefined;
let escala = 1;
if (moduloPedido !== undefined) {
  if (!esModuloVolumen(moduloPedido)) fallo(`Módulo desconocido: ${moduloPedido}.`);
  else {
    modulo = moduloPedido;
    const e = escalaDeArgumento(moduloPedido, segundo);
    if (e === undefined) fallo(`Escala no válida: ${segundo}.`);
    else escala = e;
  }
} else if (primero !== undefined && !(Number.isInteger(Number(primero)) && Number(primero) >= 1))
  fallo(`Cantidad no válida: ${primero}.`);

const database = await createDatabase({ dataDir, databaseUrl });
try {
  // As `npm start` does: the schema and Spain's locations, so the suppliers get Mallorca addresses.
  await prepareDatabase(database);
  if (modulo === undefined) await sembrarPartes(database);
  else {
    const started = performance.now();
    const filas = await sembrarVolumen(database, modulo, escala, diaEnMadrid()).catch(
      (error: unknown) => {
        // The seeds write fixed numbers and names: a second run of a module collides with the first.
        const causa = (error as { cause?: { message?: string } }).cause?.message;
        return fallo(
          `No se pudo sembrar ${modulo}: ${causa ?? String(error)}. Cada módulo se siembra una vez por base de datos.`,
        );
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const principal = MODULOS_VOLUMEN[modulo].principal;
    console.log(
      `${modulo}, escala ${escala} (≈ ${Math.round(principal.enEscala1 * escala).toLocaleString('es-ES')} ` +
        `${principal.nombre}), en ${seconds} s (${destino}). Filas nuevas: ` +
        Object.entries(filas)
          .map(([tabla, n]) => `${tabla} ${n.toLocaleString('es-ES')}`)
          .join(', ') +
        '.',
    );
  }
} finally {
  await database.close();
}
