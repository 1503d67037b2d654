// One lint setup for the whole workspace. Import boundaries are the point: the domain imports no
// app, apps do not import each other, and a feature (web) or module (api) never reaches into
// another one's files — shared pieces move to `components/`, `lib/` or `packages/domain`.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const subdirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const isolate = (parent) =>
  subdirs(parent).map((name) => ({
    target: `./${parent}/${name}`,
    from: `./${parent}`,
    except: [`./${name}`],
    message: `"${name}" no debe importar el interior de otro módulo: mueve lo compartido a un sitio común.`,
  }));

const forbidPackages = (...names) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: names.map((group) => ({
        group: [group, `${group}/*`],
        message: 'Frontera de paquetes: import no permitido.',
      })),
    },
  ],
});

const zones = [...isolate('apps/web/src/features'), ...isolate('apps/api/src/modules')];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Usa uniones `as const` en lugar de enum.' },
        { selector: 'ExportDefaultDeclaration', message: 'Usa exports con nombre.' },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    rules: zones.length > 0 ? { 'import-x/no-restricted-paths': ['error', { zones }] } : {},
  },
  {
    files: ['packages/domain/**'],
    rules: forbidPackages(
      '@tvsistema/api',
      '@tvsistema/web',
      '@tvsistema/idp',
      'node:*',
      'react',
      'fastify',
    ),
  },
  {
    files: ['apps/api/**'],
    rules: forbidPackages('@tvsistema/web', '@tvsistema/idp', 'react'),
  },
  {
    files: ['apps/idp/**'],
    rules: forbidPackages('@tvsistema/web', '@tvsistema/api', 'react'),
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidPackages('@tvsistema/api', '@tvsistema/idp', 'node:*', 'fastify', 'pg'),
    },
  },
  {
    // Config files of tools expect a default export.
    files: ['**/*.config.{ts,js,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
