// `npm run bench:workspaces`: a workspace at the caps beside a small one (docs/capacity.md).
// One product instance on PostgreSQL. Four people sign up through the identity emulator: the owners of a
// large and of a small workspace, and a member of each. Then the database is seeded directly, in bulk
// SQL: the large workspace gets 1,000 items (the cap, BENCH_LARGE_ITEMS), 200 members (BENCH_LARGE_MEMBERS)
// and 40% of 1,000,000 activity entries (BENCH_ACTIVITY_ROWS); the rest of the log goes to 2,000 other
// workspaces with a few items and members each, so the large one is among many, as in production; the
// small one has 5 items, 3 members and 60 entries. Then each read is loaded for BENCH_DURATION seconds
// (5), small then large: the dashboard's items list (as the owner, and as a member, which adds the
// membership check), the member list, the activity log's first page and a page deep in it (by cursor).
// Each is loaded twice: as fast as it answers (req/s, the server's CPU per request) and at a steady
// BENCH_RATE (100) requests a second, 1,000 of them evenly spaced (bench/lib/paced-load.mjs) in rounds that
// alternate with the other size, where p50/p99 latency and the large/small p99 ratio (goal ≤ 2×) are taken. Asserts nothing. The clients (autocannon when
// saturating) run in this process, on the same machine, and ask for compressed answers as a browser does.
import autocannon from 'autocannon';
import pg from 'pg';
import { encodeActivityCursor } from '../../apps/api/src/activity/activity-cursor.ts';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { cpuSeconds, pidListeningOn } from '../api/process-cpu.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { pacedLoad } from '../lib/paced-load.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';

const activityRows = Number(process.env.BENCH_ACTIVITY_ROWS ?? 1_000_000);
const large = {
  items: Number(process.env.BENCH_LARGE_ITEMS ?? 1_000),
  members: Number(process.env.BENCH_LARGE_MEMBERS ?? 200),
  activity: Math.round(activityRows * 0.4),
};
// 60 entries: its first page and its page by cursor are full pages (50), as the large one's are.
const small = { items: 5, members: 3, activity: 60 };
const otherWorkspaces = 2_000;
const perOther = { items: 10, members: 2 };
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const warmUpSeconds = 2;
const connections = 10;
const steadyRate = Number(process.env.BENCH_RATE ?? 100);
// Enough answers at the steady rate that p99 is the 10th slowest, not one stray pause.
const steadyRequests = 1_000;
const steadyRounds = 4;
const goal = 2;

/** A signed-in browser's request headers: its token, and the encodings Chrome accepts over HTTPS. */
const browserHeaders = (token) => ({
  authorization: `Bearer ${token}`,
  'accept-encoding': 'gzip, deflate, br, zstd',
});

/**
 * The seed, in one transaction of bulk statements. `bench|…` uids are people who never sign in; the
 * four who do are the signed-up ones. Rows of all workspaces are interleaved, as time writes them.
 */
