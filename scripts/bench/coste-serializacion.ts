// What the location list's answer cost the API before and after it went out as JSON text: the
// response serializer's zod pass against JSON.stringify alone, and the compression hook's copy
// of the text into a Buffer against measuring it (docs/decisions/0010, "The API's own cost").
// Pure CPU, minimum of 15 runs, so it says something even on a loaded machine.
//   npx tsx scripts/bench/coste-serializacion.ts <postgres url of a bench database with locations>
import pg from 'pg';
import { z } from 'zod';
import { locationListResponse, municipioSchema } from '@tvsistema/domain/localizacion';

const url = process.argv[2];
if (!url) throw new Error('Uso: coste-serializacion.ts <postgres url>');
const client = new pg.Client(url);
await client.connect();
// The repository's select list for municipios (LEVEL_SQL), a full page of "ma".
const { rows } = await client.query(
  `select id::text as "_id", nombre, provincia_id::text as "provinciaId", codigo, version
     from municipios where nombre_busqueda like 'ma%' order by nombre_busqueda limit 100`,
);
await client.end();
const page = { success: true, data: rows, meta: { page: 1, limit: 100, hasMore: true } };
const schema = locationListResponse(municipioSchema);
const conZod = () => JSON.stringify(z.safeEncode(schema, page).data);
const directo = () => JSON.stringify(page);
if (conZod() !== directo()) throw new Error('Las dos formas no dan el mismo texto');
const texto = directo();

const microsegundos = (work: () => unknown, n = 2000): string => {
  const runs: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    const start = performance.now();
    for (let i = 0; i < n; i += 1) work();
    runs.push(((performance.now() - start) / n) * 1000);
  }
  return `${Math.min(...runs).toFixed(1)} µs`;
};
console.log(`Página de ${rows.length} municipios, ${Buffer.byteLength(texto)} bytes`);
console.log(`zod (safeEncode) + JSON.stringify: ${microsegundos(conZod)}`);
console.log(`JSON.stringify:                    ${microsegundos(directo)}`);
console.log(`Buffer.from(texto):                ${microsegundos(() => Buffer.from(texto))}`);
console.log(`Buffer.byteLength(texto):          ${microsegundos(() => Buffer.byteLength(texto))}`);
