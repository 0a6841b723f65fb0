// A production deployment on one machine: HAProxy (TLS) in front of N app instances in production mode,
// one PostgreSQL (optionally behind PgBouncer), one Redis, and the provider emulators over https standing
// in for Auth0 and Stripe.
// The cluster test (cluster/cluster.spec.ts) and the fault and soak benches (bench/faults, bench/soak)
// drive it. Every process is real; nothing is mocked.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@launchkit/env/test/self-signed-certificate';
import pg from 'pg';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { ensureDebianPackage } from '../scripts/lib/debian-package.mjs';
import { startOtlpReceiver } from '../scripts/lib/otlp-receiver.mjs';
import { serverEntryArguments } from '../scripts/lib/server-start.mjs';
import { buildAll, root } from '../scripts/lib/workspace.mjs';
import { haproxyConfig } from './haproxy-config.ts';
import { pgbouncerConfig } from './pgbouncer-config.ts';

export type Pooler = 'pgbouncer';

export type ClusterOptions = {
  instances?: number;
  /** Extra variables for every app instance. */
  appEnv?: Record<string, string>;
  /** The Redis logical database this cluster owns (flushed at start). */
  redisDatabase?: number;
  /** Print the processes' output (else kept for failures only). */
  verbose?: boolean;
  /**
   * 'pgbouncer': the instances' DATABASE_URL is PgBouncer in transaction mode, their DATABASE_DIRECT_URL
   * (migrations, LISTEN) PostgreSQL itself. Default: CLUSTER_POOLER; unset, PostgreSQL directly.
   */
  pooler?: Pooler;
  /**
   * Run an OpenTelemetry collector (an OTLP/HTTP receiver, scripts/lib/otlp-receiver.mjs) and have
   * every instance export its traces to it (docs/tracing.md). Off: the instances do not trace.
   */
  collector?: boolean;
};

export type AppInstance = {
  name: string;
  port: number;
  /** The instance itself, bypassing the balancer: for /metrics, /readyz and fault injection. */
  origin: string;
  process: ChildProcess;
  /** Sends a signal (SIGTERM drains, SIGKILL dies) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again on the same port (after a stop). */
  start(): Promise<void>;
};

const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisServer = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** CLUSTER_POOLER: empty or `pgbouncer`; anything else is a mistake, said before anything starts. */
function poolerFromEnvironment(): Pooler | undefined {
  const value = process.env.CLUSTER_POOLER?.trim();
  if (!value) return undefined;
  if (value === 'pgbouncer') return value;
  throw new Error(`CLUSTER_POOLER=${value}: the one pooler the cluster runs is pgbouncer (or unset: none)`);
}

/** PgBouncer refuses to run as root: as root it reads its configuration, then becomes this user. */
const pgbouncerUser = 'nobody';
/** PgBouncer's server connections to PostgreSQL; fewer than the instances' pools hold (3 × 10). */
const pgbouncerPoolSize = 10;

