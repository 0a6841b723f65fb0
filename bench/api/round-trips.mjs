// Round trips to PostgreSQL per request, endpoint by endpoint: the product on its own database behind a
// counting proxy (bench/lib/round-trip-counter.mjs), an owner and a member of the owner's workspace,
// each request repeated and the count averaged. Nothing else of the product's talks to the database
// meanwhile (no stream is open, so the listening connection stays quiet) but the job queue, whose
// polling the counter tells apart by its statements (they name its schema) and reports on its own.
import pg from 'pg';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { newSignedInUser, requestJson } from '../lib/identity.mjs';
import { startRoundTripCounter } from '../lib/round-trip-counter.mjs';

const repeats = 20;
const subjectOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url')).sub;

/**
 * A member with a seat in the owner's workspace, written as accepting an invitation leaves it; the
 * owner on the business plan, whose changes a minute (docs/limits.md) the repeated writes stay within.
 */
async function addMember(databaseUrl, owner, member) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update users set quantity = 1, stripe_price_id = 'price_business_monthly',
       stripe_subscription_status = 'active' where id = $1`,
      [subjectOf(owner.token)],
    );
    await client.query(
      `insert into sub_users (owner, email, first_name, last_name, member_id, joined_at)
       values ($1, $2, 'Bench', 'Member', $3, now())`,
      [subjectOf(owner.token), member.email, subjectOf(member.token)],
    );
  } finally {
    await client.end();
  }
}

/** `{ endpoint: round trips per request }` for the workspace API's endpoints. */
export async function roundTripsPerRequest(databaseUrl) {
  const counter = await startRoundTripCounter(databaseUrl);
  const product = await startProduct({ DATABASE_URL: counter.url });
  try {
    const api = (path, options) => requestJson(`${product.origin}${path}`, options);
    const owner = await newSignedInUser(product.origin, 'rt-owner');
    const member = await newSignedInUser(product.origin, 'rt-member');
    for (const person of [owner, member]) await api('/api/items', { token: person.token }); // their records
    await addMember(databaseUrl, owner, member);
    const workspace = `?workspace=${encodeURIComponent(subjectOf(owner.token))}`;
    const create = (person, query = '') =>
      api(`/api/items${query}`, { method: 'POST', token: person.token, body: { name: 'Round trip' } });
    const { data: kept } = await create(owner);
    const doomed = [];

    const cases = {
      'GET /api/items (owner)': () => api('/api/items', { token: owner.token }),
      'GET /api/items?workspace= (member)': () => api(`/api/items${workspace}`, { token: member.token }),
      'GET /api/items/:id': () => api(`/api/items/${kept.id}`, { token: owner.token }),
      'POST /api/items (owner)': async () => doomed.push((await create(owner)).data.id),
      'POST /api/items?workspace= (member)': () => create(member, workspace),
      'PATCH /api/items/:id': () =>
        api(`/api/items/${kept.id}`, { method: 'PATCH', token: owner.token, body: { name: 'Renamed' } }),
      'DELETE /api/items/:id': () =>
        api(`/api/items/${doomed.pop()}`, { method: 'DELETE', token: owner.token }),
      'GET /api/sub-users': () => api('/api/sub-users', { token: owner.token }),
      'GET /api/workspaces': () => api('/api/workspaces', { token: member.token }),
      'GET /api/activity': () => api('/api/activity', { token: owner.token }),
      'GET /api/user': () => api('/api/user', { token: owner.token }),
    };
    const perRequest = {};
    for (const [endpoint, call] of Object.entries(cases)) {
      await call(); // warm: prepared statements, pool connections
      const before = counter.roundTrips;
      const backgroundBefore = counter.backgroundRoundTrips;
      for (let index = 0; index < repeats; index += 1) await call();
      perRequest[endpoint] = {
        'round trips': (counter.roundTrips - before) / repeats,
        // The job queue polling meanwhile (not the request's): what the count included until 2026-11-28.
        'job queue meanwhile': (counter.backgroundRoundTrips - backgroundBefore) / repeats,
      };
    }
    return perRequest;
  } finally {
    await product.stop();
    await counter.stop();
  }
}
