import { forgetMember } from '#identity/organizations/organizations.ts';
import type { IdentityState } from '#identity/storage/identity-state.ts';

/** Removes a user with everything that could still act for it: sessions, refresh tokens, tickets, blocks. */
export function deleteUser(state: IdentityState, userId: string): boolean {
  if (!state.users.delete(userId)) return false;
  forgetMember(state, userId);
  for (const collection of [
    state.sessions,
    state.refreshTokens,
    state.tickets,
    state.loginFailures,
    state.authorizationCodes,
  ]) {
    for (const [key, record] of collection) {
      if (record.userId === userId) collection.delete(key);
    }
  }
  return true;
}
