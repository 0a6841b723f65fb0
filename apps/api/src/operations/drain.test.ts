import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '#api/config/app-config.ts';
import { startTestPaymentsProvider, type TestPaymentsProvider } from '#api/test/test-payments-provider.ts';

// The real server process, stopped as an orchestrator stops it (SIGTERM). It reads the plans' prices
// from its payment provider at start: a payment emulator of its own.
let dataDir: string | undefined;
let payments: TestPaymentsProvider | undefined;
afterAll(async () => {
  await payments?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('drains on SIGTERM: not ready at once, still serving, then exits 0', { timeout: 90_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'drain-'));
  payments = await startTestPaymentsProvider({ webhookUrl: 'none' });
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '1500',
      ...payments.appEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  expect((await fetch(`${origin}/readyz`)).status).toBe(200);

  child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await fetch(`${origin}/readyz`)).status).toBe(503);
  expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  expect((await fetch(`${origin}/api/plans`)).status).toBe(200);

  expect(await exited).toBe(0);
  // In order: not ready, then (after SHUTDOWN_DRAIN_MS) no more connections taken.
  expect(output.indexOf('draining: not ready any more')).toBeGreaterThan(0);
  expect(output.indexOf('shutting down: ending live lists')).toBeGreaterThan(
    output.indexOf('draining: not ready any more'),
  );
});
