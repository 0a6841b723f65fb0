// The connection pooler of the cluster test's PgBouncer variant (`npm run test:cluster:pgbouncer`), and
// the model for a deployment's (docs/deploy.md, "Connection poolers"): transaction mode, so a server
// connection serves one client only for the length of a transaction and the instances' pools share
// few of them. What needs a session of its own (the migrations' advisory lock, LISTEN) does not come
// through here: the instances reach PostgreSQL directly for it (DATABASE_DIRECT_URL).

/** A value of a PgBouncer connection string, quoted when it needs to be. */
const connectionValue = (value: string) =>
  /^[A-Za-z0-9_.\-/:]+$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function pgbouncerConfig(options: {
  /** Where PgBouncer listens (loopback). */
  listenPort: number;
  /** The one database it pools, on PostgreSQL itself. */
  database: { name: string; host: string; port: number; user: string; password?: string };
  /** Server connections per database and user; the clients (3 instances × 10) queue for them. */
  poolSize: number;
}) {
  const { database } = options;
  const server = [
    `host=${connectionValue(database.host)}`,
    `port=${database.port}`,
    `dbname=${connectionValue(database.name)}`,
    `user=${connectionValue(database.user)}`,
    ...(database.password ? [`password=${connectionValue(database.password)}`] : []),
  ].join(' ');
  return `[databases]
${database.name} = ${server}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${options.listenPort}
; No Unix socket: nothing to clean up, nothing shared with another PgBouncer on the machine.
unix_socket_dir =
pool_mode = transaction
; The test's own loopback listener: any client name is let in, and every server login is the one
; above (a deployment uses auth_type scram-sha-256 with an auth_file or auth_query). It also lets any
; name into the admin console (database pgbouncer), where the test reads SHOW STATS and SHOW SERVERS.
auth_type = any
max_client_conn = 200
default_pool_size = ${options.poolSize}
; SHOW STATS is refreshed every second rather than every minute.
stats_period = 1
; What node-postgres may send at connect beyond the parameters PgBouncer tracks itself.
ignore_startup_parameters = extra_float_digits
`;
}
