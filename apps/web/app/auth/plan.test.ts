import { canFeatureItems, hasCurrentPlan } from '@launchkit/plans';
import { describe, expect, it } from 'vitest';
import { derivePlan } from './plan.ts';

describe('derivePlan (docs/product.md §3 derived fields)', () => {
  it('gives a user without a plan no plan, no trial and no seats', () => {
    expect(derivePlan({})).toEqual({
      planId: null,
      planIsActive: false,
      planActive: false,
      planInForce: false,
      CurrentPlan: null,
      CurrentTrial: false,
      subscriptionEndDate: null,
      stripeSubscriptionStatus: null,
      quantity: 0,
      nextPaymentAttempt: null,
    });
  });

  it('names the business plan Organization; a trial ends at trialEnd', () => {
    const plan = derivePlan({
      planId: 'business',
      planIsActive: true,
      stripeSubscriptionStatus: 'trialing',
      quantity: 25,
      trialEnd: '2026-11-21T12:00:00.000Z',
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
    });
    expect(plan).toMatchObject({
      CurrentPlan: 'Organization',
      CurrentTrial: true,
      planActive: true,
      subscriptionEndDate: '2026-11-21T12:00:00.000Z',
      quantity: 25,
    });
    expect(canFeatureItems(plan)).toBe(true);
  });

  it('a paid period ends at currentPeriodEnd; pro cannot feature items, nor a lapsed business plan', () => {
    const pro = derivePlan({
      planId: 'pro',
      stripeSubscriptionStatus: 'active',
      currentPeriodEnd: '2027-01-01',
    });
    expect(pro).toMatchObject({ CurrentPlan: 'pro', planIsActive: true, subscriptionEndDate: '2027-01-01' });
    expect(canFeatureItems(pro)).toBe(false);
    expect(canFeatureItems(derivePlan({ planId: 'business', stripeSubscriptionStatus: 'canceled' }))).toBe(
      false,
    );
  });

  it('a business plan whose renewal payment is being retried keeps its feature, not once unpaid', () => {
    const retried = derivePlan({
      planId: 'business',
      stripeSubscriptionStatus: 'past_due',
      nextPaymentAttempt: '2027-01-04T12:00:00.000Z',
    });
    expect(retried).toMatchObject({
      planIsActive: false,
      planInForce: true,
      nextPaymentAttempt: '2027-01-04T12:00:00.000Z',
    });
    expect(canFeatureItems(retried)).toBe(true);
    expect(canFeatureItems(derivePlan({ planId: 'business', stripeSubscriptionStatus: 'unpaid' }))).toBe(
      false,
    );
  });
});

describe('hasCurrentPlan (§4 Billing tab and Purchase)', () => {
  it('counts active, trialing and payment-retry plans as the user’s, not ended or absent ones', () => {
    const plan = (status: string | null) =>
      derivePlan({ stripeSubscriptionStatus: status, planIsActive: undefined });
    expect(
      ['active', 'trialing', 'past_due', 'unpaid'].map((status) => hasCurrentPlan(plan(status))),
    ).toEqual([true, true, true, true]);
    expect(['canceled', 'incomplete_expired', null].map((status) => hasCurrentPlan(plan(status)))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
