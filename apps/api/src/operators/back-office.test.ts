import { randomUUID } from 'node:crypto';
import { secondFactorClaim, signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit, users, webhookEndpoints } from '#api/db/schema.ts';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';

// The back office (docs/operations.md): who is an operator (a verified address of OPERATOR_EMAILS,
// signed in with a second factor, recently), the audit written before every view and action (a real
// fault in the database stops the action), and the actions themselves at the real providers.

const operatorDomain = '@ops.example.com';
let world: BillingWorld;
let operator: TestUser;
const db = () => world.app.db;

/** A verified operator address, signed in with an authenticator app (the token's second factor). */
async function signedInOperator(): Promise<TestUser> {
  const email = `operator-${randomUUID()}${operatorDomain}`;
  const { _id } = await world.identity.signUp(email);
  await world.identity.verifyEmail(email);
  const app = await world.identity.enrolAuthenticatorApp(email);
  const { access_token: token } = await app.signIn();
  const person = { email, uid: `auth0|${_id}`, token };
  expect((await world.call(person, 'GET', '/api/user')).status).toBe(200);
  return person;
}

beforeAll(async () => {
  world = await startBillingWorld({
    OPERATOR_EMAILS: `boss@example.com, ${operatorDomain}`,
    STRIPE_TRIAL_DAYS: 'pro=14',
    STRIPE_TRIAL_CARD: 'optional',
  });
  operator = await signedInOperator();
});
afterAll(() => world?.close());

const auditOf = async (action: string) =>
  db().select().from(operatorAudit).where(eq(operatorAudit.action, action));

describe('who opens the back office', () => {
  it('an operator signed in with a second factor; not the same address without it, nor a person of no list', async () => {
    const session = await world.call(operator, 'GET', '/api/admin/session');
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ email: operator.email, viewAsMinutes: 15 });

    // The same person's token from a sign-in without the second factor (signed with the provider's key).
    const withoutFactor = {
      ...operator,
      token: await world.identity.signWithProviderKey({ sub: operator.uid }),
    };
    expect((await world.call(withoutFactor, 'GET', '/api/admin/session')).body).toMatchObject({
      code: 'operators/second-factor-required',
    });
    const someone = await world.signedInUser();
    expect((await world.call(someone, 'GET', '/api/admin/customers?q=ops')).body).toMatchObject({
      code: 'operators/not-an-operator',
    });
  });

  it('refuses an unverified operator address, and a sign-in older than the operator session', async () => {
    const email = `unverified-${randomUUID()}${operatorDomain}`;
    await world.identity.signUp(email);
    const unverified = { email, uid: '', token: (await world.identity.signIn(email)).access_token };
    expect((await world.call(unverified, 'GET', '/api/admin/session')).body).toMatchObject({
      code: 'operators/not-an-operator',
    });
    const longAgo = Math.floor(Date.now() / 1000) - 2 * 3600;
    const old = await world.identity.signWithProviderKey({
      sub: operator.uid,
      [signedInAtClaim]: longAgo,
      [secondFactorClaim]: true,
    });
    expect((await world.call({ ...operator, token: old }, 'GET', '/api/admin/session')).body).toMatchObject({
      code: 'operators/sign-in-too-old',
    });
  });

  it('grants the back office to another verified address, recorded with its reason', async () => {
    const email = `granted-${randomUUID()}@example.com`;
    const { _id } = await world.identity.signUp(email);
    await world.identity.verifyEmail(email);
    const { access_token: token } = await (await world.identity.enrolAuthenticatorApp(email)).signIn();
    const person = { email, uid: `auth0|${_id}`, token };
    expect((await world.call(person, 'GET', '/api/admin/session')).body.code).toBe(
      'operators/not-an-operator',
    );
    const granted = await world.call(operator, 'POST', '/api/admin/operators', {
      email,
      reason: 'New on call',
    });
    expect(granted.status).toBe(200);
    expect((await world.call(person, 'GET', '/api/admin/session')).status).toBe(200);
    expect(await auditOf('operator.granted')).toContainEqual(
      expect.objectContaining({ reason: 'New on call', detail: { email }, outcome: 'done' }),
    );
  });
});

