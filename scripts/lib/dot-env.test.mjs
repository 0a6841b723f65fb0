import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDotEnv } from './dot-env.mjs';

describe('loadDotEnv (the launchers’ .env)', () => {
  const names = ['DOT_ENV_TEST_ALREADY_SET', 'DOT_ENV_TEST_FROM_FILE'];
  let dir;
  afterAll(async () => {
    for (const name of names) delete process.env[name];
    await rm(dir, { recursive: true, force: true });
  });

  it('loads .env without overriding variables already set', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dot-env-'));
    await writeFile(
      path.join(dir, '.env'),
      'DOT_ENV_TEST_ALREADY_SET=from-file\nDOT_ENV_TEST_FROM_FILE="quoted value" # comment\n',
    );
    process.env.DOT_ENV_TEST_ALREADY_SET = 'from-environment';
    expect(loadDotEnv(dir)).toBe(true);
    expect(process.env.DOT_ENV_TEST_ALREADY_SET).toBe('from-environment');
    expect(process.env.DOT_ENV_TEST_FROM_FILE).toBe('quoted value');
  });

  it('answers false when there is no .env', async () => {
    expect(loadDotEnv(path.join(dir, 'missing'))).toBe(false);
  });
});
