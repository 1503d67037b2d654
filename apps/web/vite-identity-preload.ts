import type { Plugin } from 'vite';

/**
 * `<link rel="modulepreload">` for the identity SDK's chunk in index.html (issue 13, decision
 * 0025). The SDK is a dynamic import, so it stays out of the entry's static graph and its size
 * budget; without this hint its download would start only once the entry has run, one round trip
 * later. Every page needs it (the session check), so it downloads beside the entry.
 */
export const identitySdkPreload = (): Plugin => ({
  name: 'tvsistema:identity-sdk-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      // The chunk that holds the SDK's module (the `auth` group in vite.config.ts).
      const sdk = Object.values(bundle ?? {}).find(
        (output) =>
          output.type === 'chunk' &&
          output.moduleIds.some((id) => /[\\/]@auth0[\\/]auth0-react[\\/]/.test(id)),
      );
      if (!sdk)
        throw new Error('No se encuentra el fragmento del SDK de identidad en la compilación.');
      return [
        {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${sdk.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
});
