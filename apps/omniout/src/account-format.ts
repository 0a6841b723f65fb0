// What the account page shows, worked out from the GET /api/user document: pure functions, shared
// by the browser script (my-account.ts) and the unit tests. No DOM, no imports that a browser could
// not resolve (the build transpiles each file on its own, it does not bundle).

/** The fields of the user document (apps/api/src/users/user-document.ts) this page reads. */
export type AccountDocument = {
  uid: string;
  email: string;
  planId: string | null;
  planIsActive: boolean;
  stripeSubscriptionStatus: string | null;
  quantity: number | null;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
};

/** Plan id → name, as the build writes it into the page from @app/plans. */
export type PlanNames = Record<string, string>;

export type StatusTone = 'active' | 'trial' | 'warning' | 'ended' | 'none';

export type AccountView = {
  email: string;
  plan: string;
  status: string;
  statusTone: StatusTone;
  /** Sub-users counted against the seat limit; null when the list could not be read. */
  seatsUsed: number | null;
  seatsLimit: number;
  seats: string;
  /** 'Trial ends' or 'Renews on' with its date, or null when neither applies. */
  date: { label: string; value: string } | null;
  /** Nothing paid up: the page offers the pricing page beside the billing portal. */
  canChoosePlan: boolean;
};

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** §9's 'MMMM Do YYYY' ('November 21st 2026') in the browser's time zone; '' for no valid date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${months[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}`;
}

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
  const known = statusWords[status];
  if (known) return known;
  const words = status.replaceAll('_', ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'warning' };
}

export const statusLabel = (status: string | null | undefined) => describeStatus(status).label;

/** '2 of 5 used'; the limit alone when the sub-users could not be counted. */
export function seatsLabel(used: number | null, limit: number): string {
  const seats = limit === 1 ? 'seat' : 'seats';
  return used === null ? `${limit} ${seats}` : `${used} of ${limit} used`;
}

/** The seat limit: the subscription's quantity, 0 without one (or for anything not a count). */
export const seatLimit = (quantity: unknown) => Math.max(0, Math.floor(Number(quantity) || 0));

export function accountView(
  user: AccountDocument,
  seatsUsed: number | null,
  planNames: PlanNames,
): AccountView {
  const { label: status, tone: statusTone } = describeStatus(user.stripeSubscriptionStatus);
  const seatsLimit = seatLimit(user.quantity);
  const isTrial = user.stripeSubscriptionStatus === 'trialing';
  const isActive = user.stripeSubscriptionStatus === 'active';
  const trialEnd = isTrial ? formatLongDate(user.trialEnd) : '';
  const renewal = isActive ? formatLongDate(user.currentPeriodEnd) : '';
  return {
    email: user.email,
    plan: (user.planId && planNames[user.planId]) || 'None',
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
