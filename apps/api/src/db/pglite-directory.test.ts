import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { dataDir } from '@electric-sql/pglite-prepopulatedfs';
import { afterEach, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from './pglite-directory.ts';

const folders: string[] = [];
function newFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pglite-directory-'));
  folders.push(folder);
  return path.join(folder, 'db');
}
/**
 * The prepopulated archive as another PostgreSQL release would have made it: its PG_VERSION says 17
 * (a tar's content is not in its header's checksum, so rewriting those bytes keeps the archive valid).
 */
async function archiveOfAnotherRelease() {
  const tar = gunzipSync(Buffer.from(await (await dataDir()).arrayBuffer()));
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar
      .subarray(at, at + 100)
      .toString('latin1')
      .replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('latin1')
        .trim() || '0',
      8,
    );
    if (name === '/PG_VERSION') tar.write('17\n', at + 512);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return new Blob([gzipSync(tar, { level: 1 })]);
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openPgliteDirectory', () => {
  it("starts a new database from PGlite's prepopulated archive, and keeps what it holds", async () => {
    const dir = newFolder();
    const first = await openPgliteDirectory(dir);
    expect((await first.query<{ version: string }>('select version()')).rows[0]?.version).toMatch(
      /^PostgreSQL \d+\.\d+ \(PGlite/,
    );
    await first.exec('create table kept (note text); insert into kept values ($$still here$$)');
    await first.close();

    const again = await openPgliteDirectory(dir, () => Promise.reject(new Error('not read again')));
    expect((await again.query('select note from kept')).rows).toEqual([{ note: 'still here' }]);
    await again.close();
  });

  it('runs initdb when this release cannot start from the archive', async () => {
    const dir = newFolder();
    const client = await openPgliteDirectory(dir, archiveOfAnotherRelease);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.close();
    // initdb's own folder, not the other release's
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).not.toBe('17\n');
  });
});
