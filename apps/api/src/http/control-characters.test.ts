import { readOutbox } from '@launchkit/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, items, mails, newsletterSubscriptions, subUsers, users } from '#api/db/schema.ts';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';
import { testPassword } from '#api/test/test-identity-provider.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

// Every string field of every endpoint, sent as an attacker would: control characters that PostgreSQL
// refuses (NUL), that ring or rewrite a terminal (BEL, ESC), that C1-aware software reads as a line
// break (NEL), and half of a UTF-16 pair. None may answer 500, and none may be written anywhere.

let world: BillingWorld;
let attacker: TestUser;
let itemId: string;

beforeAll(async () => {
  // Enough requests for every case without meeting the per-IP limits.
  world = await startBillingWorld({ RATE_LIMIT_MAX: '1000000', WRITE_RATE_LIMIT_MAX: '1000000' });
  attacker = await world.signedInUser();
  // Seats, so an add that slipped past validation would be written rather than refused for the plan.
  await setPlan(world.app.db, attacker.uid, { quantity: 100 });
  const created = await send('POST', '/api/items', { name: 'An item' });
  expect(created.statusCode).toBe(201);
  itemId = created.json().data.id;
});
afterAll(() => world?.close());

/** Over the network to the listening app, as a client would: the return addresses are then its own. */
async function send(method: 'GET' | 'POST' | 'PATCH', pathname: string, body?: Record<string, unknown>) {
  const response = await fetch(`${world.appUrl}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${attacker.token}`,
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  return { statusCode: response.status, body: text, json: () => JSON.parse(text) };
}

type Field = {
  endpoint: string;
  field: string;
  /** A valid value, and the same value with `bad` inside it. */
  value: (bad: string) => string;
  request: (value: string) => ReturnType<typeof send>;
  isMultiline?: boolean;
  /** A URL's query is UTF-8, which has no way to write half a surrogate pair. */
  isQuery?: boolean;
  /** Whether sending the valid value changes the attacker's credentials (so the baseline skips it). */
  isCredential?: boolean;
};

const site = () => world.appUrl;
const checkout = (overrides: Record<string, string>) =>
  send('POST', '/api/stripe-create-checkout-session', {
    priceId: 'price_pro_monthly',
    successUrl: `${site()}/dashboard?paid=true`,
    cancelUrl: `${site()}/pricing`,
    ...overrides,
  });
let sequence = 0;
// "sub-users" in the URL: the API's path since the first release; the domain's word is member.
const addMember = (overrides: Record<string, string>) =>
  send('POST', '/api/sub-users', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace-${++sequence}@example.com`,
    ...overrides,
  });
const contact = (overrides: Record<string, string>) =>
  send('POST', '/api/contact', { name: 'Ada', email: 'ada@example.com', message: 'Hello', ...overrides });

const name = (bad: string) => `Al${bad}ice`;
const email = (bad: string) => `al${bad}ice@example.com`;

const fields: Field[] = [
  {
    endpoint: 'POST /api/items',
    field: 'name',
    value: name,
    request: (v) => send('POST', '/api/items', { name: v }),
  },
  {
    endpoint: 'PATCH /api/items/:id',
    field: 'name',
    value: name,
    request: (v) => send('PATCH', `/api/items/${itemId}`, { name: v }),
  },
  {
    endpoint: 'POST /api/sub-users',
    field: 'firstName',
    value: name,
    request: (v) => addMember({ firstName: v }),
  },
  {
    endpoint: 'POST /api/sub-users',
    field: 'lastName',
    value: name,
    request: (v) => addMember({ lastName: v }),
  },
  { endpoint: 'POST /api/sub-users', field: 'email', value: email, request: (v) => addMember({ email: v }) },
  { endpoint: 'POST /api/contact', field: 'name', value: name, request: (v) => contact({ name: v }) },
  { endpoint: 'POST /api/contact', field: 'email', value: email, request: (v) => contact({ email: v }) },
  {
    endpoint: 'POST /api/contact',
    field: 'message',
    value: (bad) => `Hello,${bad} I have a question.`,
    request: (v) => contact({ message: v }),
    isMultiline: true,
  },
  {
    endpoint: 'POST /api/newsletter',
    field: 'email',
    value: email,
    request: (v) => send('POST', '/api/newsletter', { email: v }),
  },
  {
    endpoint: 'PATCH /api/auth-user',
    field: 'name',
    value: name,
    request: (v) => send('PATCH', '/api/auth-user', { name: v }),
  },
  {
    endpoint: 'PATCH /api/auth-user',
    field: 'picture',
    value: (bad) => `https://images.example.com/a${bad}b.png`,
    request: (v) => send('PATCH', '/api/auth-user', { picture: v }),
  },
  {
    endpoint: 'PATCH /api/auth-user',
    field: 'email',
    value: email,
    request: (v) => send('PATCH', '/api/auth-user', { email: v }),
    isCredential: true,
  },
  {
    endpoint: 'PATCH /api/auth-user',
    field: 'password',
    value: (bad) => `Another-${bad}horse-7`,
    request: (v) => send('PATCH', '/api/auth-user', { password: v }),
    isCredential: true,
  },
  {
    endpoint: 'POST /api/stripe-create-checkout-session',
    field: 'priceId',
    value: (bad) => `price_pro${bad}_monthly`,
    request: (v) => checkout({ priceId: v }),
  },
  {
    endpoint: 'POST /api/stripe-create-checkout-session',
    field: 'successUrl',
    value: (bad) => `${site()}/dash${bad}board?paid=true`,
    request: (v) => checkout({ successUrl: v }),
  },
  {
    endpoint: 'POST /api/stripe-create-checkout-session',
    field: 'cancelUrl',
    value: (bad) => `${site()}/pri${bad}cing`,
    request: (v) => checkout({ cancelUrl: v }),
  },
  {
    endpoint: 'POST /api/stripe-create-billing-session',
    field: 'returnUrl',
    value: (bad) => `${site()}/settings${bad}/billing`,
    request: (v) => send('POST', '/api/stripe-create-billing-session', { returnUrl: v }),
  },
  {
    endpoint: 'GET /api/dev/outbox (query)',
    field: 'to',
    value: email,
    request: (v) => send('GET', `/api/dev/outbox?to=${encodeURIComponent(v)}`),
    isQuery: true,
  },
];

