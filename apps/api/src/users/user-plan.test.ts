import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity();
const { newUser } = suite;

const getUser = async (person: TestUser) => {
  const response = await suite.testApp.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

describe('the plan in GET /api/user', () => {
  it('answers no plan for a new user', async () => {
    const person = await newUser();
    expect(await getUser(person)).toMatchObject({
      uid: person.uid,
      stripePriceId: null,
      stripeSubscriptionStatus: null,
      quantity: 0,
      trialEnd: null,
      currentPeriodEnd: null,
      planId: null,
      planIsActive: false,
    });
  });

  it('derives the plan from the price id and the activity from the status', async () => {
    const person = await newUser();
    await getUser(person);
    const trialEnd = new Date('2030-01-15T12:00:00.000Z');
    const currentPeriodEnd = new Date('2030-02-15T12:00:00.000Z');
    await setPlan(suite.testApp.db, person.uid, {
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: 'trialing',
      quantity: 25,
      trialEnd,
      currentPeriodEnd,
    });
    expect(await getUser(person)).toMatchObject({
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: 'trialing',
      quantity: 25,
      trialEnd: '2030-01-15T12:00:00.000Z',
      currentPeriodEnd: '2030-02-15T12:00:00.000Z',
      planId: 'business',
      planIsActive: true,
    });

    for (const [priceId, status, planId, isActive] of [
      ['price_starter_monthly', 'active', 'starter', true],
      ['price_pro_monthly', 'past_due', 'pro', false],
      ['price_pro_monthly', 'canceled', 'pro', false],
      ['price_unknown', 'active', null, true],
    ] as const) {
      await setPlan(suite.testApp.db, person.uid, {
        stripePriceId: priceId,
        stripeSubscriptionStatus: status,
      });
      expect(await getUser(person)).toMatchObject({ planId, planIsActive: isActive });
    }
  });
});
