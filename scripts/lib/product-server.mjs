// Shared by scripts/screenshots.mjs and the benchmarks (bench/ may import scripts/lib/, never the reverse).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './workspace.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the product as `npm start` does (building what is stale) on a free port with its own data. */
export async function startProduct(env = {}) {
  const port = await freePort();
  const identityPort = await freePort();
  const paymentsPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      IDENTITY_PORT: String(identityPort),
      PAYMENTS_PORT: String(paymentsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A benchmark is one client hammering from one address: the abuse limits would measure themselves.
      RATE_LIMIT_MAX: '100000',
      WRITE_RATE_LIMIT_MAX: '1000000',
      STREAMS_PER_USER_MAX: '1000',
      STREAMS_PER_ADDRESS_MAX: '1000',
      // bench:auth signs one person in again and again, which Auth0's limits (emulated) would refuse.
      IDENTITY_RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  const identityOrigin = `http://localhost:${identityPort}`;
  const paymentsOrigin = `http://localhost:${paymentsPort}`;
  const ready = (url) =>
    fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    const allReady =
      (await ready(`${origin}/healthz`)) &&
      (await ready(`${identityOrigin}/.well-known/jwks.json`)) &&
      (await ready(`${paymentsOrigin}/`));
    if (allReady) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    origin,
    identityOrigin,
    paymentsOrigin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
