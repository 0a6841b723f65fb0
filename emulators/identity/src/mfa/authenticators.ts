import { randomBytes, randomInt } from 'node:crypto';
import type {
  Authenticator,
  OtpAuthenticator,
  PasskeyRecord,
  UserRecord,
} from '#identity/storage/identity-state.ts';
import { secretHash } from '#identity/users/tickets.ts';
import { newOtpSecret, otpStep } from './one-time-password.ts';

const recoveryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const recoveryCodeLength = 24;

const authenticatorId = (prefix: string) => `${prefix}|dev_${randomBytes(12).toString('base64url')}`;

export const authenticatorsOf = (user: UserRecord): Authenticator[] => user.authenticators ?? [];

export const confirmedOtp = (user: UserRecord): OtpAuthenticator | undefined =>
  authenticatorsOf(user).find(
    (factor): factor is OtpAuthenticator => factor.type === 'otp' && factor.confirmed,
  );

const pendingOtp = (user: UserRecord): OtpAuthenticator | undefined =>
  authenticatorsOf(user).find(
    (factor): factor is OtpAuthenticator => factor.type === 'otp' && !factor.confirmed,
  );

/** Whether a sign-in must pass a second factor: the person has confirmed one (Auth0 with MFA for enrolled users). */
export const hasSecondFactor = (user: UserRecord) => confirmedOtp(user) !== undefined;

/** Auth0's recovery code: 24 letters and digits, compared without case, spaces or dashes. */
const normalizedRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < recoveryCodeLength; index++)
    code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return code;
}

/** Replaces the person's recovery code with a new one and returns it; only its hash is kept. */
export function renewRecoveryCode(user: UserRecord): string {
  const code = newRecoveryCode();
  const others = authenticatorsOf(user).filter((factor) => factor.type !== 'recovery-code');
  user.authenticators = [
    ...others,
    {
      type: 'recovery-code',
      id: authenticatorId('recovery-code'),
      codeHash: secretHash(code),
      createdAt: new Date().toISOString(),
    },
  ];
  return code;
}

export type OtpAssociation = { secret: string; recoveryCode: string | null };

/**
 * POST /mfa/associate for `otp`: a new, unconfirmed authenticator (an earlier unconfirmed one is
 * replaced). The first association also creates the recovery code, which Auth0 returns only then.
 * Null when the person already has a confirmed one: Auth0's "User is already enrolled".
 */
export function associateOtp(user: UserRecord): OtpAssociation | null {
  if (confirmedOtp(user)) return null;
  const isFirst = !authenticatorsOf(user).some((factor) => factor.type === 'recovery-code');
  const otp: OtpAuthenticator = {
    type: 'otp',
    id: authenticatorId('totp'),
    secret: newOtpSecret(),
    confirmed: false,
    createdAt: new Date().toISOString(),
    lastStep: null,
    lastAuthAt: null,
  };
  user.authenticators = [...authenticatorsOf(user).filter((factor) => factor !== pendingOtp(user)), otp];
  return { secret: otp.secret, recoveryCode: isFirst ? renewRecoveryCode(user) : null };
}

/**
 * Checks a code against the confirmed authenticator or, failing one, the pending one (whose first good
 * code confirms it). A code is accepted once: its time step, and every earlier one, are spent.
 */
export function verifyOtp(user: UserRecord, code: string, now = Date.now()): boolean {
  const otp = confirmedOtp(user) ?? pendingOtp(user);
  if (!otp) return false;
  const step = otpStep(otp.secret, code, now);
  if (step === null || (otp.lastStep !== null && step <= otp.lastStep)) return false;
  otp.lastStep = step;
  otp.lastAuthAt = new Date(now).toISOString();
  otp.confirmed = true;
  return true;
}

/** Spends the recovery code if it matches; the answer then carries the next one. */
export function useRecoveryCode(user: UserRecord, code: string): string | null {
  const stored = authenticatorsOf(user).find((factor) => factor.type === 'recovery-code');
  if (!stored || stored.codeHash !== secretHash(normalizedRecoveryCode(code))) return null;
  return renewRecoveryCode(user);
}

/** Removes one authenticator; with the last second factor gone the recovery code goes too. */
export function removeAuthenticator(user: UserRecord, id: string): boolean {
  const remaining = authenticatorsOf(user).filter((factor) => factor.id !== id);
  if (remaining.length === authenticatorsOf(user).length) return false;
  const keepsFactor = remaining.some((factor) => factor.type === 'otp');
  user.authenticators = keepsFactor ? remaining : [];
  return true;
}

/** The Management API's view of one passkey. */
export const passkeyAuthenticationMethod = (passkey: PasskeyRecord) => ({
  id: passkey.id,
  type: 'passkey',
  name: passkey.name,
  confirmed: true,
  created_at: passkey.createdAt,
  ...(passkey.lastUsedAt ? { last_auth_at: passkey.lastUsedAt } : {}),
});

/**
 * A database user's password as Auth0 lists it among the authentication methods (its type `password`);
 * none for a social user or one who signed up with a passkey and set no password.
 */
export function passwordAuthenticationMethod(user: UserRecord) {
  const database = user.identities.find((identity) => identity.provider === 'auth0');
  if (!database || database.isSocial || !database.passwordHash) return [];
  return [
    { id: `password|${database.userId}`, type: 'password', confirmed: true, created_at: user.createdAt },
  ];
}

/** The Management API's view of one authentication method (GET /api/v2/users/{id}/authentication-methods). */
export function toAuthenticationMethod(factor: Authenticator) {
  return factor.type === 'otp'
    ? {
        id: factor.id,
        type: 'totp',
        confirmed: factor.confirmed,
        created_at: factor.createdAt,
        ...(factor.lastAuthAt ? { last_auth_at: factor.lastAuthAt } : {}),
      }
    : { id: factor.id, type: 'recovery-code', confirmed: true, created_at: factor.createdAt };
}
