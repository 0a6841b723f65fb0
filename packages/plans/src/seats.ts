// Seats (docs/product.md §4, §6, §9): a plan's seats are its subscription's quantity, the number of
// members its owner may add. No imports: the hosted account page's browser script uses this file as
// it is.

type Status = string | null | undefined;

/** Seats stay usable while a payment is being retried (past_due); an unpaid or ended plan has none. */
export const seatHoldingStatuses: readonly string[] = ['active', 'trialing', 'past_due'];

/** Whether a subscription in `status` keeps its seats. */
export const holdsSeats = (status: Status): boolean => seatHoldingStatuses.includes(status ?? '');

/** The seat limit: the subscription's quantity, 0 without one (or for anything not a count). */
export const seatLimit = (quantity: unknown): number => Math.max(0, Math.floor(Number(quantity) || 0));

/**
 * Whether `used` seats already fill the `seats` of the plan, so no further member may be added.
 * A plan without seats (0) is always at its limit.
 */
export const isAtSeatLimit = (used: number, seats: number): boolean => used >= seats;
