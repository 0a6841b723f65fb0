import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { currentSubscription, planFieldsOf } from './sync-plan.ts';

const subscription = (id: string, status: string, created: number, extra: Record<string, unknown> = {}) =>
  ({
    id,
    status,
    created,
    trial_end: null,
    items: {
      data: [{ price: { id: 'price_pro_monthly' }, quantity: 5, current_period_end: 1_800_000_000 }],
    },
    ...extra,
  }) as unknown as Stripe.Subscription;

describe('currentSubscription', () => {
  it('prefers a live plan to a lapsing one to an ended one, whatever their age', () => {
    const ended = subscription('sub_ended', 'canceled', 300);
    const lapsing = subscription('sub_lapsing', 'past_due', 200);
    const live = subscription('sub_live', 'trialing', 100);
    expect(currentSubscription([ended, lapsing, live])?.id).toBe('sub_live');
    expect(currentSubscription([ended, lapsing])?.id).toBe('sub_lapsing');
    expect(currentSubscription([ended])?.id).toBe('sub_ended');
    expect(currentSubscription([])).toBeUndefined();
  });

  it('takes the newest among equals', () => {
    const older = subscription('sub_old', 'canceled', 100);
    const newer = subscription('sub_new', 'canceled', 200);
    expect(currentSubscription([older, newer])?.id).toBe('sub_new');
  });
});

describe('planFieldsOf', () => {
  it('reads price, status, seats and dates from the subscription and its item', () => {
    const trialEnd = 1_790_000_000;
    expect(planFieldsOf(subscription('sub_1', 'trialing', 1, { trial_end: trialEnd }))).toEqual({
      stripePriceId: 'price_pro_monthly',
      stripeSubscriptionStatus: 'trialing',
      quantity: 5,
      trialEnd: new Date(trialEnd * 1000),
      currentPeriodEnd: new Date(1_800_000_000 * 1000),
      nextPaymentAttempt: null,
    });
  });

  it('reads the next try of a failing renewal from the expanded latest invoice, only while it is failing', () => {
    const retried = { latest_invoice: { id: 'in_1', next_payment_attempt: 1_801_000_000 } };
    expect(planFieldsOf(subscription('sub_1', 'past_due', 1, retried)).nextPaymentAttempt).toEqual(
      new Date(1_801_000_000 * 1000),
    );
    expect(planFieldsOf(subscription('sub_1', 'active', 1, retried)).nextPaymentAttempt).toBeNull();
    // Not expanded: nothing is known, nothing is made up.
    expect(
      planFieldsOf(subscription('sub_1', 'past_due', 1, { latest_invoice: 'in_1' })).nextPaymentAttempt,
    ).toBeNull();
  });

  it('keeps seats while a payment is retried, none once the plan ended, no trial end after the trial', () => {
    expect(planFieldsOf(subscription('sub_1', 'past_due', 1)).quantity).toBe(5);
    expect(planFieldsOf(subscription('sub_1', 'canceled', 1)).quantity).toBe(0);
    expect(
      planFieldsOf(subscription('sub_1', 'active', 1, { trial_end: 1_790_000_000 })).trialEnd,
    ).toBeNull();
  });

  it('clears the plan when the customer has no subscription', () => {
    expect(planFieldsOf(undefined)).toEqual({
      stripePriceId: null,
      stripeSubscriptionStatus: null,
      quantity: 0,
      trialEnd: null,
      currentPeriodEnd: null,
      nextPaymentAttempt: null,
    });
  });
});
