// What the payment provider's subscription status means for the plan (docs/product.md §4, §9).
// Statuses are Stripe's: active, trialing, past_due, unpaid, incomplete, incomplete_expired, paused,
// canceled.
// No imports: the hosted account page's browser script uses this file as it is (apps/omniout).

type Status = string | null | undefined;

/** A subscription counts (the plan is paid up) while it is active or in its trial. */
export const activeStatuses: readonly string[] = ['active', 'trialing'];

/**
 * A plan whose payment is being retried, or a trial paused for want of a card, is still the user's: it
 * is fixed in the billing portal (a card added resumes a paused one), and a second purchase would make
 * two subscriptions.
 */
export const currentStatuses: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

/**
 * The plan's features and seats stay while the provider retries a failed renewal (past_due): an
 * expired card is not a downgrade. When the provider gives up (unpaid, canceled) the plan's gates
 * apply as for a downgrade, and paying again restores them (docs/decisions/0030).
 */
export const inForceStatuses: readonly string[] = ['active', 'trialing', 'past_due'];

/** Whether the plan's features and seats apply (the spec's `planIsActive` is narrower: paid up). */
export const isPlanInForce = (status: Status): boolean => inForceStatuses.includes(status ?? '');

/** Whether a renewal's payment failed and the card needs the owner's attention. */
export const isPaymentFailingStatus = (status: Status): boolean =>
  status === 'past_due' || status === 'unpaid';

/** Whether the plan is paid up (the user document's `planIsActive`). */
export const isActiveStatus = (status: Status): boolean => activeStatuses.includes(status ?? '');

/** Whether the user already has a plan to manage (billing portal) rather than one to buy (/pricing). */
export const isCurrentStatus = (status: Status): boolean => currentStatuses.includes(status ?? '');

/**
 * Whether a user (their document, database row or merged session user) has a plan to manage: the
 * Billing tab opens the portal and Purchase sends them there instead of to checkout (docs/product.md
 * §4), and the API refuses a second checkout. An active plan is a current one, so the status decides.
 */
export const hasCurrentPlan = (user: { stripeSubscriptionStatus?: Status }): boolean =>
  isCurrentStatus(user.stripeSubscriptionStatus);

/**
 * Whether the plan is paused: its trial ended without a card (STRIPE_TRIAL_END_WITHOUT_CARD=pause); its
 * gates apply as for a lapsed plan until a card is added.
 */
export const isPausedStatus = (status: Status): boolean => status === 'paused';

/** Whether the plan is in its free trial (the spec's `CurrentTrial`; the trial's end is the date shown). */
export const isTrialStatus = (status: Status): boolean => status === 'trialing';

/** Whether the plan is paid and renews at the end of its period (not a trial, not lapsing). */
export const isRenewingStatus = (status: Status): boolean => status === 'active';

// Which of a customer's subscriptions is "the plan": a live one before a lapsing one before an ended
// one (billing/sync-plan.ts takes the newest among equals).
const statusRanks: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 1,
  incomplete: 2,
  paused: 2,
};
const endedRank = 3;

/** The status's precedence when a customer has several subscriptions: lower is the plan. */
export const statusRank = (status: Status): number => statusRanks[status ?? ''] ?? endedRank;

/** The provider's status word for reading: 'past_due' → 'Past due'. */
export function readableStatus(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