describe('the audit comes first', () => {
  it('a failing audit write (a trigger that refuses the insert) stops the view and the action', async () => {
    const customer = await world.signedInUser();
    await db().execute(sql`create function refuse_operator_audit() returns trigger language plpgsql as $$
      begin raise exception 'operator audit refused (test fault)'; end $$`);
    await db().execute(sql`create trigger refuse_operator_audit before insert on operator_audit
      for each row execute function refuse_operator_audit()`);
    try {
      const locking = await world.call(
        operator,
        'POST',
        `/api/admin/workspaces/${encodeURIComponent(customer.uid)}/lock`,
        {
          reason: 'Abuse report',
        },
      );
      expect(locking.status).toBe(503);
      expect(locking.body).toMatchObject({ code: 'operators/audit-unavailable' });
      const viewing = await world.call(
        operator,
        'GET',
        `/api/admin/workspaces/${encodeURIComponent(customer.uid)}`,
      );
      expect(viewing.body).toMatchObject({ code: 'operators/audit-unavailable' });
    } finally {
      await db().execute(sql`drop trigger refuse_operator_audit on operator_audit`);
      await db().execute(sql`drop function refuse_operator_audit()`);
    }
    const [row] = await db()
      .select({ lockedAt: users.lockedAt })
      .from(users)
      .where(eq(users.id, customer.uid));
    expect(row?.lockedAt).toBeNull();
    expect((await world.call(customer, 'GET', '/api/items')).status).toBe(200);
  });
});

