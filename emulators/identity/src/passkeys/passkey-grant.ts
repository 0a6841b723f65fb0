import { randomBytes } from 'node:crypto';
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { optionalParam, requiredParam } from '#identity/http/request-params.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import type { PasskeyRecord, UserRecord } from '#identity/storage/identity-state.ts';
import type { Device } from '#identity/tokens/refresh-tokens.ts';
import { isKnownAudience, userScopes } from '#identity/tokens/scopes.ts';
import { signInTokens } from '#identity/tokens/sign-in-tokens.ts';
import { newDatabaseUser } from '#identity/users/sign-up-user.ts';
import { findDatabaseUser, recordLogin } from '#identity/users/user-profile.ts';
import type { PasskeyCeremony } from './ceremonies.ts';
import { passkeyRefused, verificationFailure, verifiedPasskey } from './registration.ts';
import { relyingParty } from './relying-party.ts';

export const webauthnGrant = 'urn:okta:params:oauth:grant-type:webauthn';

/** Who a passkey ceremony signed in, and whether their authenticator verified them (the UV flag). */
type PasskeySignIn = { user: UserRecord; isUserVerified: boolean };

function credentialOf(params: Record<string, unknown>) {
  const response = params.authn_response;
  if (!response || typeof response !== 'object' || Array.isArray(response)) {
    throw oauthError(400, 'invalid_request', 'Missing required parameter: authn_response');
  }
  return response as Record<string, unknown>;
}

function findPasskey(
  context: IdentityContext,
  credentialId: string,
): { user: UserRecord; passkey: PasskeyRecord } | undefined {
  for (const user of context.store.state.users.values()) {
    const passkey = user.passkeys?.find((each) => each.credentialId === credentialId);
    if (passkey) return { user, passkey };
  }
  return undefined;
}

/** A sign-up with a passkey: a new database user with this passkey and no password. */
async function signUpWithPasskey(
  context: IdentityContext,
  ceremony: Extract<PasskeyCeremony, { kind: 'signup' }>,
  response: Record<string, unknown>,
): Promise<PasskeySignIn> {
  const { passkey, isUserVerified } = await verifiedPasskey(context, response, ceremony.challenge);
  if (findDatabaseUser(context.store.state, ceremony.email)) {
    throw passkeyRefused('A user with this email already exists: sign in instead.');
  }
  const user = newDatabaseUser(context, { email: ceremony.email, name: ceremony.name, passwordHash: '' });
  user.passkeys = [{ ...passkey, lastUsedAt: new Date().toISOString() }];
  context.store.state.users.set(user.userId, user);
  await context.store.save();
  await sendVerificationEmail(context, user);
  return { user, isUserVerified };
}

/** A sign-in with a passkey: the assertion checked against the stored public key and counter. */
async function signInWithPasskey(
  context: IdentityContext,
  ceremony: Extract<PasskeyCeremony, { kind: 'login' }>,
  response: Record<string, unknown>,
): Promise<PasskeySignIn> {
  const assertion = response as unknown as AuthenticationResponseJSON;
  const found = typeof assertion.id === 'string' ? findPasskey(context, assertion.id) : undefined;
  if (!found) throw passkeyRefused('Unknown passkey.');
  const { rpID, origins } = relyingParty(context);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: found.passkey.credentialId,
        publicKey: Buffer.from(found.passkey.publicKey, 'base64url'),
        counter: found.passkey.counter,
        ...(found.passkey.transports ? { transports: found.passkey.transports } : {}),
      },
      // A passkey that only saw someone present still signs in (a first factor); whether it verified
      // the person decides only whether the sign-in counts as two factors (decision 0040).
      requireUserVerification: false,
    });
  } catch (error) {
    throw verificationFailure(error);
  }
  if (!verification.verified) throw passkeyRefused('The passkey could not be verified.');
  if (found.user.blocked) throw oauthError(401, 'unauthorized', 'user is blocked');
  found.passkey.counter = verification.authenticationInfo.newCounter;
  found.passkey.lastUsedAt = new Date().toISOString();
  return { user: found.user, isUserVerified: verification.authenticationInfo.userVerified };
}

/**
 * /oauth/token with `urn:okta:params:oauth:grant-type:webauthn`: the credential a browser created
 * (sign-up) or the assertion it made (sign-in), checked by SimpleWebAuthn against the ceremony's
 * challenge, the app's origins and RP ID, user presence, and the signature counter. The `auth_session`
 * is spent by the attempt, right or wrong. The sign-in counts as two factors (`amr` `mfa`, hence the
 * second-factor claim) only when the authenticator verified the person: its fingerprint, face, screen
 * lock or PIN besides the device itself. Presence alone is one factor, the device.
 */
export async function passkeyGrant(
  context: IdentityContext,
  clientId: string,
  params: Record<string, unknown>,
  device: Device,
) {
  const ceremony = context.passkeyCeremonies.take(requiredParam(params, 'auth_session'));
  // An enrolment's auth_session is completed by the My Account API, never exchanged for tokens.
  if (!ceremony || ceremony.clientId !== clientId || ceremony.kind === 'enrol') {
    throw passkeyRefused('Invalid or expired auth_session.');
  }
  const response = credentialOf(params);
  const audience = optionalParam(params, 'audience');
  if (audience !== undefined && !isKnownAudience(audience, context.urls))
    throw oauthError(403, 'access_denied', `Service not found: ${audience}`);
  const scopes = userScopes(optionalParam(params, 'scope'), audience, context.urls);

  const { user, isUserVerified } =
    ceremony.kind === 'signup'
      ? await signUpWithPasskey(context, ceremony, response)
      : await signInWithPasskey(context, ceremony, response);
  recordLogin(user, device.ip);
  await context.store.save();
  return signInTokens(context, {
    user,
    clientId,
    audience,
    scopes,
    sid: randomBytes(16).toString('base64url'),
    grantType: webauthnGrant,
    // RFC 8176: `mfa` when more than one factor was used.
    amr: isUserVerified ? ['passkey', 'mfa'] : ['passkey'],
    device,
  });
}
