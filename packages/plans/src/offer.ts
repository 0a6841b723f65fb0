// What the product promises about paying, in one place for the marketing pages and the hosted pricing
// page, derived from the settings that decide it: a sentence never states a trial the server does not
// give, or a billing period the catalogue does not sell.
import { plans } from './catalogue.ts';
import { type PlanId, planIds } from './plan-ids.ts';

/** The operator's trial settings (docs/billing.md, "Trials"), as the server and the web build read them. */
export type OfferSettings = {
  /** Trial days on a customer's first subscription: `14` for every plan, or `starter=7,business=30`. */
  STRIPE_TRIAL_DAYS?: string | undefined;
  /** `required` (default): checkout asks for a card; `optional`: a trial starts without one. */
  STRIPE_TRIAL_CARD?: string | undefined;
  /** What a trial that ends without a card does to the plan: `cancel` (default) or `pause`. */
  STRIPE_TRIAL_END_WITHOUT_CARD?: string | undefined;
};

export type Offer = {
  /** Free days on a customer's first subscription, by plan; 0: no trial on that plan. */
  trialDays: Record<PlanId, number>;
  /** Whether checkout asks for a card before a trial starts. */
  cardUpFront: boolean;
  /** What the end of a trial without a card does (only with `cardUpFront: false`). */
  trialEndWithoutCard: 'cancel' | 'pause';
};

const noTrial = (): Record<PlanId, number> =>
  Object.fromEntries(planIds.map((plan) => [plan, 0])) as Record<PlanId, number>;

const isDays = (text: string) => /^\d{1,3}$/.test(text) && Number(text) <= 730;

/**
 * STRIPE_TRIAL_DAYS as days by plan, or the sentence that says what is wrong with it: a whole number
 * of days (0 to 730) for every plan, or `plan=days` pairs separated by commas (plans left out: none).
 */
export function readTrialDays(text: string | undefined): Record<PlanId, number> | string {
  const value = (text ?? '').trim();
  if (value === '') return noTrial();
  if (isDays(value))
    return Object.fromEntries(planIds.map((plan) => [plan, Number(value)])) as Record<PlanId, number>;
  const days = noTrial();
  for (const pair of value.split(',')) {
    const [plan, count, ...rest] = pair.split('=').map((part) => part.trim());
    if (rest.length > 0 || !planIds.includes(plan as PlanId) || count === undefined || !isDays(count)) {
      return `must be a number of days (0 to 730) for every plan, or plan=days pairs such as starter=7,business=30 (plans: ${planIds.join(', ')})`;
    }
    days[plan as PlanId] = Number(count);
  }
  return days;
}

/** The offer as the copy states it; a setting the server would refuse counts as no trial. */
export function offerOf(settings: OfferSettings): Offer {
  const days = readTrialDays(settings.STRIPE_TRIAL_DAYS);
  return {
    trialDays: typeof days === 'string' ? noTrial() : days,
    cardUpFront: settings.STRIPE_TRIAL_CARD?.trim() !== 'optional',
    trialEndWithoutCard: settings.STRIPE_TRIAL_END_WITHOUT_CARD?.trim() === 'pause' ? 'pause' : 'cancel',
  };
}

/** Whether any plan has a trial. */
export const hasTrial = (offer: Offer) => planIds.some((plan) => offer.trialDays[plan] > 0);

/** The trial's length when every plan has the same one; null when they differ or there is none. */
export function commonTrialDays(offer: Offer): number | null {
  const lengths = new Set(planIds.map((plan) => offer.trialDays[plan]));
  const [only] = [...lengths];
  return lengths.size === 1 && only !== undefined && only > 0 ? only : null;
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

const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** Which plans have which trial: "Every plan starts…", or the plans that have one, each with its length. */
function trialLengths(offer: Offer): string {
  const common = commonTrialDays(offer);
  if (common !== null) return `Every plan starts with a ${common}-day free trial.`;
  const withTrial = plans.filter((plan) => offer.trialDays[plan.id] > 0);
  return `${listed(withTrial.map((plan) => `${plan.name} starts with a ${offer.trialDays[plan.id]}-day free trial`))}.`;
}

/** The trial as a customer gets it (lengths, the card, the end), or null when there is none. */
export function trialTerms(offer: Offer): string | null {
  if (!hasTrial(offer)) return null;
  if (offer.cardUpFront) {
    return `${trialLengths(offer)} Checkout asks for a card, the first payment is taken when the trial ends, and cancelling before then costs nothing.`;
  }
  const end = offer.trialEndWithoutCard === 'pause' ? 'is paused until you add one' : 'ends';
  return `${trialLengths(offer)} No card is needed to start it: add one before it ends to keep your plan, or the plan ${end} when the trial does.`;
}

/** The home page's call to start: the trial as it is, or null when there is none. */
export function trialInvitation(offer: Offer): string | null {
  if (!hasTrial(offer)) return null;
  const common = commonTrialDays(offer);
  const what = common === null ? 'free trial' : `${common}-day free trial`;
  return `Start your ${what} today${offer.cardUpFront ? '' : ' with no card needed'}, and cancel at any time.`;
}

/**
 * The trial in a few words, for the pricing frame (it must fit 950 px on a 320 px phone): the lengths
 * and whether a card is asked first; the FAQ says what the end without one does.
 */
export function trialNote(offer: Offer): string | null {
  if (!hasTrial(offer)) return null;
  const common = commonTrialDays(offer);
  const lengths =
    common === null
      ? `Free trial days: ${plans
          .filter((plan) => offer.trialDays[plan.id] > 0)
          .map((plan) => `${plan.name} ${offer.trialDays[plan.id]}`)
          .join(', ')}`
      : `${common}-day free trial`;
  return `${lengths}; ${offer.cardUpFront ? 'checkout asks for a card.' : 'no card needed.'}`;
}
