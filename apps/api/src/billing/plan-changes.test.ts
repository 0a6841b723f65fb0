import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';
import type { TestUser } from '#api/test/test-users.ts';

// Settings → Plan (docs/billing.md, "Changing a plan"): the plan, billing period and seats changed by
// the owner, each change previewed by the provider and then charged exactly as previewed; fewer seats
// than are in use refused; the invoices listed. Driven through the real app, the payment emulator and
// its webhooks.

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(() => world?.close());

const preview = (user: TestUser, choice: object) =>
  world.call(user, 'POST', '/api/billing/subscription/preview', choice);

async function previewAndChange(user: TestUser, choice: { plan: string; period: string; seats: number }) {
  const previewed = await preview(user, choice);
  expect(previewed.status).toBe(200);
  const changed = await world.call(user, 'POST', '/api/billing/subscription', {
    ...choice,
    prorationDate: previewed.body.data.prorationDate,
  });
  expect(changed.status).toBe(200);
  return { preview: previewed.body.data, subscription: changed.body.data };
}

describe('changing a plan from Settings → Plan', () => {
  it('shows the plan; monthly → yearly charges what the preview said and moves the renewal a year out', async () => {
    const { user } = await world.payingUser();
    const current = await world.call(user, 'GET', '/api/billing/subscription');
    expect(current.body.data).toMatchObject({ plan: 'pro', period: 'month', seats: 5, seatsInUse: 0 });

    const { preview: shown, subscription } = await previewAndChange(user, {
      plan: 'pro',
      period: 'year',
      seats: 5,
    });
    // The unused month is credited and the year billed whole: 5 × $120 less about 5 × $12.
    expect(shown.amountDueNow).toBeGreaterThan(60_000 - 6_001);
    expect(shown.amountDueNow).toBeLessThan(60_000);
    expect(shown.lines).toHaveLength(2);
    expect(shown.nextAmount).toBe(60_000);
    expect(subscription).toMatchObject({ plan: 'pro', period: 'year', seats: 5, unitAmount: 12_000 });
    const renewal = Date.parse(subscription.currentPeriodEnd);
    expect(renewal - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    // The new period starts when the change is made, seconds after the preview.
    expect(Math.abs(Date.parse(shown.nextDate) - renewal)).toBeLessThan(60_000);

    const invoices = (await world.call(user, 'GET', '/api/billing/invoices')).body.data;
    expect(invoices[0]).toMatchObject({ status: 'paid', total: shown.amountDueNow });
    expect(invoices[0].hostedInvoiceUrl).toMatch(/^https?:\/\//);
    expect(invoices).toHaveLength(2);
    await expect
      .poll(async () => (await world.userDocument(user)).stripePriceId, { timeout: 10_000 })
      .toBe('price_pro_yearly');
  });

  it('adds seats (charged pro rata) and removes them, never below the members and invitations in use', async () => {
    const { user } = await world.payingUser();
    for (const [index, name] of ['Grace', 'Alan'].entries()) {
      const added = await world.call(user, 'POST', '/api/sub-users', {
        firstName: name,
        lastName: 'Tester',
        email: `member${index}-${user.email}`,
      });
      expect(added.status).toBe(201);
    }
    const { preview: more, subscription } = await previewAndChange(user, {
      plan: 'pro',
      period: 'month',
      seats: 6,
    });
    expect(more.amountDueNow).toBeGreaterThan(1_100);
    expect(more.amountDueNow).toBeLessThanOrEqual(1_200);
    expect(subscription).toMatchObject({ seats: 6, seatsInUse: 2 });

    const tooFew = await preview(user, { plan: 'pro', period: 'month', seats: 1 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body).toMatchObject({
      code: 'billing/seats-in-use',
      fields: { seats: 'At least 2 seats: that many are in use.' },
    });

    const { subscription: fewer } = await previewAndChange(user, { plan: 'pro', period: 'month', seats: 2 });
    expect(fewer.seats).toBe(2);
    // The limit is lowered at once: a third person no longer fits.
    const third = await world.call(user, 'POST', '/api/sub-users', {
      firstName: 'Edsger',
      lastName: 'Tester',
      email: `third-${user.email}`,
    });
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('seats/limit-reached');
    expect((await world.userDocument(user)).quantity).toBe(2);
  });

  it('refuses a change to nothing, a stale preview, bad input, and a person without a plan', async () => {
    const { user } = await world.payingUser();
    const same = await preview(user, { plan: 'pro', period: 'month', seats: 5 });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('billing/no-change');

    const stale = await world.call(user, 'POST', '/api/billing/subscription', {
      plan: 'business',
      period: 'month',
      seats: 5,
      prorationDate: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('billing/preview-expired');

    for (const bad of [
      { plan: 'gold', period: 'month', seats: 5 },
      { plan: 'pro', period: 'week', seats: 5 },
      { plan: 'pro', period: 'month', seats: 0 },
      { plan: 'pro', period: 'month', seats: 2.5 },
      { plan: 'pro', period: 'month' },
    ]) {
      const refused = await preview(user, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    expect((await world.call(user, 'GET', '/api/billing/subscription')).body.data.plan).toBe('pro');

    const visitor = await world.signedInUser();
    const none = await world.call(visitor, 'GET', '/api/billing/subscription');
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('billing/no-plan');
    expect((await world.call(visitor, 'GET', '/api/billing/invoices')).body.data).toEqual([]);
    expect((await world.call(null, 'GET', '/api/billing/invoices')).status).toBe(401);
  });

  it("refuses anyone naming another person's workspace, and changes nothing there", async () => {
    const { user: owner } = await world.payingUser();
    const stranger = await world.signedInUser();
    const choice = { plan: 'business', period: 'year', seats: 9 };
    const calls: [string, string, object?][] = [
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/billing/subscription/preview', choice],
      ['POST', '/api/billing/subscription', { ...choice, prorationDate: Math.floor(Date.now() / 1000) }],
      ['GET', '/api/billing/invoices'],
    ];
    for (const [method, path, body] of calls) {
      const refused = await world.call(
        stranger,
        method,
        `${path}?workspace=${encodeURIComponent(owner.uid)}`,
        body,
      );
      expect(refused.status, path).toBe(404);
      expect(refused.body.code, path).toBe('workspaces/not-found');
    }
    expect((await world.call(owner, 'GET', '/api/billing/subscription')).body.data).toMatchObject({
      plan: 'pro',
      period: 'month',
      seats: 5,
    });
  });
});
