import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Item } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { items, users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { startTestApp } from '#api/test/test-app.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity();
const { newUser } = suite;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, token: string | undefined, payload?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return suite.testApp.app.inject({
    method,
    url,
    headers,
    payload:
      payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function createItem(person: TestUser, name: string) {
  const response = await call('POST', '/api/items', person.token, { name });
  expect(response.statusCode).toBe(201);
  return response.json().data as Item;
}

describe('items of the signed-in user', () => {
  it('creates, lists newest first, reads, renames and deletes', async () => {
    const person = await newUser();
    const first = await createItem(person, '  First item  ');
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'First item',
      owner: person.uid,
      featured: false,
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(first.createdAt) - Date.now())).toBeLessThan(10_000);
    const second = await createItem(person, 'Second item');

    const list = await call('GET', '/api/items', person.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ status: 'success', data: [second, first] });

    expect((await call('GET', `/api/items/${first.id}`, person.token)).json().data).toEqual(first);

    const renamed = await call('PATCH', `/api/items/${first.id}`, person.token, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ ...first, name: 'Renamed' });

    // The web app's helper (docs/product.md §7) sends a JSON content type on every call, a bodiless
    // DELETE included.
    const deleted = await suite.testApp.app.inject({
      method: 'DELETE',
      url: `/api/items/${first.id}`,
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', data: { id: first.id } });
    expect((await call('GET', `/api/items/${first.id}`, person.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/items', person.token)).json().data).toEqual([second]);
    expect((await call('DELETE', `/api/items/${second.id}`, person.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/items/${second.id}`, person.token)).statusCode).toBe(404);
  });

  it('answers a large list from what it read while the list is unchanged, and anew after any change', async () => {
    const person = await newUser();
    await call('GET', '/api/items', person.token); // their user record
    const { db } = suite.testApp;
    await db
      .insert(items)
      .values(Array.from({ length: 120 }, (_, index) => ({ owner: person.uid, name: `Item ${index}` })));
    const names = async () =>
      ((await call('GET', '/api/items', person.token)).json().data as { name: string }[]).map(
        (item) => item.name,
      );
    expect(await names()).toHaveLength(120);
    // A change the version does not see (its trigger off) does not reach the list: the kept answer is served.
    await db.execute(sql`alter table items disable trigger items_version_list`);
    await db.delete(items).where(eq(items.name, 'Item 0'));
    await db.execute(sql`alter table items enable trigger items_version_list`);
    expect(await names()).toHaveLength(120);
    // Any counted change, even typed by hand, is read anew.
    await db.update(items).set({ name: 'Renamed by hand' }).where(eq(items.name, 'Item 1'));
    const after = await names();
    expect(after).toHaveLength(119);
    expect(after).toContain('Renamed by hand');
    expect(after).not.toContain('Item 0');
  });

  it('sends a kept list compressed as the request accepts it, the same list in every encoding', async () => {
    const person = await newUser();
    await call('GET', '/api/items', person.token); // their user record
    await suite.testApp.db
      .insert(items)
      .values(Array.from({ length: 150 }, (_, index) => ({ owner: person.uid, name: `Item ${index}` })));
    const read = (acceptEncoding?: string) =>
      suite.testApp.app.inject({
        method: 'GET',
        url: '/api/items',
        headers: {
          authorization: `Bearer ${person.token}`,
          ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
        },
      });
    const plain = await read(); // read now, and kept
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(150);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await read(acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decoders[encoding](answer.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
    expect((await read('identity')).rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('creates the user document on the first call, for a list as for a write', async () => {
    const reader = await newUser();
    const list = await call('GET', '/api/items', reader.token);
    expect(list.json()).toEqual({ status: 'success', data: [] });
    expect(await suite.testApp.db.select().from(users).where(eq(users.id, reader.uid))).toHaveLength(1);

    const writer = await newUser();
    await createItem(writer, 'Before any other call');
    const [row] = await suite.testApp.db.select().from(users).where(eq(users.id, writer.uid));
    expect(row?.email).toBe(writer.email);
  });

  it('never shows, changes or deletes another user’s item: 404 for every id not the caller’s', async () => {
    const [owner, intruder] = [await newUser(), await newUser()];
    const item = await createItem(owner, 'Private');
    await createItem(intruder, 'Mine');
    // Even a business plan does not reach someone else's items.
    await setPlan(suite.testApp.db, intruder.uid, {
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: 'active',
    });

    const attempts: [Method, unknown][] = [
      ['GET', undefined],
      ['PATCH', { name: 'Hijacked' }],
      ['PATCH', { featured: true }],
      ['PATCH', { featured: false }],
      ['DELETE', undefined],
    ];
    for (const [method, payload] of attempts) {
      const response = await call(method, `/api/items/${item.id}`, intruder.token, payload);
      expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(404);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'not_found',
        message: 'There is no such item. It may have been deleted.',
      });
      expect(response.body).not.toContain('Private');
    }
    // The same refusal without a plan: a 404, not the upgrade message that would confirm the id exists.
    const planless = await newUser();
    expect(
      (await call('PATCH', `/api/items/${item.id}`, planless.token, { featured: true })).statusCode,
    ).toBe(404);

    const list = (await call('GET', '/api/items', intruder.token)).json().data as { name: string }[];
    expect(list.map((each) => each.name)).toEqual(['Mine']);
    const [stored] = await suite.testApp.db.select().from(items).where(eq(items.id, item.id));
    expect(stored).toMatchObject({ name: 'Private', featured: false, owner: owner.uid });
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000', '1', "1' or '1'='1", '%00'])(
    'answers 404 for the id %j on every method',
    async (id) => {
      const person = await newUser();
      const url = `/api/items/${encodeURIComponent(id)}`;
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { name: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, url, person.token, payload);
        expect(response.statusCode, method).toBe(404);
        expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
      }
    },
  );

  it('needs a valid token on every endpoint', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/items'],
      ['POST', '/api/items'],
      ['GET', `/api/items/${someId}`],
      ['PATCH', `/api/items/${someId}`],
      ['DELETE', `/api/items/${someId}`],
      ['GET', '/api/items/stream'],
    ] as const) {
      for (const token of [undefined, 'not-a-token']) {
        const response = await call(
          method,
          url,
          token,
          method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined,
        );
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ status: 'error', code: 'auth/invalid-user-token' });
      }
    }
  });
});

describe('bad item bodies', () => {
  let person: TestUser;
  let itemId: string;
  beforeAll(async () => {
    person = await newUser();
    itemId = (await createItem(person, 'Untouched')).id;
  });

  const invalid: [string, unknown, string | undefined][] = [
    ['an empty name', { name: '' }, 'Please enter a name'],
    ['a blank name', { name: '   \n\t ' }, 'Please enter a name'],
    [
      'a name over 200 characters',
      { name: 'x'.repeat(201) },
      'The name is too long (200 characters at most).',
    ],
    ['no name', {}, 'Please enter a name'],
    ['a number for a name', { name: 42 }, 'The name must be text.'],
    ['null for a name', { name: null }, 'The name must be text.'],
    ['an extra key', { name: 'Fine', owner: 'auth0|someone-else' }, undefined],
    ['a JSON array', [], undefined],
    ['a JSON string', 'just a string', undefined],
  ];

  it.each(invalid)('POST refuses %s with 400 validation_failed', async (_label, payload, message) => {
    const response = await call('POST', '/api/items', person.token, JSON.stringify(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    if (message) expect(response.json().message).toBe(message);
  });

  it.each([
    ...invalid,
    ['name and featured together', { name: 'Both', featured: true }, undefined],
    ['a string for featured', { featured: 'true' }, 'featured must be true or false.'],
    ['a created time', { createdAt: '2000-01-01T00:00:00.000Z' }, undefined],
  ] as [string, unknown, string | undefined][])(
    'PATCH refuses %s with 400 validation_failed and changes nothing',
    async (_label, payload, message) => {
      const response = await call('PATCH', `/api/items/${itemId}`, person.token, JSON.stringify(payload));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
      if (message) expect(response.json().message).toBe(message);
      expect((await call('GET', `/api/items/${itemId}`, person.token)).json().data).toMatchObject({
        name: 'Untouched',
        featured: false,
      });
    },
  );

  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const [method, url] of [
      ['POST', '/api/items'],
      ['PATCH', `/api/items/${itemId}`],
    ] as const) {
      const response = await call(method, url, person.token, '{"name": ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_json' });
    }
  });

  it('accepts a name of exactly 200 characters', async () => {
    expect((await createItem(person, 'y'.repeat(200))).name).toHaveLength(200);
  });
});

describe('featuring items', () => {
  const upgradeMessage = 'You must upgrade to the organization plan to use this feature';

  async function personWithPlan(plan: { stripePriceId?: string; stripeSubscriptionStatus?: string }) {
    const person = await newUser();
    const item = await createItem(person, 'To feature');
    await setPlan(suite.testApp.db, person.uid, plan);
    return { person, item };
  }

  it.each([
    ['no plan', {}],
    ['the pro plan, active', { stripePriceId: 'price_pro_monthly', stripeSubscriptionStatus: 'active' }],
    [
      'the starter plan, trialing',
      { stripePriceId: 'price_starter_monthly', stripeSubscriptionStatus: 'trialing' },
    ],
    [
      'the business plan, canceled',
      { stripePriceId: 'price_business_monthly', stripeSubscriptionStatus: 'canceled' },
    ],
    [
      'the business plan, unpaid (the provider gave up)',
      { stripePriceId: 'price_business_monthly', stripeSubscriptionStatus: 'unpaid' },
    ],
    ['an unknown price, active', { stripePriceId: 'price_other', stripeSubscriptionStatus: 'active' }],
  ])('refuses with %s', async (_label, plan) => {
    const { person, item } = await personWithPlan(plan);
    const response = await call('PATCH', `/api/items/${item.id}`, person.token, { featured: true });
    expectErrorEnvelope(response, 403, 'plan/upgrade-required', upgradeMessage);
    expect((await call('GET', `/api/items/${item.id}`, person.token)).json().data.featured).toBe(false);
  });

  it.each([
    ['active', 'active'],
    ['trialing', 'trialing'],
    ['past due (its payment retried: decision 0030)', 'past_due'],
  ])('allows the business plan while %s, and taking the mark off', async (_label, status) => {
    const { person, item } = await personWithPlan({
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: status,
    });
    const featured = await call('PATCH', `/api/items/${item.id}`, person.token, { featured: true });
    expect(featured.statusCode).toBe(200);
    expect(featured.json().data).toEqual({ ...item, featured: true });
    const unfeatured = await call('PATCH', `/api/items/${item.id}`, person.token, { featured: false });
    expect(unfeatured.json().data.featured).toBe(false);
  });

  it('lets a user whose plan lapsed take the mark off, but not put it back', async () => {
    const { person, item } = await personWithPlan({
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: 'active',
    });
    await call('PATCH', `/api/items/${item.id}`, person.token, { featured: true });
    await setPlan(suite.testApp.db, person.uid, { stripeSubscriptionStatus: 'canceled' });
    expect((await call('PATCH', `/api/items/${item.id}`, person.token, { featured: false })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/api/items/${item.id}`, person.token, { featured: true })).statusCode).toBe(
      403,
    );
  });

  it('follows the configured price ids', async () => {
    const custom = await startTestApp({ ...suite.identity.appEnv, STRIPE_PRICE_BUSINESS: 'price_org_2024' });
    try {
      const person = await newUser();
      const created = await custom.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { authorization: `Bearer ${person.token}` },
        payload: { name: 'Custom catalogue' },
      });
      await setPlan(custom.db, person.uid, {
        stripePriceId: 'price_org_2024',
        stripeSubscriptionStatus: 'active',
      });
      const response = await custom.app.inject({
        method: 'PATCH',
        url: `/api/items/${created.json().data.id}`,
        headers: { authorization: `Bearer ${person.token}` },
        payload: { featured: true },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await custom.close();
    }
  });
});
