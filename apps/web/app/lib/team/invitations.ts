import type { InvitationPreview, InvitationRequest, Workspace } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';
import { tokenOfHash } from '#web/lib/link-token.ts';

// The invitation link `/invitation#<token>` (docs/team.md). The token is in the fragment, which no
// browser sends to a server: the page moves it into this tab's session storage and drops it from the
// address at once (so it stays out of the history, bookmarks and screenshots), then sends it only in
// a request body. It survives the trip through sign-up or sign-in and back, and is forgotten once used.

export type { InvitationPreview };

export const invitationTokenKey = 'launchkit.invitation';

/** Who invited whom; public, so it sends no token of the session. */
export const lookUpInvitation = (token: string, signal?: AbortSignal) =>
  apiRequest<InvitationPreview>('invitations/lookup', {
    method: 'POST',
    body: { token } satisfies InvitationRequest,
    token: null,
    signal,
  });

/** Joins the invitation's workspace as the signed-in person. */
export const acceptInvitation = (token: string) =>
  apiRequest<Workspace>('invitations/accept', {
    method: 'POST',
    body: { token } satisfies InvitationRequest,
  });

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The invitation this tab is following: a token in the address's fragment is kept (and replaces an
 * older one), else the one kept before signing in.
 */
export function takeInvitationToken(hash: string): string | null {
  const fromHash = tokenOfHash(hash);
  const storage = sessionStore();
  try {
    if (fromHash) storage?.setItem(invitationTokenKey, fromHash);
    return fromHash ?? storage?.getItem(invitationTokenKey) ?? null;
  } catch {
    return fromHash;
  }
}

/** Forgets the token once it has done its work. */
export function forgetInvitationToken(): void {
  try {
    sessionStore()?.removeItem(invitationTokenKey);
  } catch {
    // Nothing was kept.
  }
}
