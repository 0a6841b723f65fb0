import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import pg from 'pg';
import { root } from '../scripts/lib/workspace.mjs';
import { type Cluster, startCluster } from './start-cluster.ts';

// Three instances in production mode behind HAProxy, one PostgreSQL, one Redis, the providers over
// https: what a deployment is, on one machine. The tests share one cluster and run in order; the last
// one takes instances down. With CLUSTER_POOLER=pgbouncer (`npm run test:cluster:pgbouncer`) the same
// tests run with PgBouncer in transaction mode between the instances and PostgreSQL, and one more
// checks that their queries do go through it.
test.describe.configure({ mode: 'serial' });

let cluster: Cluster;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({
    collector: true,
    appEnv: {
      RATE_LIMIT_MAX: '5',
      // The fault test writes fast from one user; the per-user write limit has its own API test.
      WRITE_RATE_LIMIT_MAX: '100000',
    },
  });
  api = await playwrightRequest.newContext({ baseURL: cluster.origin, ignoreHTTPSErrors: true });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern.
test.afterAll(async ({}, testInfo) => {
  if (cluster && testInfo.status !== testInfo.expectedStatus) console.log(cluster.output());
  // The cluster stops even when disposing of the request context fails (a trace file gone missing).
  try {
    await api?.dispose();
  } finally {
    await cluster?.stop();
  }
});

/** The rows of one query on a connection of its own (no parameters: PgBouncer's console takes only those). */
async function rowsOf<Row>(connectionString: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The number of live-list streams an instance holds, from its own /metrics. */
async function openStreams(origin: string): Promise<number> {
  const response = await fetch(`${origin}/metrics`).catch(() => undefined);
  if (!response?.ok) return 0;
  const match = /^app_live_streams_open(?:\{[^}]*\})? (\d+)/m.exec(await response.text());
  return Number(match?.[1] ?? 0);
}

async function streamsPerInstance() {
  return Promise.all(cluster.instances.map((instance) => openStreams(instance.origin)));
}

async function openDashboard(browser: Browser, accessToken: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: cluster.origin, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/legal/terms-of-service');
  await page.evaluate((token) => window.localStorage.setItem('auth0_access_token', token), accessToken);
  await page.goto('/dashboard');
  await expect(page.getByTestId('items-empty').or(page.getByTestId('item-row').first())).toBeVisible();
  return page;
}

const itemCount = (page: Page) => page.getByTestId('item-row').count();
const itemNamed = (page: Page, name: string) =>
  page.getByTestId('item-row').getByRole('paragraph').filter({ hasText: name });

async function addItem(page: Page, name: string) {
  const form = page.getByTestId('add-item-form');
  await form.getByLabel('Item name').fill(name);
  await form.getByRole('button', { name: 'Add item' }).click();
}

test('three instances started at once on an empty database all serve, behind the balancer', async () => {
  for (const instance of cluster.instances) {
    const ready = await fetch(`${instance.origin}/readyz`);
    expect(ready.status, instance.name).toBe(200);
  }
  const health = await api.get('/healthz');
  expect(health.ok()).toBeTruthy();
  expect((await api.get('/')).ok()).toBeTruthy();

  // Migrated once: every migration of the journal recorded one time, and no advisory lock left held (a
  // session lock taken through a pooler in transaction mode would stay on some server connection).
  const journal = JSON.parse(readFileSync(path.join(root, 'apps/api/drizzle/meta/_journal.json'), 'utf8'));
  const applied = await rowsOf<{ hash: string }>(
    cluster.databaseUrl,
    'select hash from drizzle.__drizzle_migrations',
  );
  expect(applied).toHaveLength(journal.entries.length);
  expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
  const locks = await rowsOf<{ count: number }>(
    cluster.databaseUrl,
    "select count(*)::int as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
  );
  expect(locks[0]?.count).toBe(0);
});

test('rate limits hold across instances; a forged X-Forwarded-For does not help', async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const response = await api.post('/api/newsletter', {
      headers: { 'X-Forwarded-For': `198.51.100.${attempt}` },
      data: { email: `reader-${attempt}@example.com` },
    });
    statuses.push(response.status());
  }
  // Round robin spread the eight posts over the three instances; the one shared bucket allows five.
  expect(statuses.filter((status) => status < 300)).toHaveLength(5);
  expect(statuses.slice(5)).toEqual([429, 429, 429]);
});

