import { describe, expect, it } from 'vitest';
import { plans } from './catalogue.ts';
import { canFeatureItems, canUseSingleSignOn } from './features.ts';
import { isPlanId, planIdOf, planIds } from './plan-ids.ts';
import { currentPlanOf, planName } from './plan-names.ts';

describe('plan ids (docs/product.md §9)', () => {
  it('are the catalogue’s plans, in its order', () => {
    expect(planIds).toEqual(['starter', 'pro', 'business']);
    expect(plans.map((plan) => plan.id)).toEqual([...planIds]);
  });

  it('names a plan only by one of its ids', () => {
    expect(planIds.map(planIdOf)).toEqual(['starter', 'pro', 'business']);
    for (const value of ['Business', 'enterprise', '', null, undefined, 1]) {
      expect(planIdOf(value)).toBeNull();
      expect(isPlanId(value)).toBe(false);
    }
  });
});

describe('plan names', () => {
  it('on the dashboard, business is the Organization plan', () => {
    expect(planIds.map(planName)).toEqual(['Starter', 'Pro', 'Organization']);
  });

  it('CurrentPlan is Organization for business, else the plan id, and null without a plan', () => {
    expect(planIds.map(currentPlanOf)).toEqual(['starter', 'pro', 'Organization']);
    expect(currentPlanOf(null)).toBeNull();
  });

  it('on the pricing pages, the catalogue’s names', () => {
    expect(plans.map((plan) => plan.name)).toEqual(['Starter', 'Pro', 'Business']);
  });
});

describe('featured items (§6)', () => {
  it('need the business plan, paid up', () => {
    expect(canFeatureItems({ planId: 'business', planInForce: true })).toBe(true);
    expect(canFeatureItems({ planId: 'business', planInForce: false })).toBe(false);
    expect(canFeatureItems({ planId: 'pro', planInForce: true })).toBe(false);
    expect(canFeatureItems({ planId: null, planInForce: true })).toBe(false);
  });
});

describe('catalogue seats (§9)', () => {
  it('a purchase starts with 1, 5 or 25 seats', () => {
    expect(plans.map((plan) => plan.seats)).toEqual([1, 5, 25]);
  });
});

describe('single sign-on (decision 0055)', () => {
  it('is the business plan’s, while it is in force', () => {
    expect(canUseSingleSignOn({ planId: 'business', planInForce: true })).toBe(true);
    expect(canUseSingleSignOn({ planId: 'business', planInForce: false })).toBe(false);
    for (const planId of ['starter', 'pro', null] as const) {
      expect(canUseSingleSignOn({ planId, planInForce: true })).toBe(false);
    }
    expect(plans.find((plan) => plan.id === 'business')?.features).toContain(
      'Featured items, single sign-on',
    );
  });
});
