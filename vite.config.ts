import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './vite-plugins/compiled-catalogs.js';
import { consoleChunk } from './vite-plugins/console-chunk.js';
import { mantineStylesCheck } from './vite-plugins/mantine-styles-check.js';
import { mantineStylesOnDemand, stylesOnDemandChunk } from './vite-plugins/mantine-styles-on-demand.js';
import { precompress } from './vite-plugins/precompress.js';

/**
 * The screen after sign-in (the signed-in layout and the declarations search) is part of the
 * entry: one download instead of a waterfall of small chunks. Every other route's page and loader
 * come in the route's own chunk when it is opened (or preloaded on intent).
 */
const FIRST_SCREEN_ROUTES: readonly string[] = ['/_authenticated', '/_authenticated/declarations/'];
/**
 * The catalogs the first screen reads (the shell, the search, the bell, `common`): one file per
 * language instead of four, each small file costing its response headers on the wire. English
 * `common` stays in the entry (src/lib/i18n/bundled-english.ts), or every language would load it.
 */
const FIRST_SCREEN_CATALOGS = /[\\/]locales[\\/](\w+)[\\/](common|shell|declarations|notifications)\.json(?:\?.*)?$/;
function firstScreenCatalogs(id: string): string | null {
  const [, language, namespace] = FIRST_SCREEN_CATALOGS.exec(id) ?? [];
  return language && !(language === 'en' && namespace === 'common') ? `catalogs-${language}` : null;
}
const ROUTE_CHUNKS = [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] as const;

// The SPA and MSAL's redirect bridge are two entries: the bridge must stay tiny and load no app code.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }: { routeId: string }) =>
          FIRST_SCREEN_ROUTES.includes(routeId) ? [] : ROUTE_CHUNKS.map((group) => [...group]),
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    compiledCatalogs(),
    mantineStylesOnDemand(),
    mantineStylesCheck(),
    precompress(),
  ],
  resolve: {
    // The catalogs are compiled at build time (compiled-catalogs.ts): intl-messageformat needs no ICU parser in the browser.
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk each route has (npm run bench lists them); the BFF never serves dot directories.
    manifest: true,
    // The console chunk holds the whole first screen on purpose (one download, no waterfall); its budget
    // is the gzip size on the wire, which the first-screen bench measures, not the minified size.
    chunkSizeWarningLimit: 1000,
    // Every browser the console supports (evergreen Chromium, Firefox, Safari) knows modulepreload:
    // the polyfill would only be one more file on the first screen.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: resolve(import.meta.dirname, 'index.html'), bridge: resolve(import.meta.dirname, 'redirect.html') },
      output: {
        codeSplitting: {
          groups: [
            { debugName: 'first-screen catalogs', name: firstScreenCatalogs },
            stylesOnDemandChunk,
            consoleChunk({
              entry: resolve(import.meta.dirname, 'src/main.tsx'),
              bridge: resolve(import.meta.dirname, 'src/redirect-bridge.ts'),
            }),
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}`, '/config.json': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
