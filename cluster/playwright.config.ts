import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../scripts/ensure-chromium.mjs';

// `npm run test:cluster`: the multi-instance deployment (cluster/start-cluster.ts) in Chromium. One
// worker: the tests share one cluster and the last one takes instances down.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    trace: 'retain-on-failure',
    ignoreHTTPSErrors: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
});
