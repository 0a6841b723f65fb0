import { describe, expect, it } from 'vitest';
import {
  type AccountDocument,
  accessTokenFrom,
  accountTokenFrom,
  accountView,
  describeStatus,
  errorMessageOf,
  seatsLabel,
  statusLabel,
} from './account-format.ts';

const planNames = { starter: 'Starter', pro: 'Pro', business: 'Business' };

const noPlan: AccountDocument = {
  uid: 'auth0|a',
  email: 'a@example.com',
  planId: null,
  planIsActive: false,
  stripeSubscriptionStatus: null,
  quantity: 0,
  trialEnd: null,
  currentPeriodEnd: null,
};

// Local dates: the formatter writes the date in the browser's time zone, whatever this machine's is.
const local = (year: number, monthIndex: number, day: number) =>
  new Date(year, monthIndex, day, 12).toISOString();

/** The view of an account with `fields` over `noPlan`'s, `members` of it counted. */
const viewOf = (fields: Partial<AccountDocument>, members: number | null) =>
  accountView({ ...noPlan, ...fields }, members, planNames);

describe('status in words', () => {
  it.each([
    ['active', 'Active', 'active'],
    ['trialing', 'Trial', 'trial'],
    ['past_due', 'Past due', 'warning'],
    ['canceled', 'Canceled', 'ended'],
    ['unpaid', 'Unpaid', 'warning'],
    ['incomplete_expired', 'Expired', 'ended'],
    [null, 'No plan', 'none'],
    ['', 'No plan', 'none'],
    ['some_new_status', 'Some new status', 'warning'],
  ])('%s → %s', (status, label, tone) => {
    expect(statusLabel(status)).toBe(label);
    expect(describeStatus(status).tone).toBe(tone);
  });
});

describe('seats', () => {
  it('counts the members against the limit', () => {
    expect(seatsLabel(0, 0)).toBe('0 of 0 used');
    expect(seatsLabel(2, 5)).toBe('2 of 5 used');
  });
  it('shows the limit alone when the members could not be counted', () => {
    expect(seatsLabel(null, 1)).toBe('1 seat');
    expect(seatsLabel(null, 25)).toBe('25 seats');
  });
});

describe('accountView', () => {
  it('without a plan: No plan, 0 of 0, no date, and the pricing page offered', () => {
    expect(accountView(noPlan, 0, planNames)).toEqual({
      email: 'a@example.com',
      plan: 'No plan',
      status: 'No plan',
      statusTone: 'none',
      seatsUsed: 0,
      seatsLimit: 0,
      seats: '0 of 0 used',
      date: null,
      canChoosePlan: true,
    });
  });

  it('on a trial: the trial end date', () => {
    const trial = { planId: 'pro', planIsActive: true, stripeSubscriptionStatus: 'trialing' } as const;
    const ends = { trialEnd: local(2026, 10, 21), currentPeriodEnd: local(2026, 11, 1) };
    const view = viewOf({ ...trial, ...ends, quantity: 5 }, 2);
    expect(view).toMatchObject({
      plan: 'Pro',
      status: 'Trial',
      seats: '2 of 5 used',
      date: { label: 'Trial ends', value: 'November 21st 2026' },
      canChoosePlan: false,
    });
  });

  it('active: the renewal date', () => {
    const active = { planId: 'business', planIsActive: true, stripeSubscriptionStatus: 'active' } as const;
    const view = viewOf({ ...active, quantity: 25, currentPeriodEnd: local(2026, 0, 3) }, 0);
    expect(view).toMatchObject({
      plan: 'Business',
      status: 'Active',
      date: { label: 'Renews on', value: 'January 3rd 2026' },
    });
  });

  it('canceled: no renewal date, and the pricing page offered again', () => {
    const starter = { planId: 'starter', stripeSubscriptionStatus: 'canceled', quantity: 1 } as const;
    const view = viewOf({ ...starter, currentPeriodEnd: local(2026, 0, 3) }, null);
    expect(view).toMatchObject({ plan: 'Starter', status: 'Canceled', seats: '1 seat', date: null });
    expect(view.canChoosePlan).toBe(true);
  });

  it('treats a missing or odd quantity as no seats', () => {
    // The contract says a whole number; the page still copes with an answer that breaks it.
    const missing = { ...noPlan, quantity: null } as unknown as AccountDocument;
    expect(accountView(missing, 0, planNames).seatsLimit).toBe(0);
    expect(accountView({ ...noPlan, quantity: -3 }, 0, planNames).seatsLimit).toBe(0);
  });
});

describe('what the page reads', () => {
  it('takes the uid from ?c__accountToken', () => {
    expect(accountTokenFrom('?c__accountToken=auth0%7Cabc')).toBe('auth0|abc');
    expect(accountTokenFrom('?other=1')).toBe('');
    expect(accountTokenFrom('')).toBe('');
  });

  it('reads the stored token bare or JSON-quoted', () => {
    expect(accessTokenFrom('a.b.c')).toBe('a.b.c');
    expect(accessTokenFrom('"a.b.c"')).toBe('a.b.c');
    expect(accessTokenFrom(null)).toBe('');
  });

  it("shows the envelope's message, else the fallback", () => {
    expect(
      errorMessageOf({ status: 'error', code: 'billing/no-customer', message: 'No customer.' }, 'x'),
    ).toBe('No customer.');
    expect(errorMessageOf({ status: 'error' }, 'fallback')).toBe('fallback');
    expect(errorMessageOf(null, 'fallback')).toBe('fallback');
  });
});
