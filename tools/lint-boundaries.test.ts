// The import rules of docs/architecture.md are only worth something if lint fails when they are
// broken: each fixture below breaks one (or, for the allowed ones, none) and is linted with the
// project's own config rooted at tools/lint-fixtures.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { configFor } from '../eslint.config.js';

const root = fileURLToPath(new URL('./lint-fixtures/', import.meta.url));
let results: Map<string, string[]>;

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
    ['apps/web/src/lib/cycle-a.ts', 'import-x/no-cycle', 'import cycle'],
    ['apps/web/src/lib/cycle-b.ts', 'import-x/no-cycle', 'import cycle (re-export side)'],
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

describe('and passes where the rules allow it', () => {
  test.each([
    'apps/web/src/features/alfa/index.ts',
    'apps/web/src/features/beta/uses-sibling-index.ts',
    'apps/web/src/app/app-thing.ts',
    'apps/api/src/modules/gamma/gamma.repository.ts',
    'apps/api/src/modules/gamma/gamma.table.ts',
    'apps/api/src/modules/delta/delta.uses-index.ts',
    'apps/api/src/db/schema.ts',
  ])('%s', (file) => {
    expect(rulesOf(file)).toEqual([]);
  });
});
