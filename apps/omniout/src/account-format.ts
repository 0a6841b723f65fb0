// What the account page shows, worked out from the GET /api/user document: pure functions, shared
// by the browser script (my-account.ts) and the unit tests. No DOM, no imports that a browser could
// not resolve (the build transpiles each file on its own, it does not bundle): the plan rules come
// from @launchkit/plans' import-free files, which the build compiles beside this one (browser-script.ts),
// and the document's type from @launchkit/api-contract, imported as a type only so the build erases it.
import type { UserDocument } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans/dates';
import { isRenewingStatus, isTrialStatus, readableStatus } from '@launchkit/plans/plan-status';
import { seatLimit } from '@launchkit/plans/seats';

/** The fields of the user document (GET /api/user, as @launchkit/api-contract types it) this page reads. */
export type AccountDocument = Pick<
  UserDocument,
  | 'uid'
  | 'email'
  | 'planId'
  | 'planIsActive'
  | 'stripeSubscriptionStatus'
  | 'quantity'
  | 'trialEnd'
  | 'currentPeriodEnd'
>;

/** Plan id → name, as the build writes it into the page from @launchkit/plans. */
export type PlanNames = Record<string, string>;

export type StatusTone = 'active' | 'trial' | 'warning' | 'ended' | 'none';

export type AccountView = {
  email: string;
  plan: string;
  status: string;
  statusTone: StatusTone;
  /** Members counted against the seat limit; null when the list could not be read. */
  seatsUsed: number | null;
  seatsLimit: number;
  seats: string;
  /** 'Trial ends' or 'Renews on' with its date, or null when neither applies. */
  date: { label: string; value: string } | null;
  /** Nothing paid up: the page offers the pricing page beside the billing portal. */
  canChoosePlan: boolean;
};

const statusWords: Record<string, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'active' },
  trialing: { label: 'Trial', tone: 'trial' },
  past_due: { label: 'Past due', tone: 'warning' },
  unpaid: { label: 'Unpaid', tone: 'warning' },
  incomplete: { label: 'Incomplete', tone: 'warning' },
  paused: { label: 'Paused', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'ended' },
  incomplete_expired: { label: 'Expired', tone: 'ended' },
};

/** The payment provider's subscription status in words: 'past_due' → 'Past due', none → 'No plan'. */
export function describeStatus(status: string | null | undefined): { label: string; tone: StatusTone } {
  if (!status) return { label: 'No plan', tone: 'none' };
  return statusWords[status] ?? { label: readableStatus(status), tone: 'warning' };
}

export const statusLabel = (status: string | null | undefined) => describeStatus(status).label;

/** '2 of 5 used'; the limit alone when the members could not be counted. */
export function seatsLabel(used: number | null, limit: number): string {
  const seats = limit === 1 ? 'seat' : 'seats';
  return used === null ? `${limit} ${seats}` : `${used} of ${limit} used`;
}

export function accountView(
  user: AccountDocument,
  seatsUsed: number | null,
  planNames: PlanNames,
): AccountView {
  const { label: status, tone: statusTone } = describeStatus(user.stripeSubscriptionStatus);
  const seatsLimit = seatLimit(user.quantity);
  const trialEnd = isTrialStatus(user.stripeSubscriptionStatus) ? formatLongDate(user.trialEnd) : '';
  const renewal = isRenewingStatus(user.stripeSubscriptionStatus)
    ? formatLongDate(user.currentPeriodEnd)
    : '';
  return {
    email: user.email,
    plan:
      (user.planId && planNames[user.planId]) || (user.stripeSubscriptionStatus ? 'Unknown plan' : 'No plan'),
    status,
    statusTone,
    seatsUsed,
    seatsLimit,
    seats: seatsLabel(seatsUsed, seatsLimit),
    date: trialEnd
      ? { label: 'Trial ends', value: trialEnd }
      : renewal
        ? { label: 'Renews on', value: renewal }
        : null,
    canChoosePlan: !user.planIsActive,
  };
}

/** The uid the page was opened for (?c__accountToken=…), or '' without one. */
export function accountTokenFrom(search: string): string {
  return (new URLSearchParams(search).get('c__accountToken') ?? '').trim();
}

/**
 * The access token as stored under auth0_access_token. The web app stores it bare; a JSON-quoted
 * value (as __user_id is stored) is accepted too, since a token never contains a quote.
 */
export function accessTokenFrom(stored: string | null): string {
  return (stored ?? '').replaceAll('"', '').trim();
}

/** The message of an error envelope `{status, code?, message?}`, or `fallback`. */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
