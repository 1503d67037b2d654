// One lint setup for the whole workspace. Import boundaries are the point (docs/architecture.md,
// docs/decisions/0012-import-boundaries.md):
//   web:  app → features → components / lib / config → @tvsistema/domain
//   api:  app.ts, db/schema.ts → modules → http / auth / db → @tvsistema/domain
// A feature (web) or module (api) reaches a sibling only through its index.ts; SQL and drizzle live
// only in *.repository.ts, *.table.ts and db/; no import cycle anywhere — that one is oxlint's
// import/no-cycle (.oxlintrc.json), which walks the graph in a second where import-x took eleven
// (docs/decisions/0042-lint-cycles-in-oxlint.md).
// `configFor(root)` builds the same rules for another tree: tools/lint-boundaries.test.ts lints
// fixture files that break each rule and checks that lint fails on them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Every folder directly under `dir`: each one is a module, so a new module is guarded at once. */
const foldersOf = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/** One zone per module: nothing from a sibling except the sibling's index.ts. */
const moduleZones = (parent, message) => {
  const names = foldersOf(parent);
  return names.map((name) => ({
    target: join(parent, name),
    from: parent,
    except: [
      `./${name}`,
      ...names.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ],
    message,
  }));
};

const zonesFor = (root) => {
  const web = join(root, 'apps/web/src');
  const api = join(root, 'apps/api/src');
  const shared = ['components', 'lib', 'config', 'testing'].map((dir) => join(web, dir));
  return [
    ...moduleZones(
      join(web, 'features'),
      'Una feature solo importa el index.ts de otra: mueve lo compartido a components/ o lib/.',
    ),
    {
      target: join(web, 'features'),
      from: join(web, 'app'),
      message: 'Las features no importan app/: es app/ quien compone las features.',
    },
    {
      target: shared,
      from: [join(web, 'features'), join(web, 'app')],
      message:
        'components/, lib/, config/ y testing/ no importan features/ ni app/ (las importaciones van en un sentido).',
    },
    ...moduleZones(
      join(api, 'modules'),
      'Un módulo solo importa el index.ts de otro (tablas incluidas).',
    ),
    {
      // db/schema.ts is the one platform file that gathers the modules' tables.
      target: [join(api, 'http'), join(api, 'auth'), join(api, 'db/!(schema).ts')],
      from: join(api, 'modules'),
      message:
        'La plataforma (http/, auth/, db/) no importa módulos; solo db/schema.ts reúne sus tablas.',
    },
    // Scripts (start, seed, bench, backup) use the apps' public entries only; nothing but the e2e
    // web server (which runs `npm start`'s entry) imports scripts/.
    {
      target: join(root, 'scripts'),
      from: api,
      except: ['./index.ts', './tools.ts'],
      message: 'Los scripts usan @tvsistema/api o @tvsistema/api/tools, no el interior de la API.',
    },
    {
      target: join(root, 'scripts'),
      from: join(root, 'apps/idp/src'),
      except: ['./index.ts'],
      message: 'Los scripts usan @tvsistema/idp, no el interior del proveedor.',
    },
    {
      target: [join(root, 'apps'), join(root, 'packages'), join(root, 'tools')],
      from: join(root, 'scripts'),
      message: 'El código y sus tests no importan scripts/: lo compartido va en un paquete.',
    },
  ];
};

/** no-restricted-imports for package boundaries; one rule value per file, so callers merge. */
const forbidPackages = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(({ names, message }) => ({
        group: names.flatMap((name) => [name, `${name}/*`]),
        message,
      })),
    },
  ],
});
const boundary = (...names) => ({ names, message: 'Frontera de paquetes: import no permitido.' });
const SQL_MESSAGE =
  'SQL y drizzle solo en *.repository.ts, *.table.ts y db/: llama al repositorio del módulo.';

const baseSyntax = [
  { selector: 'TSEnumDeclaration', message: 'Usa uniones `as const` en lugar de enum.' },
  { selector: 'ExportDefaultDeclaration', message: 'Usa exports con nombre.' },
  // react-bootstrap names a modal's or an alert's close button "Close" / "Close alert" unless told
  // otherwise: screen readers heard English (issue 14).
  ...['closeButton', 'dismissible'].map((prop) => ({
    selector: `JSXOpeningElement:has(JSXAttribute[name.name='${prop}']):not(:has(JSXAttribute[name.name='closeLabel']))`,
    message: `Con ${prop}, pon closeLabel (p. ej. "Cerrar"): el valor por defecto está en inglés.`,
  })),
];

/**
 * @param {string} root the workspace folder the rules apply to
 * @returns {import('eslint').Linter.Config[]}
 */
export const configFor = (root) => [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'coverage/**',
      'tools/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          // The root tsconfig references every package's.
          project: join(root, 'tsconfig.json'),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', ...baseSyntax],
      // Without a working resolver the boundary rules below silently check nothing: fail loudly.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: zonesFor(root) }],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: forbidPackages(
      boundary('@tvsistema/api', '@tvsistema/web', '@tvsistema/idp', 'node:*', 'react', 'fastify'),
    ),
  },
  {
    files: ['apps/api/**'],
    rules: forbidPackages(boundary('@tvsistema/web', '@tvsistema/idp', 'react')),
  },
  {
    // Routes, services and manifests call their repository; only it speaks SQL.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.table.ts', '**/*.test.ts'],
    rules: {
      ...forbidPackages(boundary('@tvsistema/web', '@tvsistema/idp', 'react'), {
        names: ['drizzle-orm', 'pg', '@electric-sql/pglite'],
        message: SQL_MESSAGE,
      }),
      'no-restricted-syntax': [
        'error',
        ...baseSyntax,
        {
          selector: 'CallExpression[callee.property.name=/^(withSession|queryPrepared)$/]',
          message: SQL_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['apps/idp/**'],
    rules: forbidPackages(boundary('@tvsistema/web', '@tvsistema/api', 'react')),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidPackages(boundary('@tvsistema/api', '@tvsistema/idp', 'node:*', 'fastify', 'pg')),
    },
  },
  {
    // The build's own files beside vite.config.ts (vite-*.ts plugins) run in Node at build time,
    // never in the browser: they may read node:* (decision 0025). apps/web/src stays browser-only.
    files: ['apps/web/*.ts'],
    rules: forbidPackages(boundary('@tvsistema/api', '@tvsistema/idp', 'fastify', 'pg')),
  },
  {
    // Lighthouse is installed on the audit's first run, not by `npm ci` (scripts/lighthouse/run.mjs,
    // which type-checks the script before running it).
    files: ['scripts/lighthouse/**'],
    rules: { 'import-x/no-unresolved': ['error', { ignore: ['^lighthouse(/|$)'] }] },
  },
  {
    // Config files of tools expect a default export.
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js', '**/test/setup/*.ts'],
    rules: { 'no-restricted-syntax': ['error', baseSyntax[0]] },
  },
];

export default tseslint.config(...configFor(import.meta.dirname));