test('two tabs whose streams sit on different instances see each other’s changes', async ({ browser }) => {
  const { accessToken } = await cluster.newUser('tabs');
  const first = await openDashboard(browser, accessToken);
  let second = await openDashboard(browser, accessToken);
  // Round robin usually puts the second stream elsewhere; reopen until it does.
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const counts = await streamsPerInstance();
    if (counts.filter((count) => count > 0).length >= 2) break;
    await second.context().close();
    second = await openDashboard(browser, accessToken);
  }
  expect((await streamsPerInstance()).filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);

  await addItem(first, 'Made in the first tab');
  await expect(itemNamed(second, 'Made in the first tab')).toBeVisible();
  await addItem(second, 'Made in the second tab');
  await expect(itemNamed(first, 'Made in the second tab')).toBeVisible();
  await first.context().close();
  await second.context().close();
});

test('through PgBouncer: the instances’ queries all go through it; only LISTEN reaches PostgreSQL directly', async () => {
  test.skip(!cluster.pooler, 'the PgBouncer variant only (npm run test:cluster:pgbouncer)');
  const pooler = cluster.pooler as NonNullable<Cluster['pooler']>;
  const queriesThroughPooler = async () => {
    const stats = await rowsOf<{ database: string; total_query_count: string }>(
      pooler.adminUrl,
      'SHOW STATS',
    );
    return Number(stats.find((row) => row.database === pooler.database)?.total_query_count ?? 0);
  };

  // PgBouncer counts the queries of the writes and reads made through the balancer (its statistics
  // refresh every second).
  const before = await queriesThroughPooler();
  const { accessToken } = await cluster.newUser('pooled');
  const headers = { Authorization: `Bearer ${accessToken}` };
  for (let index = 0; index < 6; index += 1) {
    const created = await api.post('/api/items', { headers, data: { name: `pooled ${index}` } });
    expect(created.status()).toBe(201);
  }
  const listed = await api.get('/api/items', { headers });
  expect((await listed.json()).data).toHaveLength(6);
  await expect.poll(queriesThroughPooler, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 7);

  // PostgreSQL's side: every session on the database is one of PgBouncer's server connections, or a
  // LISTEN of an instance (the tabs above opened live lists on two of them). An instance whose queries
  // went straight to PostgreSQL would show sessions of its own here. Sessions first, then PgBouncer's
  // list: a server connection opened in between is then in the list.
  await expect(async () => {
    const sessions = await rowsOf<{ pid: number; query: string }>(
      cluster.databaseUrl,
      "select pid, query from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    const servers = await rowsOf<{ database: string; remote_pid: string }>(pooler.adminUrl, 'SHOW SERVERS');
    const pooled = new Set(
      servers
        .filter((server) => server.database === pooler.database)
        .map((server) => Number(server.remote_pid)),
    );
    const direct = sessions.filter((session) => !pooled.has(session.pid));
    expect(pooled.size).toBeGreaterThan(0);
    expect(sessions.filter((session) => pooled.has(session.pid))).toHaveLength(pooled.size);
    expect(direct.length).toBeGreaterThanOrEqual(2);
    for (const session of direct) expect(session.query).toMatch(/^listen "/);
    console.log(
      `pgbouncer: ${(await queriesThroughPooler()) - before} queries counted during the test, ${pooled.size} server connections; ${direct.length} LISTEN sessions direct`,
    );
  }).toPass({ timeout: 10_000 });
});

/** A span as the cluster's collector keeps it (scripts/lib/otlp-receiver.mjs). */
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  scope?: string;
  instance?: string;
};

/** The spans of one trace the instances exported so far. */
function traceOf(traceId: string): Span[] {
  if (!cluster.collector) throw new Error('the cluster runs without its collector');
  return cluster.collector.trace(traceId) as Span[];
}

/** The span and the spans above it, nearest first. */
function lineOf(span: Span, spans: Span[]): Span[] {
  const line = [span];
  for (let parent = span.parentSpanId; parent; ) {
    const above = spans.find((each) => each.spanId === parent);
    if (!above) break;
    line.push(above);
    parent = above.parentSpanId;
  }
  return line;
}

/** An https receiver on loopback with the cluster's certificate: the customer's webhook endpoint. */
async function startHookReceiver() {
  const received: import('node:http').IncomingHttpHeaders[] = [];
  const key = await readFile(cluster.certificate.keyFile, 'utf8');
  const server = https.createServer({ cert: cluster.certificate.cert, key }, (request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.headers);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://localhost:${port}/hooks`, port, received, close: () => server.close() };
}

// Kinds of span (OTLP's enum).
const serverKind = 2;
const clientKind = 3;

test('one request through the balancer is one trace: the instance, PostgreSQL, the job it queued and the webhook it delivered', async () => {
  const receiver = await startHookReceiver();
  try {
    const { accessToken } = await cluster.newUser('traced');
    const headers = { Authorization: `Bearer ${accessToken}` };
    const endpoint = await api.post('/api/webhook-endpoints', {
      headers,
      data: { url: receiver.url, events: ['item.created'] },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);

    // The caller traces (an upstream service): its traceparent passes the balancer and is continued.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const created = await api.post('/api/items', {
      headers: { ...headers, traceparent: `00-${traceId}-${callerSpanId}-01` },
      data: { name: 'Traced item' },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The delivery reached the customer's endpoint carrying the same trace.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(receiver.received[0]?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const isDelivery = (span: Span) =>
      span.kind === clientKind && span.attributes['server.port'] === receiver.port;
    const isRequest = (span: Span) => span.kind === serverKind && span.parentSpanId === callerSpanId;
    // Each instance exports its spans in batches of its own: the request's instance may send after the
    // delivery's.
    await expect
      .poll(() => traceOf(traceId).some(isDelivery) && traceOf(traceId).some(isRequest), { timeout: 15_000 })
      .toBe(true);
    const spans = traceOf(traceId);
    const request = spans.find(isRequest) as Span;
    expect(request, JSON.stringify(spans)).toBeDefined();
    expect(request.name).toBe('POST /api/items');
    expect(['app1', 'app2', 'app3']).toContain(request.instance);
    // Fastify's route, and the queries the request made, under the request.
    const underRequest = (span: Span) => lineOf(span, spans).includes(request);
    expect(spans.some((span) => span.scope === '@fastify/otel' && underRequest(span))).toBe(true);
    const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(queries.some(underRequest)).toBe(true);
    // The delivery job, on whichever instance took it, continues the request's trace; the webhook's
    // POST and the job's own queries are its children.
    const job = spans.find((span) => span.name === 'process webhook-delivery') as Span;
    expect(job, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
    expect(underRequest(job)).toBe(true);
    const delivery = spans.find(isDelivery) as Span;
    expect(lineOf(delivery, spans)).toContain(job);
    expect(queries.some((span) => lineOf(span, spans).includes(job))).toBe(true);
  } finally {
    receiver.close();
  }
});

test('a request without a trace gets one at the balancer; its error answer names it', async () => {
  const response = await api.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  const { traceId } = await response.json();
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  // The instance's span is the child of the balancer's (its span id came in the traceparent).
  await expect
    .poll(() => traceOf(traceId).find((span) => span.kind === serverKind), { timeout: 15_000 })
    .toMatchObject({ parentSpanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
  // And the instance's log lines of that request name the trace (pino's mixin, decision 0051).
  await expect
    .poll(() => cluster.output().includes(`"traceId":"${traceId}"`), { timeout: 15_000 })
    .toBe(true);
});

test('an instance drained and another killed during writes: nothing acknowledged is lost', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { accessToken } = await cluster.newUser('faults');
  const pages = [await openDashboard(browser, accessToken), await openDashboard(browser, accessToken)];
  const headers = { Authorization: `Bearer ${accessToken}` };
  // Writes every 50 ms: past the free plan's changes a minute, which would refuse them before the faults.
  await cluster.grantBusinessPlan(accessToken);
  const user = (await (await api.get('/api/user', { headers })).json()).data;
  expect(user.planId).toBe('business');

  const acknowledged: string[] = [];
  let failures = 0;
  let writing = true;
  const writer = (async () => {
    for (let sequence = 0; writing; sequence += 1) {
      const name = `write ${sequence}`;
      const response = await api.post('/api/items', { headers, data: { name } }).catch(() => undefined);
      if (response?.status() === 201) acknowledged.push(name);
      else failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const [drained, killed] = cluster.instances;
  const drainExit = drained?.stop('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await killed?.stop('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 2500));
  writing = false;
  await writer;
  expect(await drainExit, 'a drained instance exits cleanly').toBe(0);

  const stored = await api.get('/api/items', { headers });
  expect(stored.ok()).toBeTruthy();
  const storedNames = new Set((await stored.json()).data.map((item: { name: string }) => item.name));
  const lost = acknowledged.filter((name) => !storedNames.has(name));
  console.log(
    `faults: ${acknowledged.length} writes acknowledged, ${failures} refused or failed, ${lost.length} lost`,
  );
  expect(acknowledged.length).toBeGreaterThan(20);
  expect(lost).toEqual([]);

  // Both open dashboards converge on the stored list once their streams reconnect to the survivor.
  for (const page of pages) {
    await expect.poll(() => itemCount(page), { timeout: 30_000 }).toBe(storedNames.size);
    await page.context().close();
  }
});
