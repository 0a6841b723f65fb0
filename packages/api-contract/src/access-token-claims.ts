// The claims of the identity provider's access tokens the product reads beyond the standard ones. No
// imports: the emulator, the API and the browser bundle take this file as it is.

/**
 * `true` in an access token whose sign-in passed a second factor. Auth0 keeps `amr` in the ID token
 * only, and no Action may set `amr` (a restricted claim), so the tenant's post-login Action sets this
 * namespaced claim (docs/deploy.md, "Auth0 tenant" 9); the emulator sets it the same way. The API
 * reads it where a workspace requires a second factor of its members.
 */
export const secondFactorClaim = 'https://launchkit.dev/second_factor';

/**
 * When the person last proved who they are (seconds since the epoch), in every access token of that
 * sign-in, refreshed or not. Auth0 puts `auth_time` in ID tokens only and no Action may set it in an
 * access token (a restricted claim), so the tenant's post-login Action sets this namespaced claim
 * from the authentication's methods (docs/deploy.md, "Auth0 tenant" 7); the emulator sets it the same
 * way. The API reads it for a recent sign-in (decision 0006) and to know the session (decision 0028).
 */
export const signedInAtClaim = 'https://launchkit.dev/auth_time';

/**
 * When the person last reset their password by the emailed link (seconds since the epoch), in the
 * access tokens of every sign-in after it: Auth0's `last_password_reset`, set by the tenant's post-login
 * Action (docs/deploy.md, "Auth0 tenant" 9); the emulator sets it the same way. The first request of
 * such a sign-in ends, at the API, every session of the person that began before the reset, whose
 * access tokens would otherwise work until they expire (users/signed-in-user.ts).
 */
export const passwordResetAtClaim = 'https://launchkit.dev/password_reset_at';
