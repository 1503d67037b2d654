import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropUnusedBootstrap } from './vite-bootstrap-css.js';
import { iconSource, rewriteIconImports } from './vite-icon-modules.js';
import { copiedStatefulModules, holdsModuleState } from './vite-module-state.js';

describe('one module per icon (vite-icon-modules.ts)', () => {
  it('splits a multi-line icon import and keeps every later line where it was', () => {
    const code =
      "import {\n  FaEdit,\n  FaRegEye as Eye,\n} from 'react-icons/fa';\nconst x = 1;\n";
    const rewritten = rewriteIconImports(code);
    expect(rewritten).toBe(
      "import { FaEdit } from 'virtual:react-icon/fa/FaEdit'; " +
        "import { FaRegEye as Eye } from 'virtual:react-icon/fa/FaRegEye';\n\n\n\nconst x = 1;\n",
    );
  });

  it('leaves type imports and the package root alone', () => {
    const code =
      "import type { IconType } from 'react-icons';\nimport type { X } from 'react-icons/fa';\n";
    expect(rewriteIconImports(code)).toBe(code);
  });

  it('takes one icon out of its set, and nothing of the next one', () => {
    const require = createRequire(import.meta.url);
    const set = readFileSync(join(require.resolve('react-icons/fa'), '../index.mjs'), 'utf8');
    const icon = iconSource(set, 'FaEdit') ?? '';
    expect(icon.startsWith('export function FaEdit (props)')).toBe(true);
    expect(icon.match(/export function/g)).toHaveLength(1);
    expect(iconSource(set, 'FaNoExiste')).toBeUndefined();
  });
});

describe('Bootstrap without unused components (vite-bootstrap-css.ts)', () => {
  it('drops rules that only style unused components, their keyframes and emptied @media', () => {
    const css = [
      '.btn{color:red}',
      '.carousel,.carousel-item{display:block}',
      '.toast .btn-close,.btn-close{opacity:1}',
      '@media (min-width:576px){.navbar-expand-sm .offcanvas{position:static}}',
      '@keyframes placeholder-glow{50%{opacity:.2}}',
      '.nav-link{color:blue}',
      '.form-control::placeholder{color:gray}',
    ].join('');
    expect(dropUnusedBootstrap(css)).toBe(
      '.btn{color:red}.toast .btn-close,.btn-close{opacity:1}.nav-link{color:blue}' +
        '.form-control::placeholder{color:gray}',
    );
  });
});

describe('modules with state are never copied (vite-module-state.ts)', () => {
  const require = createRequire(import.meta.url);
  const source = (module: string) => readFileSync(require.resolve(module), 'utf8');

  it('knows a React context, a reassigned variable and a shared collection', () => {
    expect(holdsModuleState(source('react-bootstrap/esm/NavbarContext.js'))).toBe(true);
    expect(
      holdsModuleState("import * as React from 'react';\nconst C = React.createContext(null);"),
    ).toBe(true);
    expect(holdsModuleState('let nextId = 0;\nexport const id = () => ++nextId;')).toBe(true);
    expect(holdsModuleState('export const cache = new Map();')).toBe(true);
    expect(
      holdsModuleState('const registry = {};\nexport const add = (k, v) => { registry[k] = v; };'),
    ).toBe(true);
  });

  it('copies what only declares: components, functions, constants, state inside functions', () => {
    expect(holdsModuleState(source('react-bootstrap/esm/Row.js'))).toBe(false);
    expect(
      holdsModuleState(
        'export const f = () => {\n  let n = 0;\n  const m = new Map();\n  return [n, m];\n};',
      ),
    ).toBe(false);
    expect(holdsModuleState("export const TEXTS = { close: 'Cerrar' };")).toBe(false);
  });

  it('names a stateful module found in two chunks, and only that one', () => {
    const chunks = [
      { moduleIds: ['/a/context.js', '/a/icon.js'] },
      { moduleIds: ['/b/page.js', '/a/context.js', '/a/icon.js'] },
    ];
    expect(copiedStatefulModules(chunks, (id) => id.endsWith('context.js'))).toEqual([
      '/a/context.js',
    ]);
    expect(copiedStatefulModules(chunks, () => false)).toEqual([]);
  });
});
