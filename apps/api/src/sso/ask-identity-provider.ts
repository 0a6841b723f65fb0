import { ManagementApiError, ManagementUnreachableError } from '#api/auth/management-client.ts';
import { AppError } from '#api/http/app-error.ts';
import { connectionRefused } from './sso-errors.ts';

/**
 * One Management API call of the single sign-on set-up; what the provider says becomes an error the
 * owner can act on: its refusal of the settings (400) with its own reason, it being out of reach or
 * busy, or any other failure.
 */
export async function askIdentityProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof ManagementUnreachableError ||
      (error instanceof ManagementApiError && error.statusCode === 429)
    ) {
      throw Object.assign(
        new AppError(503, 'identity_unavailable', 'The sign-in service is not reachable. Try again shortly.'),
        { cause: error },
      );
    }
    if (!(error instanceof ManagementApiError)) throw error;
    if (error.statusCode === 400) throw connectionRefused(error.body.message ?? 'no reason given');
    throw Object.assign(
      new AppError(
        502,
        'identity_error',
        'The sign-in service could not make the change. Try again shortly.',
      ),
      { cause: error },
    );
  }
}
