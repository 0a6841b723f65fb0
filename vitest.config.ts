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
    // A fresh worker per file, chosen: suites start servers, databases and emulators at module level.
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
