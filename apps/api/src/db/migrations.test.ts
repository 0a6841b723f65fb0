import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgresServer } from '#api/test/test-database.ts';
import { openDatabase } from './database.ts';

// Instances of a deployment start together on a new or upgraded database (PostgreSQL only: PGlite has
// one process by construction).
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/unused');
  const name = `migrations_${randomBytes(4).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;

  const admin = (sql: string) => onPostgresServer(server, sql);

  afterAll(() => admin(`drop database if exists "${name}" with (force)`));

  it('three instances starting at the same moment on an empty database all come up, migrated once', async () => {
    await admin(`create database "${name}"`);
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString() })),
    );
    try {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const applied = await client.query('select hash from drizzle.__drizzle_migrations');
      const tables = await client.query(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public' and table_name in ('users', 'items')",
      );
      await client.end();
      expect(applied.rows.length).toBe(new Set(applied.rows.map((row) => row.hash)).size);
      expect(applied.rows.length).toBeGreaterThanOrEqual(5);
      expect(tables.rows[0].count).toBe(2);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
