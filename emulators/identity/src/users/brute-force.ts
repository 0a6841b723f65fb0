import type { IdentityState } from '#identity/storage/identity-state.ts';

// Auth0's default brute-force protection: 10 consecutive failures for one user from one address.
export const failuresBeforeBlock = 10;

const keyOf = (userId: string, ip: string) => `${userId} ${ip}`;

export function isBlockedFrom(state: IdentityState, userId: string, ip: string): boolean {
  return Boolean(state.loginFailures.get(keyOf(userId, ip))?.blockedAt);
}

/** Counts one failure; true when this failure blocked the pair (the caller sends the unblock email). */
export function recordLoginFailure(
  state: IdentityState,
  userId: string,
  ip: string,
): { isNowBlocked: boolean } {
  const key = keyOf(userId, ip);
  const record = state.loginFailures.get(key) ?? { userId, ip, count: 0, blockedAt: null };
  record.count += 1;
  const isNowBlocked = record.blockedAt === null && record.count >= failuresBeforeBlock;
  if (isNowBlocked) record.blockedAt = Date.now();
  state.loginFailures.set(key, record);
  return { isNowBlocked };
}

/** A success, or the unblock link, starts the count of that pair again. */
export function clearLoginFailures(state: IdentityState, userId: string, ip: string): void {
  state.loginFailures.delete(keyOf(userId, ip));
}

/** A new password lifts every block of the user, from every address. */
export function clearAllLoginFailures(state: IdentityState, userId: string): void {
  for (const [key, record] of state.loginFailures) {
    if (record.userId === userId) state.loginFailures.delete(key);
  }
}

export function blockedAddresses(state: IdentityState, userId: string): string[] {
  return [...state.loginFailures.values()]
    .filter((record) => record.userId === userId && record.blockedAt !== null)
    .map((record) => record.ip);
}
