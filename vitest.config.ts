import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './vite-plugins/compiled-catalogs.js';

export default defineConfig({
  // Components and tests read the catalogs as the browser does: compiled at build time.
  plugins: [compiledCatalogs()],
  test: {
    // Integration tests start real servers on free ports; two cores, so keep workers few.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'server and logic', include: ['src/**/*.test.ts'], environment: 'node' } },
      // Components rendered in a DOM and driven as a user would (Testing Library).
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/lib/test-support/component-setup.ts'],
          // The real sandbox and BFF for the dialogs and editors that talk HTTP (started once per run).
          globalSetup: ['src/bff/test-support/component-backend.ts'],
        },
      },
    ],
  },
});
