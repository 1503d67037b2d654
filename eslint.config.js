// One lint setup for the whole workspace. Import boundaries are the point: the domain imports no
// app, apps do not import each other, and a feature (web) or module (api) never reaches into
// another one's files (only its index.ts) — shared pieces move to `components/`, `lib/` or `packages/domain`.
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Resolves relative imports and reports those that leave their own feature/module folder for a
// sibling's. Written here because the import plugins pull native resolvers this registry lacks.
const isolatedParents = ['apps/web/src/features', 'apps/api/src/modules'].map((dir) =>
  resolve(import.meta.dirname, dir),
);
const ownerOf = (file) => {
  for (const parent of isolatedParents) {
    const rel = relative(parent, file);
    if (rel && !rel.startsWith('..') && !isAbsolute(rel))
      return { parent, name: rel.split(sep)[0] };
  }
  return undefined;
};
// A feature's index.ts is its public face: siblings may import it, never the files behind it.
const isPublicFace = (owner, target) => {
  const rel = relative(join(owner.parent, owner.name), target);
  return rel === '' || /^index(\.(ts|tsx|js))?$/.test(rel);
};
const boundaries = {
  rules: {
    'no-sibling-internals': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const from = ownerOf(context.filename);
          const to = ownerOf(resolve(dirname(context.filename), source));
          if (!to || (from && from.parent === to.parent && from.name === to.name)) return;
          if (from?.parent !== to.parent) return; // app/ and shared code may compose features
          if (isPublicFace(to, resolve(dirname(context.filename), source))) return;
          context.report({
            node: node.source,
            message: `"${from.name}" no debe importar el interior de "${to.name}": mueve lo compartido a un sitio común.`,
          });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
      },
    },
  },
};

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
    plugins: { local: boundaries },
    rules: { 'local/no-sibling-internals': 'error' },
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
