import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config.ts';
import { DataDirectoryLockedError, startIdentityEmulator } from './index.ts';
import { goodPassword, passwordLogin, signUp, startTestIdentity } from './test/test-identity.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'identity-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('state across restarts', () => {
  it('keeps users and the signing key', async () => {
    const dataDir = path.join(dir, 'restart');
    const first = await startTestIdentity({}, dataDir);
    await signUp(first.app, 'katherine@example.com');
    const firstKeys = (await first.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    await first.close();

    const second = await startTestIdentity({}, dataDir);
    try {
      const secondKeys = (await second.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(secondKeys).toEqual(firstKeys);
      expect((await passwordLogin(second.app, 'katherine@example.com', goodPassword)).statusCode).toBe(200);
      expect((await signUp(second.app, 'KATHERINE@example.com')).json().code).toBe('user_exists');
    } finally {
      await second.close();
    }
  });
});

describe('one emulator per data directory', () => {
  it('refuses a directory held by another live process, and takes over a stale lock', async () => {
    const held = path.join(dir, 'held', 'identity');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const config = loadIdentityConfig({ IDENTITY_DATA_DIR: held, IDENTITY_PORT: '0', LOG_LEVEL: 'silent' });
      await startIdentityEmulator(config, { logger: false }).then((emulator) => emulator.close());
      await writeFile(path.join(held, 'emulator.lock'), String(other.pid));
      await expect(startIdentityEmulator(config, { logger: false })).rejects.toThrow(
        DataDirectoryLockedError,
      );
      await expect(startIdentityEmulator(config, { logger: false })).rejects.toThrow(
        `already in use by another process (pid ${other.pid})`,
      );
      await writeFile(path.join(held, 'emulator.lock'), '999999999');
      const emulator = await startIdentityEmulator(config, { logger: false });
      // A second emulator in this same process is refused too.
      await expect(startIdentityEmulator(config, { logger: false })).rejects.toThrow(
        DataDirectoryLockedError,
      );
      await emulator.close();
    } finally {
      other.kill();
    }
  });
});

describe('startIdentityEmulator', () => {
  it('listens on a free port with an issuer that follows it', async () => {
    const config = loadIdentityConfig({
      DATA_DIR: path.join(dir, 'listen'),
      IDENTITY_PORT: '0',
      HOST: '127.0.0.1',
    });
    const emulator = await startIdentityEmulator(config, { logger: false });
    try {
      expect(emulator.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(emulator.issuer).toBe(`${emulator.url}/`);
      const port = new URL(emulator.url).port;
      const discovery = await (
        await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)
      ).json();
      expect(discovery).toMatchObject({
        issuer: emulator.issuer,
        jwks_uri: `${emulator.url}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    } finally {
      await emulator.close();
    }
  });
});

describe('the process entry (server.ts)', () => {
  it('logs its URL, serves, and shuts down on SIGTERM releasing the lock', async () => {
    const dataDir = path.join(dir, 'process');
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, IDENTITY_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const ready = await new Promise<{ url: string }>((resolve, reject) => {
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
          for (const line of output.split('\n')) {
            if (line.includes('identity emulator ready')) resolve(JSON.parse(line));
          }
        });
        server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const port = new URL(ready.url).port;
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1>Identity emulator</h1>');
    } finally {
      server.kill('SIGTERM');
    }
    const code = await new Promise((resolve) =>
      server.exitCode === null ? server.on('exit', resolve) : resolve(server.exitCode),
    );
    expect(code).toBe(0);
    expect(existsSync(path.join(dataDir, 'identity', 'emulator.lock'))).toBe(false);
  }, 60_000);
});