async function seed(client, people) {
  const spread = (share, total) =>
    `(n::bigint * ${share}) / ${total} > ((n::bigint - 1) * ${share}) / ${total}`;
  const otherOwner = `'bench|other-' || (n % ${otherWorkspaces} + 1)`;
  const year = 365 * 24 * 3600;
  const statements = [
    `update users set quantity = ${large.members} where id = '${people.largeOwner.uid}'`,
    `update users set quantity = ${small.members} where id = '${people.smallOwner.uid}'`,
    `insert into users (id, email, quantity)
       select 'bench|other-' || n, 'other-' || n || '@example.com', ${perOther.members}
       from generate_series(1, ${otherWorkspaces}) n`,
    `insert into users (id, email)
       select 'bench|member-' || n, 'member-' || n || '@example.com'
       from generate_series(1, ${large.members + small.members + otherWorkspaces * perOther.members}) n`,
    // Members: the signed-up member of each workspace first (the oldest, so always within the seats).
    `insert into sub_users (owner, email, first_name, last_name, created_at, member_id, joined_at)
       values ('${people.largeOwner.uid}', '${people.largeMember.email}', 'Large', 'Member', now() - interval '2 years',
               '${people.largeMember.uid}', now() - interval '2 years'),
              ('${people.smallOwner.uid}', '${people.smallMember.email}', 'Small', 'Member', now() - interval '2 years',
               '${people.smallMember.uid}', now() - interval '2 years')`,
    `insert into sub_users (owner, email, first_name, last_name, created_at, member_id, joined_at,
                            invitation_token_hash, invitation_expires_at)
       select case when n < ${large.members} then '${people.largeOwner.uid}'
                   when n < ${large.members + small.members - 1} then '${people.smallOwner.uid}'
                   else ${otherOwner} end,
              'member-' || n || '@example.com', 'Ada', 'Lovelace', now() - n * interval '1 minute',
              'bench|member-' || n, now() - n * interval '1 minute',
              encode(sha256(('bench-token-' || n)::bytea), 'hex'), now() + interval '7 days'
       from generate_series(1, ${large.members - 1 + small.members - 1 + otherWorkspaces * perOther.members}) n`,
    `insert into items (owner, name, created_at)
       select case when ${spread(large.items, large.items + otherWorkspaces * perOther.items)}
                   then '${people.largeOwner.uid}' else ${otherOwner} end,
              'Item ' || n, now() - n * interval '1 minute'
       from generate_series(1, ${large.items + otherWorkspaces * perOther.items}) n`,
    `insert into items (owner, name, created_at)
       select '${people.smallOwner.uid}', 'Item ' || n, now() - n * interval '1 minute'
       from generate_series(1, ${small.items}) n`,
    // A year of activity, oldest first, one entry every ~30 s of some workspace (at 1,000,000 rows).
    `insert into activity (workspace, actor_id, actor_email, action, subject, previous, created_at)
       select case when ${spread(large.activity, activityRows - small.activity)}
                   then '${people.largeOwner.uid}' else ${otherOwner} end,
              'bench|member-1', 'member-1@example.com', 'item.renamed', 'Item ' || n, 'Old item ' || n,
              now() - (${activityRows} - n) * (${year}.0 / ${activityRows}) * interval '1 second'
       from generate_series(1, ${activityRows - small.activity}) n`,
    `insert into activity (workspace, actor_id, actor_email, action, subject, previous, created_at)
       select '${people.smallOwner.uid}', 'bench|member-1', 'member-1@example.com', 'item.renamed',
              'Item ' || n, 'Old item ' || n, now() - n * interval '1 hour'
       from generate_series(1, ${small.activity}) n`,
  ];
  await client.query('begin');
  for (const statement of statements) await client.query(statement);
  await client.query('commit');
  // As autovacuum would leave a table that has been there a while: statistics and the visibility map.
  await client.query('vacuum analyze users, sub_users, items, activity');
}

/** The cursor of the page after `depth` entries of a workspace's log (the API's own encoding). */
async function cursorAt(client, workspace, depth) {
  const { rows } = await client.query(
    `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt"
     from activity where workspace = $1 order by created_at desc, id desc offset $2 limit 1`,
    [workspace, depth - 1],
  );
  if (!rows[0]) throw new Error(`the log of ${workspace} has fewer than ${depth} entries`);
  return encodeActivityCursor(rows[0]);
}

/**
 * Loads one URL for `duration` seconds as fast as it answers: requests a second, the server's CPU per
 * request, and latency as measured per response (autocannon's own figures are whole ms).
 */
