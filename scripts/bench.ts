// `npm run bench [-- <filter>]`: runs every benchmark case under scripts/bench/cases (files named
// `*.bench.ts`, in name order, or only those whose name contains <filter>). Each case prints its
// own figures: medians and p95 beside a baseline measured in the same run.
import { readdir } from 'node:fs/promises';

const casesDir = new URL('./bench/cases/', import.meta.url);
const filter = process.argv[2];

const files = (await readdir(casesDir))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !filter || name.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(filter ? `Ningún caso coincide con "${filter}".` : 'No hay casos de benchmark.');
  process.exit(1);
}

for (const file of files) {
  console.log(`\n▶ ${file.replace(/\.bench\.ts$/, '')}`);
  const benchCase = (await import(new URL(file, casesDir).href)) as { run: () => Promise<void> };
  await benchCase.run();
}
