import { describePasswordPolicy } from '@app/password-policy';
import { z } from 'zod';
import { ManagementApiError, type ManagementClient } from '#api/auth/management-client.ts';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { AppError } from '#api/http/app-error.ts';
import { emailAddress } from '#api/http/fields.ts';
import { validate } from '#api/http/validate.ts';
import { findOrCreateUser, type UserRow, updateUserRow } from './user-document.ts';

// §7: PATCH auth-user with {email}, or {password}, or a profile object.
const emailChange = z.strictObject({ email: emailAddress });
const passwordChange = z.strictObject({
  password: z
    .string({ error: 'Please enter a password' })
    .min(1, 'Please enter a password')
    .max(128, 'The password is too long (128 characters at most).'),
});
const profileChange = z
  .strictObject({
    name: z
      .string({ error: 'Please enter your name' })
      .trim()
      .min(1, 'Please enter your name')
      .max(200, 'The name is too long (200 characters at most).')
      .optional(),
    picture: z
      .url({ protocol: /^https?$/, error: 'The picture must be an http(s) URL.' })
      .max(2048, 'The picture URL is too long (2048 characters at most).')
      .optional(),
  })
  .refine((profile) => profile.name !== undefined || profile.picture !== undefined, {
    error: 'Send {email}, {password} or a profile with name or picture.',
  });

/** The body's keys choose the kind of change, so each kind reports its own field messages. */
export function parseAuthUserChange(body: unknown) {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  if (keys.includes('email')) return validate(emailChange, body);
  if (keys.includes('password')) return validate(passwordChange, body);
  return validate(profileChange, body);
}

export type AuthUserChange = ReturnType<typeof parseAuthUserChange>;

const providerNames: Record<string, string> = {
  'google-oauth2': 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  github: 'GitHub',
};

/** `google-oauth2|123` → 'Google'; undefined for the provider's own database users (`auth0|…`). */
function socialProviderOf(uid: string): string | undefined {
  const prefix = uid.slice(0, uid.indexOf('|'));
  if (prefix === 'auth0') return undefined;
  return providerNames[prefix] ?? prefix;
}

type Deps = { db: Database; identity: IdentityConfig; management: ManagementClient };

/**
 * Changes the provider's user through the Management API, then the user document. Email and password
 * are sensitive: they need a recent sign-in (the browser then re-authenticates and retries), and only
 * database users have them to change.
 */
export async function updateAuthUser(
  deps: Deps,
  caller: VerifiedIdentity,
  change: AuthUserChange,
): Promise<UserRow> {
  await findOrCreateUser(deps.db, deps.identity, caller);
  const sensitive = 'email' in change || 'password' in change;
  if (sensitive) {
    const provider = socialProviderOf(caller.uid);
    if (provider) {
      throw new AppError(
        409,
        'auth/provider-managed-credentials',
        'email' in change
          ? `You sign in with ${provider}, so your email address comes from ${provider} and cannot be changed here.`
          : `You sign in with ${provider}, so there is no password to change here. Manage your password with ${provider}.`,
      );
    }
    const ageSeconds = Date.now() / 1000 - caller.authTime;
    if (ageSeconds > deps.identity.recentLoginMaxAgeSeconds) {
      throw new AppError(
        401,
        'auth/requires-recent-login',
        'For your security, please sign in again to complete this action.',
      );
    }
  }

  try {
    if ('email' in change) {
      await deps.management.updateUser(caller.uid, {
        email: change.email,
        connection: deps.identity.connection,
      });
      return await updateUserRow(deps.db, caller.uid, { email: change.email });
    }
    if ('password' in change) {
      await deps.management.updateUser(caller.uid, {
        password: change.password,
        connection: deps.identity.connection,
      });
      return await findOrCreateUser(deps.db, deps.identity, caller);
    }
    await deps.management.updateUser(caller.uid, change);
    return await updateUserRow(deps.db, caller.uid, change);
  } catch (error) {
    throw translateManagementError(error, deps.identity);
  }
}

function translateManagementError(error: unknown, identity: IdentityConfig): unknown {
  if (!(error instanceof ManagementApiError)) {
    if (error instanceof AppError) return error;
    return new AppError(
      503,
      'identity_unavailable',
      'The sign-in service is not reachable. Try again shortly.',
    );
  }
  if (error.statusCode === 409) {
    return new AppError(
      409,
      'auth/email-already-in-use',
      'This email address is already used by another account.',
    );
  }
  if (error.statusCode === 400 && /PasswordStrengthError/.test(error.body.message ?? '')) {
    return new AppError(
      400,
      'auth/weak-password',
      `Your password must be: ${describePasswordPolicy(identity.passwordPolicy)}`,
    );
  }
  if (error.statusCode === 404) {
    return new AppError(
      401,
      'auth/invalid-user-token',
      'Your account no longer exists. Please sign in again.',
    );
  }
  if (error.statusCode === 400) {
    return new AppError(
      400,
      'auth/invalid-change',
      error.body.message ?? 'The identity provider refused the change.',
    );
  }
  return new AppError(
    502,
    'identity_error',
    'The sign-in service could not make the change. Try again shortly.',
  );
}
