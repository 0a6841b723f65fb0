import type { AccountDeleted, DeleteAccountRequest } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

// Settings → Your data, "Delete my account" (docs/decisions/0032-account-deletion.md).

export type { DeleteAccountRequest };

/** Deletes the caller's account; needs a recent sign-in (the caller re-authenticates and retries: useReauthentication). */
export const deleteAccount = (request: DeleteAccountRequest) =>
  apiRequest<AccountDeleted>('account', { method: 'DELETE', body: request });

// The home page's notice after a deletion: said once, in the page's life, on the page it lands on.
let isJustDeleted = false;

/** Marks the deletion for the home page's notice, just before the app goes there. */
export function noteAccountDeleted(): void {
  isJustDeleted = true;
}

/** Whether the account was just deleted (the notice shows); `forget` once it has been said. */
export const wasAccountJustDeleted = () => isJustDeleted;

export function forgetAccountDeletedNotice(): void {
  isJustDeleted = false;
}