describe('actions with a reason', () => {
  it('finds a customer by email, workspace name and customer id, and extends the trial at the provider', async () => {
    const customer = await world.signedInUser();
    const customerId = await world.buy(customer, 'price_pro_monthly', null);
    await expect
      .poll(async () => (await world.userDocument(customer)).stripeSubscriptionStatus, { timeout: 10_000 })
      .toBe('trialing');
    for (const q of [customer.email.slice(0, 20), customerId]) {
      const found = await world.call(operator, 'GET', `/api/admin/customers?q=${encodeURIComponent(q)}`);
      expect(found.body.data.customers).toContainEqual(expect.objectContaining({ workspace: customer.uid }));
    }
    const path = `/api/admin/workspaces/${encodeURIComponent(customer.uid)}`;
    const before = (await world.call(operator, 'GET', path)).body.data;
    expect(before.subscription).toMatchObject({ status: 'trialing', plan: 'pro' });
    const extended = await world.call(operator, 'POST', `${path}/trial`, {
      days: 7,
      reason: 'Onboarding slipped',
    });
    expect(extended.status).toBe(200);
    const [subscription] = (await world.payments.stripe.subscriptions.list({ customer: customerId })).data;
    const expected = Date.parse(before.subscription.trialEnd) / 1000 + 7 * 86_400;
    expect(subscription?.trial_end).toBe(expected);
    expect(extended.body.data.trialEnd).toBe(new Date(expected * 1000).toISOString());
    expect(
      (await world.call(operator, 'POST', `${path}/trial`, { days: 0, reason: 'x' })).body,
    ).toMatchObject({
      code: 'validation_failed',
    });
    expect((await world.call(operator, 'POST', `${path}/trial`, { days: 3 })).body.code).toBe(
      'validation_failed',
    );
    const audit = await world.call(
      operator,
      'GET',
      `/api/admin/audit?workspace=${encodeURIComponent(customer.uid)}`,
    );
    expect(audit.body.data.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'trial.extended', reason: 'Onboarding slipped', outcome: 'done' }),
        expect.objectContaining({ action: 'workspace.viewed', outcome: 'done' }),
      ]),
    );
  });

  it('grants a credit at the provider, audited with its amount and reason; refuses a workspace with no customer', async () => {
    const customer = await world.signedInUser();
    const customerId = await world.buy(customer, 'price_pro_monthly', null);
    const path = `/api/admin/workspaces/${encodeURIComponent(customer.uid)}/credit`;
    const granted = await world.call(operator, 'POST', path, { amount: 25, reason: 'Outage on Tuesday' });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ currency: 'usd', balance: -2500 });
    const atProvider = await world.payments.stripe.customers.retrieve(customerId);
    expect(atProvider).toMatchObject({ balance: -2500 });
    const [transaction] = (await world.payments.stripe.customers.listBalanceTransactions(customerId)).data;
    expect(transaction).toMatchObject({
      id: granted.body.data.transaction,
      amount: -2500,
      type: 'adjustment',
    });
    expect(transaction?.description).toContain('Outage on Tuesday');
    const [entry] = (await auditOf('credit.granted')).filter((row) => row.workspace === customer.uid);
    expect(entry).toMatchObject({
      reason: 'Outage on Tuesday',
      outcome: 'done',
      detail: { amount: 25, currency: 'usd' },
    });
    for (const body of [
      { amount: 25 },
      { amount: 0, reason: 'x' },
      { amount: 10_001, reason: 'x' },
      { amount: 2.5, reason: 'x' },
    ]) {
      expect((await world.call(operator, 'POST', path, body)).body.code).toBe('validation_failed');
    }
    const stranger = await world.signedInUser();
    const refused = await world.call(
      operator,
      'POST',
      `/api/admin/workspaces/${encodeURIComponent(stranger.uid)}/credit`,
      { amount: 5, reason: 'Goodwill' },
    );
    expect([refused.status, refused.body.code]).toEqual([409, 'operators/no-provider-customer']);
    expect(await world.payments.stripe.customers.retrieve(customerId)).toMatchObject({ balance: -2500 });
  });

  it('locks a workspace (its members refused, with a clear code) and unlocks it', async () => {
    const owner = await world.signedInUser();
    const member = await world.signedInUser();
    await setPlan(db(), owner.uid, { quantity: 2, ...onPlan('pro') });
    await insertJoinedMember(db(), owner, member);
    const path = `/api/admin/workspaces/${encodeURIComponent(owner.uid)}`;
    expect((await world.call(operator, 'POST', `${path}/lock`, { reason: 'Chargeback fraud' })).status).toBe(
      200,
    );
    const asMember = await world.call(member, 'GET', `/api/items?workspace=${encodeURIComponent(owner.uid)}`);
    expect(asMember).toMatchObject({ status: 403, body: { code: 'workspaces/locked' } });
    expect((await world.call(owner, 'POST', '/api/items', { name: 'x' })).body.code).toBe(
      'workspaces/locked',
    );
    expect((await world.call(operator, 'POST', `${path}/unlock`, { reason: 'Cleared' })).status).toBe(200);
    expect(
      (await world.call(member, 'GET', `/api/items?workspace=${encodeURIComponent(owner.uid)}`)).status,
    ).toBe(200);
    const entries = (
      await world.call(operator, 'GET', `/api/admin/audit?workspace=${encodeURIComponent(owner.uid)}`)
    ).body.data.entries;
    expect(entries.map((entry: { action: string; reason: string }) => [entry.action, entry.reason])).toEqual([
      ['workspace.unlocked', 'Cleared'],
      ['workspace.locked', 'Chargeback fraud'],
    ]);
  });

  it('ends a person’s sessions, disables a webhook endpoint, resends a verification mail', async () => {
    const person = await world.signedInUser();
    const path = `/api/admin/people/${encodeURIComponent(person.uid)}`;
    expect(
      (await world.call(operator, 'POST', `${path}/sessions/end`, { reason: 'Stolen laptop' })).status,
    ).toBe(200);
    expect((await world.call(person, 'GET', '/api/items')).body.code).toBe('auth/invalid-user-token');

    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        workspace: person.uid,
        url: 'https://hooks.example.com/in',
        events: ['*'],
        secret: 'whsec_test',
      })
      .returning({ id: webhookEndpoints.id });
    const disable = `/api/admin/workspaces/${encodeURIComponent(person.uid)}/webhook-endpoints/${endpoint?.id}/disable`;
    expect((await world.call(operator, 'POST', disable, { reason: 'Hammering us' })).status).toBe(200);
    const view = await world.call(operator, 'GET', `/api/admin/workspaces/${encodeURIComponent(person.uid)}`);
    expect(view.body.data.webhookEndpoints).toEqual([
      expect.objectContaining({ enabled: false, url: 'https://hooks.example.com/in' }),
    ]);
    expect(JSON.stringify(view.body.data)).not.toContain('whsec_test');

    const verified = await world.call(operator, 'POST', `${path}/verification-email`, {
      reason: 'Asked by mail',
    });
    expect(verified.body.code).toBe('auth/email-already-verified');
    const unverified = await world.identity.signUp(`late-${randomUUID()}@example.com`);
    const resend = `/api/admin/people/${encodeURIComponent(`auth0|${unverified._id}`)}/verification-email`;
    expect((await world.call(operator, 'POST', resend, { reason: 'Mail lost' })).status).toBe(200);
    for (const [action, reason] of [
      ['sessions.ended', 'Stolen laptop'],
      ['webhook-endpoint.disabled', 'Hammering us'],
      ['verification-email.sent', 'Mail lost'],
    ]) {
      expect(await auditOf(action as string)).toContainEqual(
        expect.objectContaining({ reason, outcome: 'done' }),
      );
    }
  });
});
