import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** What the plugin reads of an output chunk. */
type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
};

/** Where the build writes the table the API reads (static-web.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * For each page of `table` (URL → source modules, relative to `root`), the `/assets/…` files of
 * those modules' chunks and their static imports, without what the entry already loads (index.html
 * names those). Throws when a module is not the facade of a chunk of its own (a dynamic import),
 * so a renamed screen fails the build instead of preloading nothing.
 */
export const routePreloadFiles = (
  chunks: readonly ChunkInfo[],
  table: Readonly<Record<string, readonly string[]>>,
  root: string,
): Record<string, string[]> => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const staticGraph = (start: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      byFile.get(file)?.imports.forEach(visit);
    };
    start.forEach(visit);
    return seen;
  };
  const loadedByEntry = staticGraph(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  return Object.fromEntries(
    Object.entries(table).map(([page, modules]) => {
      const starts = modules.map((module) => {
        const chunk = chunks.find(
          (c) => c.facadeModuleId && relative(root, c.facadeModuleId) === module,
        );
        if (!chunk) throw new Error(`${module} (${page}) no es un fragmento de la compilación.`);
        return chunk.fileName;
      });
      const files = [...staticGraph(starts)].filter((file) => !loadedByEntry.has(file));
      return [page, files.map((file) => `/${file}`)];
    }),
  );
};

/**
 * Writes `.vite/route-preloads.json`: each page of `table` (src/app/route-preloads.ts) with the
 * chunks its first render needs, which the API adds to index.html as modulepreload links when it
 * serves that page (issue 13: the signed-in list's largest paint on a phone).
 */
export const routeModulePreload = (table: Readonly<Record<string, readonly string[]>>): Plugin => {
  let root = '';
  return {
    name: 'tvsistema:route-module-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloadFiles(chunks, table, root), null, 2)}\n`,
      });
    },
  };
};
