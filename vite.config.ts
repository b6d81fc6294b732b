import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The SPA and MSAL's redirect bridge are two entries: the bridge must stay tiny and load no app code.
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }), react()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
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
