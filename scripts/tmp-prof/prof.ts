import { sql } from 'drizzle-orm';
import { seedVolumenLogistica, volumenLogistica } from '@tvsistema/api/tools';
import { createBenchTarget, openBenchDatabase } from '../bench/lib/bench-api.js';
import { summarize, timeSamples } from '../bench/lib/stats.js';

const target = await createBenchTarget();
const database = await openBenchDatabase(target);
await seedVolumenLogistica(database, volumenLogistica(0.01), '2026-11-27');
const q = (s: ReturnType<typeof sql>) => () => database.db.execute(s);
const cases: [string, () => Promise<unknown>][] = [
  ['page *', q(sql`select * from albaranes where empresa='transporte' and clase='transporte' order by fecha desc, fecha_hora desc, id desc limit 20`)],
  ['count', q(sql`select count(*)::int from albaranes where empresa='transporte' and clase='transporte'`)],
  ['emisor', q(sql`select * from emisores where empresa='transporte'`)],
  ['view', q(sql`select * from facturacion_origenes_v where origen_tipo='albaran' and origen_id in (select id from albaranes limit 20)`)],
];
for (const [label, fn] of cases) {
  const s = summarize(await timeSamples(fn, { iterations: 200 }));
  console.log(label.padEnd(10), s.p50.toFixed(2), s.p95.toFixed(2));
}
await database.close();
await target.dispose();
