import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/*/src/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'emulators/*/src/**/*.test.ts',
      'scripts/**/*.test.mjs',
    ],
    environment: 'node',
    // One migrated PGlite database per run, copied by every API test file (apps/api/src/test/pglite-template.ts).
    globalSetup: ['apps/api/src/test/pglite-template.ts'],
    // A fresh worker per file, chosen: suites start servers, databases and emulators at module level.
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
