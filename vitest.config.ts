import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Two projects, so that a run of files that need no database starts at once: only the API project's
// files open databases, and Vitest runs a project's global setup only when the run holds its files.
const api = 'apps/api/src/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    // A fresh worker per file, chosen: suites start servers, databases and emulators at module level.
    isolate: true,
    // Vitest's default is one worker less than the cores: one on CI's two, where a file waiting on its
    // servers leaves a core idle. Two there; as the default on larger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: [api],
          // One migrated PGlite database per run, copied by every API test file (apps/api/src/test/pglite-template.ts).
          globalSetup: ['apps/api/src/test/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'emulators/*/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: [...configDefaults.exclude, api],
        },
      },
    ],
  },
});
