import type { UserDocument } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';
import { callbackPath } from './auth-paths.ts';
import { readStorage, tokenKey } from './stored-session.ts';

// A page opened with a stored session spends its first second loading and hydrating its own code; the
// restore (session.ts) starts only after that, and then waits for GET /api/user. The request is made
// here instead, before hydration, so the answer arrives while the page is still busy. Nothing is
// started: the session starts where it always does (auth-context.tsx), and takes the early answer only
// for the token it was asked with. (The session's code needs no early request: the signed-in routes
// import it, and the router preloads their chunks.)

let early: { token: string; document: Promise<UserDocument> } | null = null;

/** Requests the stored token's user document, when this page will restore a session. */
export function requestRestoreEarly(): void {
  if (window.location.pathname === callbackPath) return;
  const token = readStorage(tokenKey);
  if (!token) return;
  const document = apiRequest<UserDocument>('user', { token });
  // Whoever takes it handles a refusal; an answer nobody takes must not surface as unhandled.
  document.catch(() => undefined);
  early = { token, document };
}

/** The early request of `token`'s user document, once: a later read asks the API again. */
export function takeEarlyUserDocument(token: string): Promise<UserDocument> | null {
  if (early?.token !== token) return null;
  const { document } = early;
  early = null;
  return document;
}