const refusedEverywhere: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['CSI (C1)', '\u009b'],
  ['a lone surrogate', '\ud800'],
];
const refusedOnOneLine: [string, string][] = [
  ['a line break', '\n'],
  ['a carriage return', '\r'],
  ['a tab', '\t'],
];

const cases = fields.flatMap((field) =>
  [...refusedEverywhere, ...(field.isMultiline ? [] : refusedOnOneLine)]
    .filter(([, bad]) => !(field.isQuery && bad === '\ud800'))
    .map(([label, bad]) => [field.endpoint, field.field, label, field, bad] as const),
);

let managementToken: string | undefined;

/** The provider's record of a user, read through its Management API as an operator would. */
async function providerUser(uid: string) {
  const { origin, appEnv } = world.identity;
  if (!managementToken) {
    const response = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'launchkit-api',
        client_secret: appEnv.AUTH0_MANAGEMENT_CLIENT_SECRET,
        audience: `${origin}/api/v2/`,
      }),
    });
    managementToken = ((await response.json()) as { access_token: string }).access_token;
  }
  const response = await fetch(`${origin}/api/v2/users/${encodeURIComponent(uid)}`, {
    headers: { authorization: `Bearer ${managementToken}` },
  });
  if (!response.ok) throw new Error(`reading the provider's user answered ${response.status}`);
  return response.json();
}

/** What a request could have written: every table, the outbox, the provider's profile, its customers. */
async function everything() {
  const { db } = world.app;
  const outboxDir = world.app.config.mail.transport === 'outbox' ? world.app.config.mail.outboxDir : '';
  await mailSettled(db);
  return {
    users: await db.select().from(users),
    items: await db.select().from(items),
    subUsers: await db.select().from(subUsers),
    contactMessages: await db.select().from(contactMessages),
    newsletter: await db.select().from(newsletterSubscriptions),
    mails: await db.select().from(mails),
    mail: (await readOutbox(outboxDir)).length,
    profile: await providerUser(attacker.uid),
    customers: (await world.payments.stripe.customers.list({ limit: 100 })).data.length,
  };
}

describe('control characters in any string field', () => {
  it.each(
    fields
      .filter((field) => !field.isCredential)
      .map((field) => [field.endpoint, field.field, field] as const),
  )('%s %s: accepts the same value without the character', async (_endpoint, _field, field) => {
    const response = await field.request(field.value(''));
    expect(response.statusCode, response.body).toBeLessThan(300);
  });

  it.each(cases)(
    '%s %s with %s: 400 validation_failed naming the field, nothing written',
    async (_endpoint, fieldName, _label, field, bad) => {
      const before = await everything();
      const response = await field.request(field.value(bad));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toEqual({
        status: 'error',
        code: 'validation_failed',
        message: expect.any(String),
        fields: { [fieldName]: body.message },
      });
      expect(body.message).toMatch(/cannot contain control characters|broken character/);
      expect(await everything()).toEqual(before);
    },
  );

  it('keeps line breaks and tabs in a multi-line message, with \\r\\n stored as \\n', async () => {
    const message = 'First line\r\nSecond line\n\tindented\rlast';
    const response = await contact({ email: 'lines@example.com', message });
    expect(response.statusCode).toBe(200);
    const rows = await world.app.db.select().from(contactMessages);
    expect(rows.find((row) => row.email === 'lines@example.com')?.message).toBe(
      'First line\nSecond line\n\tindented\nlast',
    );
  });

  it('answers 404 for an item id holding a control character, never 500', async () => {
    for (const id of ['%00', `${itemId}%00`, '%1b%5b2J', '%C2%85']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await world.app.app.inject({
          method,
          url: `/api/items/${id}`,
          headers: { authorization: `Bearer ${attacker.token}`, 'content-type': 'application/json' },
          payload: method === 'PATCH' ? JSON.stringify({ name: 'Renamed' }) : undefined,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
      }
    }
  });

  it('leaves the password as it was when a new one holds a control character', async () => {
    await expect(world.identity.signIn(attacker.email, testPassword)).resolves.toHaveProperty('access_token');
  });
});
