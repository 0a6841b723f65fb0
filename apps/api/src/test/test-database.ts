import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '#api/db/database.ts';
import { templateVariable } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default (a copy of the run's
 * migrated template, pglite-template.ts), or, when
 * TEST_DATABASE_URL is set (as CI does), a new database on that PostgreSQL server, dropped afterwards.
 * `url` (PostgreSQL only) lets a test open a second handle on the same database.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The migrated database of this run (pglite-template.ts), when Vitest's global setup made one.
    const template = process.env[templateVariable];
    const from = template ? new Blob([await readFile(template)]) : undefined;
    return openDatabase({ kind: 'pglite', dir: null, ...(from && { from }) });
  }

  const admin = new URL(serverUrl);
  const name = `${admin.pathname.slice(1) || 'test'}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(admin, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const handle = await openDatabase(target);
  return {
    ...handle,
    url: target.url,
    async close() {
      await handle.close();
      await withAdminClient(admin, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

/** Runs `statement` on the PostgreSQL server of `url` (creating and dropping databases), on a client of its own. */
export async function onPostgresServer(url: URL, statement: string) {
  await withAdminClient(url, (client) => client.query(statement));
}

async function withAdminClient(url: URL, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
