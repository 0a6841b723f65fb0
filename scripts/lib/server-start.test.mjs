import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverStartCommand } from './server-start.mjs';

// A stand-in server at the path the command starts, printing the open-files limits it was given, and an
// empty stand-in of the module it loads first (tracing, off here).
const dir = mkdtempSync(path.join(os.tmpdir(), 'server-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, 'apps/api/src/tracing'), { recursive: true });
writeFileSync(path.join(dir, 'apps/api/src/tracing/register-tracing.ts'), '');
writeFileSync(
  path.join(dir, 'apps/api/src/server.ts'),
  "import { readFileSync } from 'node:fs';\n" +
    "const limits = readFileSync('/proc/self/limits', 'utf8');\n" +
    'const [soft, hard] = limits.match(/^Max open files +(\\S+) +(\\S+)/m).slice(1);\n' +
    'console.log(JSON.stringify({ soft, hard }));\n',
);

/** Runs the start command under a soft limit of 256 (the hard one stays), as a low-limit container would. */
function startUnderLowSoftLimit() {
  const [command, ...args] = serverStartCommand(process.execPath);
  const result = spawnSync('/bin/sh', ['-c', 'ulimit -S -n 256 && exec "$@"', 'sh', command, ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe.skipIf(process.platform !== 'linux')('the server start command', () => {
  it('raises the soft limit on open files to the hard one before the server runs', () => {
    const { soft, hard } = startUnderLowSoftLimit();
    expect(soft).not.toBe('256');
    expect(soft).toBe(hard);
  });
});
