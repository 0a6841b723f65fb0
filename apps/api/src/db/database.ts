import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type Db as JobsDatabase } from 'pg-boss';
import { acquireDirectoryLock } from './directory-lock.ts';
import { openPgliteDirectory } from './pglite-directory.ts';
import {
  type ChannelHandlers,
  type ListenOptions,
  listenOnPostgres,
  type Unlisten,
} from './postgres-listener.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A database or an open transaction: authorization and the workspace's events run inside the transaction of a write. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Calls each channel's handler for every NOTIFY on it (from any connection) until the returned
   * function runs. Call it once for all the channels an instance needs: on PostgreSQL each call holds
   * a connection.
   */
  listen(handlers: ChannelHandlers, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
  /** The same database for the job queue (pg-boss, jobs/job-queue.ts): its statements share the pool. */
  jobs: JobsDatabase;
  /** PostgreSQL pool connections by state (for metrics); absent for the embedded database. */
  poolUse?: () => { total: number; idle: number; waiting: number };
};

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** null: in memory (tests). */
      dir: string | null;
      /**
       * In memory, a dump of a database to start from (PGlite's `dumpDataDir`) instead of a new one: the
       * test suites migrate one database once and copy it for each file (test/pglite-template.ts).
       */
      from?: Blob;
    }
  | {
      kind: 'postgres';
      /** The queries' pool: PostgreSQL, or a pooler in transaction mode (PgBouncer) in front of it. */
      url: string;
      /**
       * PostgreSQL itself, when `url` is a pooler (DATABASE_DIRECT_URL): what needs one session of its
       * own (the migrations' advisory lock, LISTEN) connects here. Unset: `url`.
       */
      directUrl?: string;
    };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any constant of our own: every instance of this app asks for the same session-level advisory lock.
const migrationLockKey = 4_711_020_260_000_001n;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so instances starting at the same
 * moment migrate one after the other: Drizzle's migrator takes no lock of its own, and two runs of the
 * same migration at once fail (or worse, half-apply). The later ones find nothing left to do.
 * The lock belongs to a session, so this runs on a connection of its own to PostgreSQL itself: through
 * a pooler in transaction mode, the lock, the migrations and the unlock could each land on another
 * server connection, and the lock would stay held by one nobody unlocks.
 */
async function migrateUnderLock(directUrl: string) {
  const client = new pg.Client({ connectionString: directUrl });
  // A connection lost mid-migration fails the query below; its 'error' event must not end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** A query config named for a prepared statement, without its name; anything else as it is. */
function unnamed(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || 'submit' in config) return config;
  return 'name' in config && config.name !== undefined ? { ...config, name: undefined } : config;
}

/**
 * A connection that prepares no statement under a name: each query is parsed anew, unnamed. Through a
 * pooler in transaction mode every transaction may run on another server connection, and a statement
 * node-postgres prepared under a name on one (it then sends only its name) does not exist on the next
 * (PgBouncer tracks such statements from 1.21 on, with max_prepared_statements; Debian 12 has 1.18).
 * The callers' `.prepare(name)` keeps what it saves most, SQL built once (items/list-items.ts,
 * users/user-document.ts).
 */
export class UnnamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(unnamed(config), ...rest)) as pg.Client['query'];
  }
}

/** Opens the database and applies pending migrations before anything reads it. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const directUrl = target.directUrl ?? target.url;
    await migrateUnderLock(directUrl);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A URL of its own for PostgreSQL itself means `url` is a pooler: no named prepared statements.
      ...(directUrl !== target.url && { Client: UnnamedStatementClient }),
    });
    // An idle connection that breaks (a server restart) is dropped by the pool and replaced on the next
    // query; without a listener its 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzlePostgres(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      // A LISTEN must stay on one session: never through a pooler in transaction mode.
      listen: (handlers, options) => listenOnPostgres(directUrl, handlers, options),
      close: () => pool.end(),
      jobs: {
        // Several statements in one text (pg-boss's schema changes) answer one result each.
        async executeSql(text, values) {
          const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
          return Array.isArray(result) ? { rows: result.flatMap((each) => each.rows) } : result;
        },
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  const releaseLock = target.dir ? acquireDirectoryLock(target.dir) : () => {};
  try {
    const client = target.dir
      ? await openPgliteDirectory(target.dir)
      : new PGlite(target.from ? { loadDataDir: target.from } : undefined);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      // One embedded database in this process: a notification cannot be lost to a dropped connection.
      async listen(handlers) {
        const unlistens = await Promise.all(
          Object.entries(handlers).map(([channel, onPayload]) => client.listen(channel, onPayload)),
        );
        return async () => {
          await Promise.all(unlistens.map((unlisten) => unlisten()));
        };
      },
      async close() {
        await client.close();
        releaseLock();
      },
      jobs: fromPglite(client),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
