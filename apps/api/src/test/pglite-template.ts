import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataDir } from '@electric-sql/pglite-prepopulatedfs';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '#api/db/database.ts';

// Vitest's global setup (vitest.config.ts): one migrated PGlite database, dumped to a file that every
// test file's database starts from (test-database.ts). A new PGlite runs initdb, seconds on a busy
// machine, in each of the hundred-odd files that open one; loading the dump takes a fraction of that.
// Made anew on every run, from the migrations as they are, so it is never stale. Not with
// TEST_DATABASE_URL: PostgreSQL makes its databases itself.

/** The variable that names the dump for the test workers, which inherit the environment. */
export const templateVariable = 'TEST_PGLITE_TEMPLATE';

let directory: string | undefined;

export async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  directory = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
  const file = path.join(directory, 'migrated.tar');
  // From PGlite's prepopulated data directory, as the embedded database starts (db/pglite-directory.ts).
  const client = new PGlite({ loadDataDir: await dataDir() });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  process.env[templateVariable] = file;
}

export async function teardown() {
  if (directory) await rm(directory, { recursive: true, force: true });
}
