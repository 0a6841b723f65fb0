import { describePasswordPolicy } from '@launchkit/password-policy';
import { ManagementApiError, ManagementUnreachableError } from '#api/auth/management-client.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { AppError } from '#api/http/app-error.ts';

/** Runs a Management API call; what the provider says becomes an error the user can act on. */
export async function askProvider<T>(identity: IdentityConfig, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateManagementError(error, identity);
  }
}

function translateManagementError(error: unknown, identity: IdentityConfig): unknown {
  if (error instanceof ManagementUnreachableError) {
    const unavailable = new AppError(
      503,
      'identity_unavailable',
      'The sign-in service is not reachable. Try again shortly.',
    );
    // Logged with the answer: which address failed, and how.
    return Object.assign(unavailable, { cause: error });
  }
  // Anything else that is not the provider's answer is a fault here (a bug, a refused management
  // credential): it stays itself and is answered as internal_error.
  if (!(error instanceof ManagementApiError)) return error;
  if (error.statusCode === 429) {
    // The tenant's Management API limit: nothing is wrong with the request, only its moment.
    return new AppError(
      503,
      'identity_unavailable',
      'The sign-in service is busy. Try again in a few seconds.',
    );
  }
  // Auth0 answers 400 with this message for an email another user has (older tenants answered 409).
  const isEmailTaken =
    error.statusCode === 409 ||
    (error.statusCode === 400 && /new email already exists/i.test(error.body.message ?? ''));
  if (isEmailTaken) {
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
