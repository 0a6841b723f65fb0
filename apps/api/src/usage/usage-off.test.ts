import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { setPlan } from '#api/test/test-users.ts';

// With USAGE_REPORTING unset (its default, false) the write path is as it was: no report is ordered
// even for a workspace with a customer, and "Usage this period" says nothing is metered. No payment
// provider is running: nothing may call one.

const suite = useAppWithIdentity();

function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return suite.testApp.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}

describe('usage reporting off (the default)', () => {
  it('orders no report for an item created by a customer, and answers reporting: false', async () => {
    const person = await suite.newUser();
    expect((await call('GET', '/api/user', person.token)).statusCode).toBe(200);
    await setPlan(suite.testApp.db, person.uid, { stripeCustomerId: `cus_off_${Date.now()}` });
    expect((await call('POST', '/api/items', person.token, { name: 'Not metered' })).statusCode).toBe(201);
    const outbox = (await suite.testApp.db.execute(
      sql`select count(*)::int as count from job_outbox where queue = 'usage-report'`,
    )) as unknown as { rows: { count: number }[] };
    const jobs = (await suite.testApp.db.execute(
      sql`select count(*)::int as count from jobs.job where name = 'usage-report'`,
    )) as unknown as { rows: { count: number }[] };
    expect([outbox.rows[0]?.count, jobs.rows[0]?.count]).toEqual([0, 0]);

    const usage = await call('GET', '/api/billing/usage', person.token);
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      status: 'success',
      data: {
        reporting: false,
        metric: 'items_created',
        periodStart: null,
        periodEnd: null,
        quantity: 0,
        isBilled: false,
        unitAmount: null,
        projectedAmount: null,
        currency: 'usd',
      },
    });
  });

  it('validates the query and answers the error envelope for a workspace that is not the caller’s', async () => {
    const person = await suite.newUser();
    expect((await call('GET', '/api/user', person.token)).statusCode).toBe(200);
    const refused = await call('GET', '/api/billing/usage?workspace=nobody', person.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'workspaces/not-found' });
    const unsigned = await suite.testApp.app.inject({ method: 'GET', url: '/api/billing/usage' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ status: 'error' });
  });
});
