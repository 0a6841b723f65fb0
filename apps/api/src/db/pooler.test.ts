import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgresServer } from '#api/test/test-database.ts';
import { type DatabaseTarget, openDatabase, UnnamedStatementClient } from './database.ts';
import { users } from './schema.ts';

// DATABASE_URL through a pooler in transaction mode (PgBouncer), DATABASE_DIRECT_URL to PostgreSQL
// itself (docs/deploy.md, "Connection poolers"). The cluster test's PgBouncer variant runs the whole
// product that way; these check the parts on PostgreSQL alone.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a pooler at DATABASE_URL, PostgreSQL at the direct URL',
  () => {
    const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/unused');
    const name = `pooler_${randomBytes(4).toString('hex')}`;
    const direct = new URL(server);
    direct.pathname = `/${name}`;
    direct.searchParams.set('application_name', 'direct');
    const pooled = new URL(direct);
    pooled.searchParams.set('application_name', 'pooled');

    const admin = (statement: string) => onPostgresServer(server, statement);

    beforeAll(() => admin(`create database "${name}"`));
    afterAll(() => admin(`drop database if exists "${name}" with (force)`));

    /** How many statements this session prepared under the name 'probe'. */
    const namedOnSession = async (client: pg.Client) =>
      (await client.query("select count(*)::int as count from pg_prepared_statements where name = 'probe'"))
        .rows[0].count;

    it('an UnnamedStatementClient prepares no statement under a name; a plain client does', async () => {
      for (const [Client, expected] of [
        [pg.Client, 1],
        [UnnamedStatementClient, 0],
      ] as const) {
        const client = new Client({ connectionString: direct.toString() });
        await client.connect();
        try {
          for (const value of [1, 2]) {
            const result = await client.query({
              name: 'probe',
              text: 'select $1::int as n',
              values: [value],
            });
            expect(result.rows).toEqual([{ n: value }]);
          }
          expect(await namedOnSession(client), Client.name).toBe(expected);
        } finally {
          await client.end();
        }
      }
    });

    it('migrates and LISTENs on the direct URL alone, before any query reaches the pooler', async () => {
      // Nothing listens at the pooler's address: the pool connects on its first query only.
      const unreachable = new URL(pooled);
      unreachable.port = '1';
      const handle = await openDatabase({
        kind: 'postgres',
        url: unreachable.toString(),
        directUrl: direct.toString(),
      });
      try {
        const heard: string[] = [];
        const unlisten = await handle.listen({ pooler_probe: (payload) => heard.push(payload) });
        const client = new pg.Client({ connectionString: direct.toString() });
        await client.connect();
        await client.query(`select pg_notify('pooler_probe', 'hello')`);
        const listeners = await client.query(
          "select application_name, query from pg_stat_activity where datname = current_database() and query like 'listen %'",
        );
        await client.end();
        expect(listeners.rows).toEqual([{ application_name: 'direct', query: 'listen "pooler_probe"' }]);
        await expect.poll(() => heard).toEqual(['hello']);
        await unlisten();
        await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
      } finally {
        await handle.close();
      }
    });

    it.each([
      ['with a direct URL of its own (a pooler at url)', { directUrl: direct.toString() }, 0, 'pooled'],
      ['without one (PostgreSQL at url)', {}, 1, 'pooled'],
    ])('queries go to url, %s: named statements prepared %d', async (_, extra, named, applicationName) => {
      const target: DatabaseTarget = { kind: 'postgres', url: pooled.toString(), ...extra };
      const handle = await openDatabase(target);
      try {
        // A transaction keeps one connection: the statement prepared under a name, then the session's list.
        const [prepared, session] = await handle.db.transaction(async (tx) => {
          const lookup = tx
            .select({ id: users.id })
            .from(users)
            .where(sql`${users.id} = ${sql.placeholder('id')}`)
            .prepare('probe');
          await lookup.execute({ id: 'nobody' });
          await lookup.execute({ id: 'nobody else' });
          const counted = (await tx.execute(
            sql`select count(*)::int as count from pg_prepared_statements where name = 'probe'`,
          )) as unknown as pg.QueryResult<{ count: number }>;
          const current = (await tx.execute(
            sql`select current_setting('application_name') as name`,
          )) as unknown as pg.QueryResult<{ name: string }>;
          return [counted.rows[0]?.count, current.rows[0]?.name];
        });
        expect(prepared).toBe(named);
        expect(session).toBe(applicationName);
      } finally {
        await handle.close();
      }
    });
  },
);
