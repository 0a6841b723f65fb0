/** Where the provider sends the sign-in popup back to (routes/auth0-callback.tsx). */
export const callbackPath = '/auth0-callback';

/** Where a signed-out visitor of `path` is sent: the sign-in page, which brings them back after. */
export function signInPathFor(path: string): string {
  return `/auth/signin?next=${encodeURIComponent(path)}`;
}

/** Where a visitor who chose a plan before having an account goes: sign-up first, then back to `path`. */
export function signUpPathFor(path: string): string {
  return `/auth/signup?next=${encodeURIComponent(path)}`;
}
