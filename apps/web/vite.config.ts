import { basename } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootstrapCss } from './vite-bootstrap-css.js';
import { iconModules } from './vite-icon-modules.js';
import { identitySdkPreload } from './vite-identity-preload.js';
import { moduleState } from './vite-module-state.js';

const state = moduleState();

/**
 * A shared chunk is named after one of its modules; when that is a one-icon module
 * (vite-icon-modules.ts), the size budget would list the supplier detail as `FaIdCard-….js`. Such a
 * chunk takes the name of its first module of ours instead.
 */
const chunkFileName = (chunk: { name: string; moduleIds: readonly string[] }) => {
  const namedAfterIcon = chunk.moduleIds.some(
    (id) => id.endsWith(`/${chunk.name}`) && id.includes('virtual:react-icon/'),
  );
  const ours = chunk.moduleIds.find((id) => !id.startsWith('\0') && !id.includes('/node_modules/'));
  const name = namedAfterIcon && ours ? basename(ours).replace(/\.[^.]+$/, '') : '[name]';
  return `assets/${name}-[hash].js`;
};

export default defineConfig({
  plugins: [iconModules(), bootstrapCss(), identitySdkPreload(), react(), state.plugin],
  server: {
    port: 5173,
    strictPort: true,
    // The identity provider only accepts localhost origins (same-site cookies), never 127.0.0.1.
    host: 'localhost',
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // scripts/size-budget.mjs reads which chunks each page loads from .vite/manifest.json.
    manifest: true,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks (below): no chunk's exports are an API.
      preserveEntrySignatures: false,
      // Our modules only declare things (schemas, texts, components): a page that imports one
      // message from the domain's root entry must not pull every zod schema, and a route list
      // re-exported beside a component must not pull that component's CSS and libraries.
      treeshake: {
        moduleSideEffects: [
          // Its one statement gives every domain schema zod's Spanish messages (issue 14).
          { test: /packages[\\/]domain[\\/]src[\\/]zod-es\.ts$/, sideEffects: true },
          { test: /packages[\\/]domain[\\/]src[\\/].*\.ts$/, sideEffects: false },
          { test: /apps[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        chunkFileNames: chunkFileName,
        // Libraries every page loads change far less often than our code: separate chunks stay
        // cached across deploys. The others (zod, react-hook-form, the typeahead…) stay with the
        // lazy route chunks that use them, so the signed-out pages never download them.
        codeSplitting: {
          // A page used to load about sixty files, most under 1 KB (a shared component, an icon,
          // a context), each a request: small shared chunks are copied into the chunks that use
          // them instead (decision 0017). Never a module with state (vite-module-state.ts).
          // 10 KB of source: 61 → 24 files for a signed-in list; 5 KB left 27, 20 KB 29.
          experimentalInlineCommonChunks: {
            maxSize: 10_000,
            exclude: (id: string) => state.isStateful(id),
          },
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            { name: 'auth', test: /node_modules[\\/]@auth0[\\/]/, priority: 20 },
            // Everything else the entry imports statically stays one chunk: copying had split the
            // entry's stateful modules (roles, a context) into files of their own (4 → 8 files).
            { name: 'inicio', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
