// The import rules of docs/architecture.md are only worth something if lint fails when they are
// broken: each fixture below breaks one (or, for the allowed ones, none) and is linted with the
// project's own config rooted at tools/lint-fixtures: ESLint's, and oxlint's for import cycles.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { configFor } from '../eslint.config.js';

const root = fileURLToPath(new URL('./lint-fixtures/', import.meta.url));
const repo = fileURLToPath(new URL('../', import.meta.url));
let results: Map<string, string[]>;

type OxlintReport = { diagnostics: { code: string; filename: string }[] };

/**
 * The project's .oxlintrc.json run over the fixtures. Its own ignore list skips them (they break
 * the rules on purpose), so the rules are copied into a config without it. oxlint names a rule
 * `import(no-cycle)`; the map keys it as `import/no-cycle`, as the config does.
 */
const oxlintFindings = () => {
  const config = JSON.parse(readFileSync(join(repo, '.oxlintrc.json'), 'utf8')) as object;
  const dir = mkdtempSync(join(tmpdir(), 'oxlint-fixtures-'));
  try {
    const file = join(dir, 'oxlintrc.json');
    writeFileSync(file, JSON.stringify({ ...config, $schema: undefined, ignorePatterns: [] }));
    const run = spawnSync(
      join(repo, 'node_modules/.bin/oxlint'),
      ['-c', file, '--format', 'json', 'apps', 'scripts'],
      { cwd: root, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as OxlintReport;
    return report.diagnostics.map(({ code, filename }) => ({
      file: filename,
      rule: code.replace(/^import\((.+)\)$/, 'import/$1'),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: configFor(root),
  });
  const linted = await eslint.lintFiles(['apps', 'scripts']);
  results = new Map(
    linted.map((result) => [
      result.filePath.slice(root.length),
      result.messages.map((message) => message.ruleId ?? message.message),
    ]),
  );
  for (const { file, rule } of oxlintFindings()) results.get(file)?.push(rule);
}, 60_000);

const rulesOf = (file: string) => {
  const rules = results.get(file);
  if (!rules) throw new Error(`${file} was not linted`);
  return rules;
};

describe('lint fails on a broken import rule', () => {
  test.each([
    ['apps/web/src/components/widget.ts', 'import-x/no-restricted-paths', 'components → features'],
    [
      'apps/web/src/features/beta/deep-import.ts',
      'import-x/no-restricted-paths',
      'deep import into a sibling feature',
    ],
    ['apps/web/src/features/beta/imports-app.ts', 'import-x/no-restricted-paths', 'feature → app'],
    ['apps/web/src/lib/cycle-a.ts', 'import/no-cycle', 'import cycle'],
    ['apps/web/src/lib/cycle-b.ts', 'import/no-cycle', 'import cycle (re-export side)'],
    ['apps/web/src/lib/unresolved.ts', 'import-x/no-unresolved', 'unresolved path'],
    [
      'apps/api/src/modules/gamma/gamma.service.ts',
      'no-restricted-imports',
      'drizzle outside a repository',
    ],
    [
      'apps/api/src/modules/gamma/gamma.routes.ts',
      'no-restricted-syntax',
      'SQL session outside a repository',
    ],
    [
      'apps/api/src/modules/delta/delta.service.ts',
      'import-x/no-restricted-paths',
      'deep import into a sibling module',
    ],
    ['apps/api/src/http/uses-module.ts', 'import-x/no-restricted-paths', 'platform → module'],
    ['scripts/tool.ts', 'import-x/no-restricted-paths', 'script → API internals'],
    ['apps/api/test/uses-script.test.ts', 'import-x/no-restricted-paths', 'test → scripts/'],
  ])('%s: %s (%s)', (file, rule) => {
    expect(rulesOf(file)).toContain(rule);
  });
});

describe('lint fails on a close button without a Spanish name (issue 14)', () => {
  test('a modal header and a dismissible alert without closeLabel, one finding each', () => {
    const rules = rulesOf('apps/web/src/components/english-close.tsx');
    expect(rules.filter((rule) => rule === 'no-restricted-syntax')).toHaveLength(2);
  });
});

describe('and passes where the rules allow it', () => {
  test.each([
    'apps/web/src/features/alfa/index.ts',
    'apps/web/src/features/beta/uses-sibling-index.ts',
    'apps/web/src/app/app-thing.ts',
    'apps/web/src/components/spanish-close.tsx',
    'apps/api/src/modules/gamma/gamma.repository.ts',
    'apps/api/src/modules/gamma/gamma.table.ts',
    'apps/api/src/modules/delta/delta.uses-index.ts',
    'apps/api/src/db/schema.ts',
  ])('%s', (file) => {
    expect(rulesOf(file)).toEqual([]);
  });
});