async function saturate(url, token, duration, serverPid) {
  const latencies = [];
  const cpuBefore = cpuSeconds(serverPid);
  const instance = autocannon({ url, connections, duration, headers: browserHeaders(token) });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 200) latencies.push(responseTime);
  });
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  const cpuAfter = cpuSeconds(serverPid);
  return {
    p99: percentile(latencies, 99),
    requestsPerSecond: result.requests.average,
    kibPerAnswer: result.throughput.total / result.requests.total / 1024,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

/**
 * Sends `steadyRequests` to each size's URL at `steadyRate`, evenly spaced, in alternating rounds
 * (small, large, small, …): a slow spell of this shared machine falls on both sizes alike, not on
 * whichever ran at the time. p50/p99 over all of a size's answers.
 */
async function steady(targets) {
  const latencies = { small: [], large: [] };
  for (let round = 0; round < steadyRounds; round += 1) {
    for (const size of ['small', 'large']) {
      const { url, token } = targets[size];
      const result = await pacedLoad({
        url,
        headers: browserHeaders(token),
        rate: steadyRate,
        duration: steadyRequests / steadyRounds / steadyRate,
        connections,
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors at ${steadyRate}/s`,
        );
      }
      latencies[size].push(...result.latencies);
    }
  }
  const figures = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  return { small: figures(latencies.small), large: figures(latencies.large) };
}

const database = await createBenchDatabase('bench_workspaces');
const product = await startProduct({ DATABASE_URL: database.url });
const stops = [product.stop, database.drop];
try {
  const serverPid = pidListeningOn(Number(new URL(product.origin).port));
  const people = {};
  for (const label of ['largeOwner', 'largeMember', 'smallOwner', 'smallMember']) {
    const person = await newSignedInUser(product.origin, `workspaces-${label}`);
    // Their first call creates their user record.
    const { data: user } = await requestJson(`${product.origin}/api/user`, { token: person.token });
    people[label] = { ...person, uid: user.uid };
  }

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let deepCursors;
  try {
    console.log(
      `Seeding ${activityRows.toLocaleString('en-US')} activity entries, ` +
        `${(large.items + small.items + otherWorkspaces * perOther.items).toLocaleString('en-US')} items and ` +
        `${(large.members + small.members + otherWorkspaces * perOther.members).toLocaleString('en-US')} members…`,
    );
    const started = performance.now();
    await seed(client, people);
    console.log(`Seeded in ${round((performance.now() - started) / 1000)} s`);
    deepCursors = {
      large: await cursorAt(client, people.largeOwner.uid, Math.floor(large.activity / 2)),
      small: await cursorAt(client, people.smallOwner.uid, 10),
    };
  } finally {
    await client.end();
  }

  const api = `${product.origin}/api`;
  const workspaceOf = (owner) => `?workspace=${encodeURIComponent(owner.uid)}`;
  const reads = [
    ['GET /api/items (owner)', (size) => [`${api}/items`, people[`${size}Owner`]]],
    [
      'GET /api/items?workspace= (member)',
      (size) => [`${api}/items${workspaceOf(people[`${size}Owner`])}`, people[`${size}Member`]],
    ],
    ['GET /api/sub-users (member list)', (size) => [`${api}/sub-users`, people[`${size}Owner`]]],
    ['GET /api/activity (first page)', (size) => [`${api}/activity`, people[`${size}Owner`]]],
    [
      'GET /api/activity?before= (deep page)',
      (size) => [`${api}/activity?before=${deepCursors[size]}`, people[`${size}Owner`]],
    ],
  ];

  const rows = {};
  const ratios = [];
  for (const [name, target] of reads) {
    const figures = { small: {}, large: {} };
    const targets = {};
    for (const size of ['small', 'large']) {
      const [url, person] = target(size);
      targets[size] = { url, token: person.token };
      // Both sizes answer what they should before they are timed.
      await requestJson(url, { token: person.token });
      await saturate(url, person.token, warmUpSeconds, serverPid);
      figures[size].saturated = await saturate(url, person.token, durationSeconds, serverPid);
    }
    // Latency is compared at the same steady rate, below what either size can serve: at saturation a
    // closed-loop client's latency is only its connections divided by the throughput.
    const latencies = await steady(targets);
    for (const size of ['small', 'large']) figures[size].steady = latencies[size];
    const ratio = figures.large.steady.p99 / figures.small.steady.p99;
    ratios.push(ratio);
    for (const size of ['small', 'large']) {
      const { saturated, steady } = figures[size];
      rows[`${name}, ${size}`] = {
        [`p50 ms @${steadyRate}/s`]: round(steady.p50, 2),
        [`p99 ms @${steadyRate}/s`]: round(steady.p99, 2),
        'p99 ms saturated': round(saturated.p99, 2),
        'req/s saturated': round(saturated.requestsPerSecond, 0),
        'CPU ms/req': saturated.cpuMsPerRequest === undefined ? '–' : round(saturated.cpuMsPerRequest, 3),
        'KiB/answer': round(saturated.kibPerAnswer, 1),
        'p99 large/small': size === 'large' ? `${round(ratio, 2)}×` : '',
      };
    }
  }

  console.log(
    `\nOne instance, PostgreSQL. Large workspace: ${large.items.toLocaleString('en-US')} items, ` +
      `${large.members} members, ${large.activity.toLocaleString('en-US')} of ${activityRows.toLocaleString('en-US')} ` +
      `activity entries (the rest in ${otherWorkspaces.toLocaleString('en-US')} other workspaces); small: ` +
      `${small.items} items, ${small.members} members, ${small.activity} entries. ${connections} connections, ` +
      `${durationSeconds} s as fast as answered (saturated) and ${steadyRequests.toLocaleString('en-US')} requests at ${steadyRate}/s, evenly spaced, ` +
      `in ${steadyRounds} rounds alternating with the other size, each, ` +
      `after ${warmUpSeconds} s of warm-up; the deep page starts ` +
      `${Math.floor(large.activity / 2).toLocaleString('en-US')} entries down the large log (10 down the small one).`,
  );
  console.table(rows);
  const over = reads.filter((_, index) => ratios[index] > goal).map(([name]) => name);
  console.log(
    `goal: p99 large/small ≤ ${goal}× for each read at ${steadyRate}/s; ${over.length === 0 ? 'met' : `over for ${over.join(', ')}`}`,
  );
} finally {
  for (const stop of stops) await stop().catch((error) => console.error(error));
}
