import type { UserDocument } from '@launchkit/api-contract';
import { secondFactorClaim } from '@launchkit/api-contract/access-token-claims';
import { sessionRefusedCodes } from '@launchkit/api-contract/error-codes';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { currentImpersonation } from '#web/lib/impersonation.ts';
import { AuthError } from './auth-error.ts';
import { takeEarlyUserDocument } from './early-restore.ts';
import { getProfile } from './identity-client.ts';
import { derivePlan, type PlanFields } from './plan.ts';
import { type ProfileClaims, profileForToken, requireSameSubject } from './profile-cache.ts';
import { providersOfSubject, type SignInMethod } from './providers.ts';
import { tokenClaim } from './token-claims.ts';

// The signed-in person as the screens see it: the provider's profile (kept, profile-cache.ts) merged
// with the product's user document (GET /api/user), which is read on every load.

export type AuthUser = UserDocument &
  PlanFields & {
    name: string;
    emailVerified: boolean;
    providers: SignInMethod[];
    /**
     * This sign-in passed a second factor (the access token's `secondFactorClaim`). For the screens
     * only: the API reads the verified token itself.
     */
    signedInWithSecondFactor: boolean;
  };

function mergeUser(profile: ProfileClaims, document: UserDocument, token: string): AuthUser {
  const email = document.email || profile.email || '';
  return {
    ...profile,
    ...document,
    uid: profile.sub,
    email,
    name: document.name || profile.name || email,
    emailVerified: Boolean(profile.email_verified),
    providers: providersOfSubject(profile.sub),
    signedInWithSecondFactor: tokenClaim(token, secondFactorClaim) === true,
    ...derivePlan(document),
  };
}

/** The person an operator views as: their document only (the provider's profile is the operator's). */
function viewedUser(document: UserDocument, token: string): AuthUser {
  const profile: ProfileClaims = { sub: document.uid, email: document.email, email_verified: true };
  return mergeUser(profile, document, token);
}

/**
 * The profile (kept, or the provider's when none is fresh; `rereadProfile` always asks the provider),
 * then the user document (the API creates it on the first call, with the email). The document must
 * belong to the same subject as the token before the user counts as signed in.
 */
export async function loadUser(token: string, { rereadProfile = false } = {}): Promise<AuthUser> {
  const profile = await profileForToken(token, getProfile, { reread: rereadProfile });
  const request = takeEarlyUserDocument(token) ?? apiRequest<UserDocument>('user', { token });
  const document = await request.catch((error: unknown) => {
    if (error instanceof ApiError && sessionRefusedCodes.has(error.code)) throw error;
    const reason = error instanceof Error ? ` (${error.message})` : '';
    throw new AuthError(
      'user_data_unavailable',
      `Failed to fetch extra user data from the database${reason}. Check that the database is set up.`,
    );
  });
  // An operator viewing as someone (lib/impersonation.ts) reads that person's document with their own
  // token: the screens show the person, as the person would see them.
  if (currentImpersonation()) return viewedUser(document, token);
  requireSameSubject(document.uid, profile.sub);
  return mergeUser(profile, document, token);
}
