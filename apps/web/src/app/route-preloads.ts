/**
 * The pages whose code the served index.html names up front (issue 13, decision 0017): for each
 * URL, the modules the build resolves to chunks (vite-route-preload.ts) and the API links as
 * `<link rel="modulepreload">` when it serves the page (apps/api/src/http/static-web.ts). The
 * browser then fetches them beside the entry instead of once the entry has run, one round trip
 * later. Exact paths only: the lists a person opens cold; router.test.tsx checks each is a page
 * of the route table with a `preload` of its own. No imports here: vite.config.ts reads it too.
 */
const FRAME = 'src/components/layout/app-layout.tsx';
const PARTE_LISTS = 'src/features/partes/parte-list-screens.tsx';

export const ROUTE_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/proveedores': [FRAME, PARTE_LISTS],
  '/transporte/proveedores': [FRAME, PARTE_LISTS],
  '/clientes': [FRAME, PARTE_LISTS],
  '/transporte/clientes': [FRAME, PARTE_LISTS],
};
