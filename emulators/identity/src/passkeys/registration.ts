import { randomBytes } from 'node:crypto';
import { type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import type { PasskeyRecord } from '#identity/storage/identity-state.ts';
import { passkeyAlgorithms, relyingParty } from './relying-party.ts';

export const passkeyRefused = (description: string) => oauthError(403, 'invalid_grant', description);

/** Why a WebAuthn check failed, in SimpleWebAuthn's words (origin, RP ID, challenge, counter, signature). */
export const verificationFailure = (error: unknown) =>
  passkeyRefused(
    `Passkey not verified: ${error instanceof Error ? error.message : 'the passkey could not be verified.'}`,
  );

export const newPasskeyId = () => `passkey|dev_${randomBytes(12).toString('base64url')}`;

/**
 * A new passkey from the credential a browser created for `challenge` (a passkey sign-up, or one added
 * to an account), checked by SimpleWebAuthn against the app's origins and RP ID; the record to keep,
 * and whether the authenticator verified the person while creating it (the UV flag).
 */
export async function verifiedPasskey(
  context: IdentityContext,
  response: unknown,
  challenge: string,
  id = newPasskeyId(),
): Promise<{ passkey: PasskeyRecord; isUserVerified: boolean }> {
  const { rpID, origins } = relyingParty(context);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: passkeyAlgorithms,
    });
  } catch (error) {
    throw verificationFailure(error);
  }
  if (!verification.verified)
    throw passkeyRefused('Passkey not verified: the passkey could not be verified.');
  const { credential, userVerified } = verification.registrationInfo;
  const now = new Date().toISOString();
  const passkey: PasskeyRecord = {
    id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(credential.transports ? { transports: credential.transports } : {}),
    name: 'Passkey',
    createdAt: now,
    lastUsedAt: null,
  };
  return { passkey, isUserVerified: userVerified };
}
