import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at maximum compression,
 * once: the BFF picks one by the request's Accept-Encoding and never compresses at request time.
 * A variant that would not be smaller is left out (the BFF then serves the file itself).
 */
function precompress(): Plugin {
  const variants = async (path: string) => {
    const original = await readFile(path);
    const br = await toBrotli(original, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.length } });
    const gz = await toGzip(original, { level: constants.Z_BEST_COMPRESSION });
    await Promise.all([br.length < original.length && writeFile(`${path}.br`, br), gz.length < original.length && writeFile(`${path}.gz`, gz)]);
  };
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = await readdir(dir, { recursive: true });
      await Promise.all(files.filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite')).map((f) => variants(join(dir, f))));
    },
  };
}

// The SPA and MSAL's redirect bridge are two entries: the bridge must stay tiny and load no app code.
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }), react(), precompress()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk each route has (npm run bench lists them); the BFF never serves dot directories.
    manifest: true,
    rollupOptions: {
      input: { main: resolve(import.meta.dirname, 'index.html'), bridge: resolve(import.meta.dirname, 'redirect.html') },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? 8080}`,
      '/config.json': `http://localhost:${process.env.PORT ?? 8080}`,
    },
  },
});
