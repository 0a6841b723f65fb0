import type { IdentityConfig } from '#api/config/app-config.ts';
import { AppError } from '#api/http/app-error.ts';
import type { VerifiedIdentity } from './verify-access-token.ts';

/** A sensitive change needs a sign-in at most RECENT_LOGIN_MAX_AGE_SECONDS old (decision 0006). */
export function requireRecentLogin(identity: IdentityConfig, caller: VerifiedIdentity): void {
  const ageSeconds = Date.now() / 1000 - caller.authTime;
  if (ageSeconds > identity.recentLoginMaxAgeSeconds) {
    throw new AppError(
      401,
      'auth/requires-recent-login',
      'For your security, please sign in again to complete this action.',
    );
  }
}
