// Comments and docs cite decision notes by path (docs/decisions/0009-partes-storage.md, or just
// docs/decisions/0009); a cited note that does not exist sends the reader nowhere.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const notes = readdirSync(`${root}docs/decisions`).filter((name) => name.endsWith('.md'));
const CITATION = /docs\/decisions\/(\d{4})([\w.-]*)/g;

test('every cited decision note exists', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\n')
    .filter(
      (file) => /\.(ts|tsx|js|mjs|md|css|json)$/.test(file) && !file.includes('__snapshots__'),
    );
  const missing: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(`${root}${file}`, 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    for (const [citation, number, rest = ''] of text.matchAll(CITATION)) {
      const name = `${number}${rest}`.replace(/\.$/, '');
      const found = rest.startsWith('-')
        ? notes.includes(name.endsWith('.md') ? name : `${name}.md`)
        : notes.some((note) => note.startsWith(`${number}-`));
      if (!found) missing.push(`${file}: ${citation}`);
    }
  }
  expect(missing).toEqual([]);
});
