// `npm run test:release` (scripts/release.spec.mjs), apart from `npm test`: it builds into the
// repository what is stale and installs a release, which takes minutes on a busy machine.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  test: {
    include: ['scripts/release.spec.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
