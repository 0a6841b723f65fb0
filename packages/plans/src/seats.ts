// Seats (docs/product.md §4, §6, §9): a plan's seats are its subscription's quantity, the number of
// members its owner may add. No imports: the hosted account page's browser script uses this file as
// it is.

/** The seat limit: the subscription's quantity, 0 without one (or for anything not a count). */
export const seatLimit = (quantity: unknown): number => Math.max(0, Math.floor(Number(quantity) || 0));

/**
 * Whether `used` seats already fill the `seats` of the plan, so no further member may be added.
 * A plan without seats (0) is always at its limit.
 */
export const isAtSeatLimit = (used: number, seats: number): boolean => used >= seats;
