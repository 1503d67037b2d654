import type { Plugin } from 'vite';

/**
 * Which modules hold state that must exist once in the page (issue 13, decision 0017).
 *
 * The build copies small shared chunks into the chunks that use them, so that a page downloads a
 * dozen files instead of sixty (`experimentalInlineCommonChunks` in vite.config.ts). A copied
 * module runs once per copy: harmless for a function or a constant, wrong for a React context
 * (a provider in one copy is invisible to a consumer in the other), an id counter or a cache that
 * others write to. This plugin reads every module's code once it is JavaScript and remembers the
 * ones that declare such state at their top level; the build never copies those.
 */
const STATE_AT_TOP_LEVEL = [
  // A React context, under any import name (createContext, React.createContext, t.createContext).
  /\bcreateContext\s*\(/,
  // A variable the module reassigns: counters, singletons, "set once at start-up" hooks.
  /^(?:export\s+)?(?:let|var)\s/m,
  // A collection or object other modules write into through the module's functions.
  /^(?:export\s+)?const\s+[\w$]+\s*=\s*new\s+(?:Map|Set|WeakMap|WeakSet|EventTarget|QueryClient)\b/m,
  /^(?:export\s+)?const\s+[\w$]+\s*=\s*(?:\{\s*\}|\[\s*\])\s*;?\s*$/m,
];

export const holdsModuleState = (code: string) => STATE_AT_TOP_LEVEL.some((re) => re.test(code));

/** The modules with state that the build put in more than one chunk: each would run twice. */
export const copiedStatefulModules = (
  chunks: readonly { moduleIds: readonly string[] }[],
  isStateful: (id: string) => boolean,
) => {
  const seen = new Map<string, number>();
  for (const chunk of chunks)
    for (const id of chunk.moduleIds) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].filter(([id, count]) => count > 1 && isStateful(id)).map(([id]) => id);
};

export const moduleState = () => {
  const stateful = new Set<string>();
  const plugin: Plugin = {
    name: 'tvsistema:module-state',
    apply: 'build',
    transform: {
      order: 'post',
      handler(code, id) {
        if (holdsModuleState(code)) stateful.add(id);
        return null;
      },
    },
    // The guard of the exclusion: a build that copied one of them fails, naming it.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const copied = copiedStatefulModules(chunks, (id) => stateful.has(id));
      if (copied.length > 0)
        this.error(`Módulos con estado copiados en más de un fragmento: ${copied.join(', ')}`);
    },
  };
  return { plugin, isStateful: (id: string) => stateful.has(id) };
};
