import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPaymentsProvider } from '#api/test/test-payments-provider.ts';
import { acquireDirectoryLock, DirectoryLockedError } from './directory-lock.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lock-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('one process per embedded database directory', () => {
  it('refuses a directory held by another live process with a clear message', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const dbDir = path.join(dir, 'held');
      await writeFile(`${dbDir}.lock`, String(other.pid));
      expect(() => acquireDirectoryLock(dbDir)).toThrow(DirectoryLockedError);
      expect(() => acquireDirectoryLock(dbDir)).toThrow(/already in use by another process \(pid \d+\)/);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs, and releases it', async () => {
    const dbDir = path.join(dir, 'stale');
    await writeFile(`${dbDir}.lock`, '999999999');
    const release = acquireDirectoryLock(dbDir);
    release();
    const again = acquireDirectoryLock(dbDir);
    again();
  });
});

describe('two servers on one data directory', () => {
  it('the second server stops with a message naming the first one', async () => {
    const serverEntry = path.resolve(import.meta.dirname, '../server.ts');
    // The first server reads the plans' prices from its payment provider at start.
    const payments = await startTestPaymentsProvider({ webhookUrl: 'none' });
    const env = {
      ...process.env,
      DATA_DIR: path.join(dir, 'servers'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...payments.appEnv,
    };
    const start = () => spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const first = start();
    try {
      await new Promise<void>((resolve, reject) => {
        first.stdout.on(
          'data',
          (chunk: Buffer) => chunk.toString().includes('Server listening') && resolve(),
        );
        first.on('exit', (code) => reject(new Error(`first server exited with ${code}`)));
      });
      const second = start();
      let output = '';
      second.stdout.on('data', (chunk: Buffer) => (output += chunk));
      second.stderr.on('data', (chunk: Buffer) => (output += chunk));
      const code = await new Promise((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`already in use by another process (pid ${first.pid})`);
    } finally {
      first.kill('SIGTERM');
      await payments.close();
    }
    // Graceful shutdown: SIGTERM closes the server and the database, releases the lock, exits 0.
    const exitCode = await new Promise((resolve) =>
      first.exitCode === null ? first.on('exit', resolve) : resolve(first.exitCode),
    );
    expect(exitCode).toBe(0);
    expect(existsSync(path.join(dir, 'servers', 'db.lock'))).toBe(false);
  }, 60_000);
});
