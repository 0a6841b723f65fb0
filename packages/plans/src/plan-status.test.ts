import { describe, expect, it } from 'vitest';
import {
  hasCurrentPlan,
  isActiveStatus,
  isCurrentStatus,
  isPausedStatus,
  isPaymentFailingStatus,
  isPlanInForce,
  isRenewingStatus,
  isTrialStatus,
  readableStatus,
  statusRank,
} from './plan-status.ts';

// Every status of a Stripe subscription, and no subscription at all.
const statuses = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
  'canceled',
  null,
  undefined,
  '',
];
const where = (rule: (status: string | null | undefined) => boolean) =>
  statuses.filter((status) => rule(status));

describe('plan statuses (docs/product.md §4, §9)', () => {
  it('a plan is active (paid up) while active or trialing', () => {
    expect(where(isActiveStatus)).toEqual(['active', 'trialing']);
  });

  it('a plan is current (managed in the portal, not bought again) while paid up, its payment is retried, or its trial is paused for a card', () => {
    expect(where(isCurrentStatus)).toEqual(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
  });

  it('a plan is in force (features, seats) while paid up or its failed renewal is retried, not once the provider gave up', () => {
    expect(where(isPlanInForce)).toEqual(['active', 'trialing', 'past_due']);
  });

  it('a payment is failing while the provider retries it or gave up with the subscription kept', () => {
    expect(where(isPaymentFailingStatus)).toEqual(['past_due', 'unpaid']);
  });

  it('a user has a current plan by the status of their subscription: a row, a document or no plan at all', () => {
    expect(where((status) => hasCurrentPlan({ stripeSubscriptionStatus: status }))).toEqual([
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'paused',
    ]);
    expect(hasCurrentPlan({})).toBe(false);
  });

  it('only trialing is a trial, only paused is paused, and only active renews', () => {
    expect(where(isTrialStatus)).toEqual(['trialing']);
    expect(where(isPausedStatus)).toEqual(['paused']);
    expect(where(isRenewingStatus)).toEqual(['active']);
  });

  it('ranks live before lapsing before pending before ended subscriptions', () => {
    expect(statuses.map(statusRank)).toEqual([0, 0, 1, 1, 2, 3, 2, 3, 3, 3, 3]);
  });

  it("writes the provider's status words for reading", () => {
    expect(readableStatus('past_due')).toBe('Past due');
    expect(readableStatus('incomplete_expired')).toBe('Incomplete expired');
    expect(readableStatus('active')).toBe('Active');
    expect(readableStatus('')).toBe('');
  });
});
