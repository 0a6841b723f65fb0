import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { DataDirectoryLockedError } from '../data-directory.ts';

/** A temporary directory made before the suite and removed after it; call the result for its path. */
export function useTemporaryDirectory(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
  return () => {
    if (!dir) throw new Error('the temporary directory is made in beforeAll');
    return dir;
  };
}

/**
 * Checks an emulator's hold on its data directory `dataDir` (where `emulator.lock` is written):
 * `start` refuses while another live process holds it, takes over a stale lock, and refuses a second
 * emulator of this same process.
 */
export async function expectDataDirectoryLock(
  dataDir: string,
  start: () => Promise<{ close(): Promise<void> }>,
): Promise<void> {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    await start().then((emulator) => emulator.close());
    await writeFile(path.join(dataDir, 'emulator.lock'), String(other.pid));
    await expect(start()).rejects.toThrow(DataDirectoryLockedError);
    await expect(start()).rejects.toThrow(`already in use by another process (pid ${other.pid})`);
    await writeFile(path.join(dataDir, 'emulator.lock'), '999999999');
    const emulator = await start();
    // A second emulator in this same process is refused too.
    await expect(start()).rejects.toThrow(DataDirectoryLockedError);
    await emulator.close();
  } finally {
    other.kill();
  }
}

/** An emulator's process entry (`server.ts`) run as its own process, with `env` over this one's. */
export function spawnServer(serverFile: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [serverFile], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
}

/** What a process wrote until it exited, and its exit code. */
export async function outcomeOf(server: ChildProcessWithoutNullStreams) {
  let output = '';
  let errors = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk: Buffer) => {
    errors += chunk;
  });
  const code = await new Promise((resolve) =>
    server.exitCode === null ? server.on('exit', resolve) : resolve(server.exitCode),
  );
  return { code, output, errors };
}

/**
 * Checks a process entry's life: `server` logs a JSON line with `url` whose message is `readyMessage`,
 * serves a home page showing `heading`, and on SIGTERM exits 0, giving back the lock `lockFile`.
 */
export async function expectServesUntilSigterm(
  server: ChildProcessWithoutNullStreams,
  expected: { readyMessage: string; heading: string; lockFile: string },
): Promise<void> {
  try {
    const ready = await new Promise<{ url: string; msg: string }>((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        for (const line of output.split('\n')) {
          if (line.includes(' emulator ready')) resolve(JSON.parse(line));
        }
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    expect(ready.msg).toBe(expected.readyMessage);
    const port = new URL(ready.url).port;
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`<h1>${expected.heading}</h1>`);
  } finally {
    server.kill('SIGTERM');
  }
  expect((await outcomeOf(server)).code).toBe(0);
  expect(existsSync(expected.lockFile)).toBe(false);
}

/**
 * An emulator under test, started in `beforeAll` and destroyed (closed, its data removed) in `afterAll`,
 * as a stand-in the suite uses as if it were there all along: reading it before `beforeAll` throws.
 */
export function startedForSuite<T extends { destroy(): Promise<unknown> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.destroy());
  return new Proxy({} as T, {
    get(_target, property) {
      if (!started) throw new Error(`${String(property)} read before beforeAll started it`);
      return Reflect.get(started, property);
    },
  });
}
