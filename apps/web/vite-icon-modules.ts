import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * One module per react-icons icon (issue 13). Each icon set is a single file
 * (`react-icons/fa/index.mjs`, 1,600 icons): the bundler tree-shakes the unused ones, but a module
 * lives in one chunk, so every icon the app uses ended up in the entry beside the ones the
 * signed-out page needs. This plugin rewrites `import { FaEdit } from 'react-icons/fa'` in our
 * sources into an import of a virtual module that holds only `FaEdit`, so each icon goes to the
 * chunk of the screens that use it. Tests and type checks still see the package as published.
 */

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])react-icons\/(\w+)\2;?/g;
const VIRTUAL = 'virtual:react-icon/';
// `\0` marks a module no other plugin should touch (Rollup's convention).
const RESOLVED = `\0${VIRTUAL}`;

type IconSpecifier = { imported: string; local: string };

const specifiersOf = (list: string): IconSpecifier[] =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [imported = '', local = imported] = part.split(/\s+as\s+/);
      return { imported, local };
    });

/** The source of one icon: `export function Name (props) {…};` up to the next icon. */
export const iconSource = (setSource: string, name: string): string | undefined => {
  const start = setSource.indexOf(`export function ${name} (`);
  if (start === -1) return undefined;
  const end = setSource.indexOf('\nexport function ', start + 1);
  return setSource.slice(start, end === -1 ? undefined : end);
};

/** Our module's code with each icon import replaced by imports of one-icon modules. */
export const rewriteIconImports = (code: string): string =>
  code.replace(ICON_IMPORT, (statement, list: string, _quote, set: string) => {
    const imports = specifiersOf(list).map(
      ({ imported, local }) =>
        `import { ${imported === local ? imported : `${imported} as ${local}`} } from '${VIRTUAL}${set}/${imported}';`,
    );
    // One line, then the statement's own line breaks: every later line keeps its number, so
    // the source map stays right without generating a new one.
    return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
  });

export const iconModules = (): Plugin => {
  const setSources = new Map<string, Promise<string>>();
  return {
    name: 'tvsistema:icon-modules',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id)) return null;
      if (!code.includes('react-icons/')) return null;
      const rewritten = rewriteIconImports(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [set = '', name = ''] = id.slice(RESOLVED.length).split('/');
      const resolved = await this.resolve(`react-icons/${set}`);
      if (!resolved) this.error(`No se encuentra el juego de iconos react-icons/${set}`);
      let source = setSources.get(resolved.id);
      if (!source) {
        source = readFile(resolved.id, 'utf8');
        setSources.set(resolved.id, source);
      }
      const icon = iconSource(await source, name);
      if (!icon) this.error(`react-icons/${set} no tiene el icono ${name}`);
      return `import { GenIcon } from 'react-icons/lib';\n${icon}`;
    },
  };
};
