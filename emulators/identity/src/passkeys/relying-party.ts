import type { IdentityContext } from '#identity/context.ts';

/**
 * The WebAuthn relying party the passkeys belong to: the app's own host (Auth0: the RP ID configured on
 * the application, a domain the app's pages are served from), checked against the origins allowed to
 * sign in (IDENTITY_WEB_ORIGINS).
 */
export function relyingParty(context: IdentityContext) {
  const origins = context.config.webOrigins;
  return {
    rpID: new URL(origins[0] ?? context.urls.origin).hostname,
    rpName: context.config.appName,
    origins,
  };
}

/**
 * The signature algorithms a passkey may use: EdDSA, ES256, RS256 (COSE ids), as browsers and Auth0
 * offer. Named, not SimpleWebAuthn's default: that default asks the runtime about ML-DSA, which Node
 * 26 supports only as an experimental feature and says so with a warning on every start.
 */
export const passkeyAlgorithms = [-8, -7, -257];
