/** Where the provider sends the sign-in popup back to (routes/auth0-callback.tsx). */
export const callbackPath = '/auth0-callback';

/** Where a signed-out visitor of `path` is sent: the sign-in page, which brings them back after. */
export function signInPathFor(path: string): string {
  return `/auth/signin?next=${encodeURIComponent(path)}`;
}
