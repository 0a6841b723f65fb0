// What the product promises about paying, in one place for the marketing pages and the hosted pricing
// page, derived from the settings that decide it: a sentence never states a trial the server does not
// give, or a billing period the catalogue does not sell.

/** The operator's settings the copy depends on (STRIPE_TRIAL_DAYS: trial days on a first plan, 0: none). */
export type Offer = { trialDays: number };

/** Reads STRIPE_TRIAL_DAYS as the server does: a whole number of days, anything else means none. */
export function offerOf(trialDays: string | undefined): Offer {
  const days = Number(trialDays ?? 0);
  return { trialDays: Number.isInteger(days) && days > 0 ? days : 0 };
}

/**
 * Every plan in the catalogue has a monthly and a yearly price per seat (catalogue.ts), and checkout
 * sells either.
 */
export const billingTerms = 'Prices are in US dollars per seat, billed monthly or yearly in advance by card.';

/**
 * Settings → Plan changes the plan, the seats and the billing period, each change previewed and
 * prorated by the payment provider (the API's change of subscription); the billing portal cancels.
 * Short: it has to fit the pricing frame on a 320 px phone.
 */
export const changeTerms =
  'Change plan, seats or billing period in Settings → Plan, prorated; cancel at any time.';

/** The trial as a customer gets it, or null when there is none. Checkout always asks for a card. */
export function trialTerms({ trialDays }: Offer): string | null {
  if (trialDays === 0) return null;
  return `Every plan starts with a ${trialDays}-day free trial. Checkout asks for a card, the first payment is taken when the trial ends, and cancelling before then costs nothing.`;
}
