import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock } from './directory-lock.ts';
import { type ListenOptions, listenOnPostgres, type Unlisten } from './postgres-listener.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Calls `onPayload` for every NOTIFY on `channel` (from any connection) until the returned function runs. */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
  /** PostgreSQL pool connections by state (for metrics); absent for the embedded database. */
  poolUse?: () => { total: number; idle: number; waiting: number };
};

export type DatabaseTarget =
  | { kind: 'pglite'; dir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any constant of our own: every instance of this app asks for the same session-level advisory lock.
const migrationLockKey = 4_711_020_260_000_001n;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so instances starting at the same
 * moment migrate one after the other: Drizzle's migrator takes no lock of its own, and two runs of the
 * same migration at once fail (or worse, half-apply). The later ones find nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

/** Opens the database and applies pending migrations before anything reads it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection that breaks (a server restart) is dropped by the pool and replaced on the next
    // query; without a listener its 'error' event would end the process.
    pool.on('error', () => {});
    await migrateUnderLock(pool).catch(async (error) => {
      await pool.end();
      throw error;
    });
    const db = drizzlePostgres(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      listen: (channel, onPayload, options) => listenOnPostgres(target.url, channel, onPayload, options),
      close: () => pool.end(),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  const releaseLock = target.dir ? acquireDirectoryLock(target.dir) : () => {};
  try {
    const client = target.dir ? new PGlite(target.dir) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      // One embedded database in this process: a notification cannot be lost to a dropped connection.
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
