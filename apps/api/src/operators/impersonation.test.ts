import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { impersonations, items, operatorAudit } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { type Method, workspaceRequests } from '#api/test/workspace-requests.ts';

// "View as" (docs/operations.md, decision 0053): a grant beside the operator's own token, read-only
// unless a write gives its reason, ended everywhere by its row, refused where a workspace forbids it
// unless a legal reason is given, and shown to the person in Settings → Security.

const suite = useAppWithIdentity({ OPERATOR_EMAILS: '@ops.example.com' });
const db = () => suite.testApp.db;
const { call, signedUp } = workspaceRequests(suite);
let operator: TestUser;

beforeAll(async () => {
  const email = `operator-${randomUUID()}@ops.example.com`;
  const { _id } = await suite.identity.signUp(email);
  await suite.identity.verifyEmail(email);
  const { access_token: token } = await (await suite.identity.enrolAuthenticatorApp(email)).signIn();
  operator = { email, uid: `auth0|${_id}`, token };
  expect((await call('GET', '/api/items', operator)).statusCode).toBe(200);
});

/** A request of the operator's, made as the person of `grant`; a write gives `reason` when set. */
function asPerson(method: Method, url: string, grant: string, payload?: unknown, reason?: string) {
  return suite.testApp.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${operator.token}`,
      'x-impersonation': grant,
      ...(reason !== undefined && { 'x-impersonation-write-reason': encodeURIComponent(reason) }),
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

async function start(person: TestUser, legalReason?: string) {
  return call('POST', '/api/admin/impersonations', operator, {
    person: person.uid,
    reason: 'Ticket 5521: the dashboard looks empty',
    ...(legalReason && { legalReason }),
  });
}

const itemsOf = (owner: string) => db().select().from(items).where(eq(items.owner, owner));

describe('view as', () => {
  it('reads as the person; a write without its reason is refused, one with it is recorded and done', async () => {
    const person = await signedUp();
    expect((await call('POST', '/api/items', person, { name: 'Theirs' })).statusCode).toBe(201);
    const started = await start(person);
    expect(started.statusCode).toBe(200);
    const { grant, personEmail } = started.json().data;
    expect(personEmail).toBe(person.email.toLowerCase());

    const read = await asPerson('GET', '/api/items', grant);
    expect(read.json().data.map((item: { name: string }) => item.name)).toEqual(['Theirs']);
    const refused = await asPerson('POST', '/api/items', grant, { name: 'By operator' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'impersonation/write-reason-required' });
    expect(await itemsOf(person.uid)).toHaveLength(1);

    const written = await asPerson('POST', '/api/items', grant, { name: 'Fixed' }, 'Restoring the lost item');
    expect(written.statusCode).toBe(201);
    expect(await itemsOf(person.uid)).toHaveLength(2);
    const [entry] = await db()
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'impersonation.write'));
    expect(entry).toMatchObject({
      person: person.uid,
      operatorId: operator.uid,
      reason: 'Restoring the lost item',
      detail: { method: 'POST', path: '/api/items' },
    });
  });

  it('ends everywhere when ended or at its expiry; the back office never acts as the person', async () => {
    const person = await signedUp();
    const first = (await start(person)).json().data;
    expect((await asPerson('GET', '/api/admin/session', first.grant)).json().code).toBe(
      'operators/viewing-as',
    );
    const ended = await call('POST', `/api/admin/impersonations/${first.id}/end`, operator);
    expect(ended.statusCode).toBe(200);
    expect((await asPerson('GET', '/api/items', first.grant)).json()).toMatchObject({
      code: 'impersonation/ended',
    });

    const second = (await start(person)).json().data;
    expect((await asPerson('GET', '/api/items', second.grant)).statusCode).toBe(200);
    // Its time runs out (as IMPERSONATION_SECONDS after the start): the row says so to every instance.
    await db()
      .update(impersonations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(impersonations.id, second.id));
    expect((await asPerson('GET', '/api/items', second.grant)).json()).toMatchObject({
      code: 'impersonation/ended',
    });
    // Another person's token never carries an operator's grant.
    const grant = (await start(person)).json().data.grant;
    const stranger = await signedUp();
    const borrowed = await suite.testApp.app.inject({
      method: 'GET',
      url: '/api/items',
      headers: { authorization: `Bearer ${stranger.token}`, 'x-impersonation': grant },
    });
    expect(borrowed.json()).toMatchObject({ code: 'impersonation/ended' });

    const viewings = (await call('GET', '/api/account/viewings', person)).json().data.viewings;
    expect(viewings).toHaveLength(3);
    expect(viewings[0]).toMatchObject({
      operatorEmail: operator.email,
      reason: expect.stringContaining('5521'),
    });
  });

  it('is refused where a workspace of the person forbids it, unless a legal reason is given and kept', async () => {
    const owner = await signedUp();
    const member = await signedUp();
    await setPlan(db(), owner.uid, { quantity: 2, ...onPlan('pro') });
    await insertJoinedMember(db(), owner, member);
    expect(
      (await call('PATCH', '/api/workspace/impersonation', owner, { forbidsImpersonation: true })).json(),
    ).toEqual({
      status: 'success',
      data: { forbidsImpersonation: true },
    });
    for (const person of [owner, member]) {
      const refused = await start(person);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'impersonation/forbidden-by-workspace' });
    }
    const overridden = await start(member, 'Court order 2026-114');
    expect(overridden.statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(impersonations)
      .where(eq(impersonations.id, overridden.json().data.id));
    expect(row?.legalReason).toBe('Court order 2026-114');
    const outcomes = await db()
      .select({ outcome: operatorAudit.outcome, detail: operatorAudit.detail })
      .from(operatorAudit)
      .where(eq(operatorAudit.person, member.uid));
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { outcome: 'failed', detail: { legalReason: null } },
        { outcome: 'done', detail: { legalReason: 'Court order 2026-114' } },
      ]),
    );
  });

  it('is started by operators only', async () => {
    const person = await signedUp();
    const someone = await signedUp();
    const refused = await call('POST', '/api/admin/impersonations', someone, {
      person: person.uid,
      reason: 'x',
    });
    expect(refused.json()).toMatchObject({ code: 'operators/not-an-operator' });
    expect(await db().select().from(impersonations).where(eq(impersonations.person, person.uid))).toEqual([]);
  });
});
