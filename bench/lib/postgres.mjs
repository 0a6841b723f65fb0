import pg from 'pg';

/** A fresh database on the local PostgreSQL for one bench run, dropped by `drop()`. */
export async function createBenchDatabase(prefix) {
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect().catch((error) => {
    throw new Error(
      `PostgreSQL is not reachable at ${serverUrl.host} (${error.message}). Start it or set BENCH_DATABASE_URL.`,
    );
  });
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl.toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