export const clusterIdentity = {
  clientId: 'cluster-web-client',
  audience: 'https://api.cluster.test',
  connection: 'Username-Password-Authentication',
  managementClientId: 'cluster-m2m',
};
export const clusterPrices = {
  starter: 'price_1ClusterStarter',
  pro: 'price_1ClusterPro',
  business: 'price_1ClusterBusiness',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

type Child = { name: string; process: ChildProcess; output: () => string };

function startChild(name: string, args: string[], env: Record<string, string>, verbose: boolean): Child {
  const child = spawn(args[0] as string, args.slice(1), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (verbose) process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { name, process: child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Polls `url` (an instance's own http address) until it answers 2xx. */
/**
 * An emulator (`emulators/<name>`) on `port` of loopback, serving https with the cluster's certificate and
 * trusting it for the calls it makes itself (the payment emulator's webhooks go through the balancer).
 */
function startEmulator(
  name: 'identity' | 'payments',
  port: number,
  certificate: SelfSignedCertificate,
  verbose: boolean,
  variables: Record<string, string>,
): Child {
  const prefix = name.toUpperCase();
  const env = {
    EMULATOR_TLS_CERT_FILE: certificate.certFile,
    EMULATOR_TLS_KEY_FILE: certificate.keyFile,
    [`${prefix}_PORT`]: String(port),
    [`${prefix}_HOST`]: '127.0.0.1',
    LOG_LEVEL: 'info',
    NODE_EXTRA_CA_CERTS: certificate.certFile,
    ...variables,
  };
  return startChild(name, [process.execPath, `emulators/${name}/src/server.ts`], env, verbose);
}

async function waitForOk(url: string, child: Child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.process.exitCode}:\n${child.output()}`);
    }
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

async function waitForOutput(child: Child, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(child.output())) {
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${child.name} did not become ready:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POSTs JSON over https trusting `ca`; throws on a non-2xx answer. */
function postJson(url: string, body: unknown, ca: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      { method: 'POST', ca, headers: { 'Content-Type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(JSON.parse(text || '{}'));
          else reject(new Error(`${url} answered ${status}: ${text}`));
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Waits until the balancer answers over TLS with a ready instance behind it. */
async function waitForBalancer(url: string, ca: string, child: Child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const status = () =>
    new Promise<number>((resolve) => {
      https
        .get(url, { ca }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', () => resolve(0));
    });
  while ((await status()) !== 200) {
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the balancer did not serve ${url}:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts PgBouncer in front of `databaseUrl` and resolves with the URL the instances use instead. */
async function startPgbouncer(databaseUrl: URL, dir: string, verbose: boolean, children: Child[]) {
  const port = await freePort();
  const configFile = path.join(dir, 'pgbouncer.ini');
  const name = decodeURIComponent(databaseUrl.pathname.slice(1));
  await writeFile(
    configFile,
    pgbouncerConfig({
      listenPort: port,
      database: {
        name,
        host: databaseUrl.hostname || '127.0.0.1',
        port: Number(databaseUrl.port || 5432),
        user: decodeURIComponent(databaseUrl.username) || os.userInfo().username,
        password: decodeURIComponent(databaseUrl.password) || undefined,
      },
      poolSize: pgbouncerPoolSize,
    }),
  );
  const asRoot = process.getuid?.() === 0 ? ['-u', pgbouncerUser] : [];
  const child = startChild('pgbouncer', ['/usr/sbin/pgbouncer', ...asRoot, configFile], {}, verbose);
  children.push(child);
  await waitForOutput(child, /process up/);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  // The admin console: SHOW POOLS, SHOW STATS, SHOW SERVERS (the simple query protocol only).
  const adminUrl = new URL(`postgres://pgbouncer@127.0.0.1:${port}/pgbouncer`);
  return { url: url.toString(), adminUrl: adminUrl.toString(), database: name };
}

export async function startCluster(options: ClusterOptions = {}) {
  const instanceCount = options.instances ?? 3;
  const verbose = options.verbose ?? false;
  const pooler = options.pooler ?? poolerFromEnvironment();
  ensureDebianPackage({ binary: '/usr/sbin/haproxy', name: 'haproxy' });
  if (pooler === 'pgbouncer') ensureDebianPackage({ binary: '/usr/sbin/pgbouncer', name: 'pgbouncer' });
  await buildAll(buildIfStale);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'cluster-'));
  const collector = options.collector ? await startOtlpReceiver() : undefined;
  const certificate: SelfSignedCertificate = await createSelfSignedCertificate();
  const children: Child[] = [];
  const [balancerPort, plainPort, identityPort, paymentsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const origin = `https://localhost:${balancerPort}`;
  const identityOrigin = `https://localhost:${identityPort}`;
  const paymentsOrigin = `https://localhost:${paymentsPort}`;
  const managementSecret = randomBytes(24).toString('hex');
  const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;

  const databaseName = `cluster_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${databaseName}"`);
  const databaseUrl = new URL(postgresServer);
  databaseUrl.pathname = `/${databaseName}`;
  const redisUrl = new URL(redisServer);
  redisUrl.pathname = `/${options.redisDatabase ?? 7}`;
  await flushRedis(redisUrl.toString());

  const stopAll = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.process.exitCode === null && child.process.signalCode === null) {
          child.process.kill('SIGKILL');
          await exited(child.process);
        }
      }),
    );
    await collector?.stop();
  };

  try {
    const identity = startEmulator('identity', identityPort, certificate, verbose, {
      DATA_DIR: dir,
      IDENTITY_DATA_DIR: path.join(dir, 'identity'),
      IDENTITY_WEB_ORIGINS: origin,
      AUTH0_CLIENT_ID: clusterIdentity.clientId,
      AUTH0_AUDIENCE: clusterIdentity.audience,
      AUTH0_MANAGEMENT_CLIENT_ID: clusterIdentity.managementClientId,
      AUTH0_MANAGEMENT_CLIENT_SECRET: managementSecret,
    });
    children.push(identity);
    const payments = startEmulator('payments', paymentsPort, certificate, verbose, {
      PAYMENTS_DATA_DIR: path.join(dir, 'payments'),
      STRIPE_SECRET_KEY: stripeKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_WEBHOOK_URL: `${origin}/api/stripe-webhook`,
      STRIPE_PRICE_STARTER: clusterPrices.starter,
      STRIPE_PRICE_PRO: clusterPrices.pro,
      STRIPE_PRICE_BUSINESS: clusterPrices.business,
      PAYMENTS_WEBHOOK_RETRY_BASE_MS: '500',
    });
    children.push(payments);

    const pgbouncer =
      pooler === 'pgbouncer' ? await startPgbouncer(databaseUrl, dir, verbose, children) : undefined;

    const appEnvironment = {
      NODE_ENV: 'production',
      // A staging deployment: served as https://localhost, paid with the emulator's test-mode keys.
      STAGING: 'true',
      NODE_EXTRA_CA_CERTS: certificate.certFile,
      HOST: '127.0.0.1',
      // Each request's lines (kept, printed on a failure): the trace test finds its trace id in them.
      LOG_LEVEL: 'info',
      ...(pgbouncer
        ? { DATABASE_URL: pgbouncer.url, DATABASE_DIRECT_URL: databaseUrl.toString() }
        : { DATABASE_URL: databaseUrl.toString() }),
      REDIS_URL: redisUrl.toString(),
      // HAProxy on this machine (loopback) is the one hop allowed to say who the client is.
      TRUST_PROXY: '1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Launchkit <no-reply@cluster.test>',
      CONTACT_INBOX: 'owner@cluster.test',
      VITE_SITE_URL: origin,
      AUTH0_DOMAIN: `localhost:${identityPort}`,
      AUTH0_CLIENT_ID: clusterIdentity.clientId,
      AUTH0_AUDIENCE: clusterIdentity.audience,
      AUTH0_MANAGEMENT_CLIENT_ID: clusterIdentity.managementClientId,
      AUTH0_MANAGEMENT_CLIENT_SECRET: managementSecret,
      STRIPE_SECRET_KEY: stripeKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: paymentsOrigin,
      STRIPE_PRICE_STARTER: clusterPrices.starter,
      STRIPE_PRICE_PRO: clusterPrices.pro,
      STRIPE_PRICE_BUSINESS: clusterPrices.business,
      ...(collector && {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        // JSON, which the test's collector reads (the SDK's default is protobuf), sent every 200 ms.
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
      ...options.appEnv,
    };

    const instances: AppInstance[] = [];
    for (let index = 1; index <= instanceCount; index += 1) {
      const port = await freePort();
      const name = `app${index}`;
      const instance: AppInstance = {
        name,
        port,
        origin: `http://127.0.0.1:${port}`,
        process: undefined as unknown as ChildProcess,
        async stop(signal = 'SIGTERM') {
          if (instance.process.exitCode !== null || instance.process.signalCode !== null) {
            return instance.process.exitCode;
          }
          instance.process.kill(signal);
          return exited(instance.process);
        },
        async start() {
          const child = startChild(
            name,
            [process.execPath, ...serverEntryArguments],
            {
              ...appEnvironment,
              PORT: String(port),
              INSTANCE_NAME: name,
              ...(collector && { OTEL_RESOURCE_ATTRIBUTES: `service.instance.id=${name}` }),
            },
            verbose,
          );
          children.push(child);
          instance.process = child.process;
          await waitForOk(`${instance.origin}/readyz`, child);
        },
      };
      instances.push(instance);
    }

    const certificateBundle = path.join(dir, 'haproxy.pem');
    await writeFile(certificateBundle, `${certificate.cert}\n${await readFile(certificate.keyFile, 'utf8')}`);
    const configFile = path.join(dir, 'haproxy.cfg');
    await writeFile(
      configFile,
      haproxyConfig({
        bind: `127.0.0.1:${balancerPort}`,
        plainBind: `127.0.0.1:${plainPort}`,
        certificateBundle,
        servers: instances.map((instance) => ({
          name: instance.name,
          address: `127.0.0.1:${instance.port}`,
        })),
      }),
    );

    // Cold start: every instance at the same moment on the empty database (migrations under a lock).
    await Promise.all([
      waitForOutput(identity, /identity emulator ready/),
      waitForOutput(payments, /payments emulator ready/),
    ]);
    await Promise.all(instances.map((instance) => instance.start()));
    const balancer = startChild('haproxy', ['/usr/sbin/haproxy', '-f', configFile, '-db'], {}, verbose);
    children.push(balancer);
    await waitForBalancer(`${origin}/readyz`, certificate.cert, balancer);

    return {
      origin,
      /** The same balancer over plain http on loopback, for benchmark clients (no certificate to trust). */
      plainOrigin: `http://127.0.0.1:${plainPort}`,
      identityOrigin,
      paymentsOrigin,
      certificate,
      instances,
      /** PostgreSQL itself, whatever the instances' DATABASE_URL is. */
      databaseUrl: databaseUrl.toString(),
      /** With a pooler: the instances' DATABASE_URL, and PgBouncer's admin console. */
      pooler: pgbouncer && {
        kind: pooler as Pooler,
        url: pgbouncer.url,
        adminUrl: pgbouncer.adminUrl,
        database: pgbouncer.database,
      },
      /** A new person at the identity provider and their access token (password grant, over https). */
      async newUser(label = 'person') {
        const email = `${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
        const password = 'Correct-horse-9';
        const common = { client_id: clusterIdentity.clientId, connection: clusterIdentity.connection };
        await postJson(
          `${identityOrigin}/dbconnections/signup`,
          { ...common, email, password },
          certificate.cert,
        );
        const token = await postJson(
          `${identityOrigin}/oauth/token`,
          {
            grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
            realm: clusterIdentity.connection,
            client_id: clusterIdentity.clientId,
            audience: clusterIdentity.audience,
            scope: 'openid profile email',
            username: email,
            password,
          },
          certificate.cert,
        );
        return { email, accessToken: token.access_token as string };
      },
      /**
       * Puts the person's workspace on the business plan, as its webhook would write it, for a test whose
       * writes go past the free plan's changes a minute (docs/limits.md). Their record must exist.
       */
      async grantBusinessPlan(accessToken: string) {
        const uid = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sub;
        const client = new pg.Client({ connectionString: databaseUrl.toString() });
        await client.connect();
        try {
          await client.query(
            `update users set stripe_price_id = $2, stripe_subscription_status = 'active' where id = $1`,
            [uid, clusterPrices.business],
          );
        } finally {
          await client.end();
        }
      },
      redisUrl: redisUrl.toString(),
      balancerPort,
      /** With `collector`: the spans the instances exported. */
      collector,
      /** The output of every process so far, for a failing test's report. */
      output: () => children.map((child) => `--- ${child.name}\n${child.output()}`).join('\n'),
      async stop() {
        await stopAll();
        await adminQuery(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
        await rm(certificate.dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    await adminQuery(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    throw error;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** FLUSHDB over a raw RESP connection: the cluster owns its logical database. */
async function flushRedis(url: string) {
  const { default: net } = await import('node:net');
  const target = new URL(url);
  const databaseIndex = target.pathname.slice(1) || '0';
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(target.port || 6379), target.hostname, () => {
      socket.write(`SELECT ${databaseIndex}\r\nFLUSHDB\r\nQUIT\r\n`);
    });
    socket.on('data', () => {});
    socket.on('end', () => resolve());
    socket.on('error', reject);
  });
}
