import type { IdentityContext } from '#identity/context.ts';
import type { OrganizationRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { issueUserTokens, nowInSeconds, type TokenSet } from './issue-tokens.ts';
import { createRefreshToken, type Device } from './refresh-tokens.ts';

export type SignInGrant = {
  user: UserRecord;
  clientId: string;
  audience: string | undefined;
  scopes: string[];
  sid: string;
  /** The `gty` claim; none for the authorization-code grant, whose tokens Auth0 issues without one. */
  grantType?: string;
  amr?: string[];
  /** When the person proved who they are; now unless given (a code exchanged keeps its sign-in's). */
  authTime?: number;
  organization?: OrganizationRecord;
  nonce?: string;
  /** The browser that signed in: its refresh token's device (Management API). */
  device: Device;
};

/**
 * The answer of /oauth/token to a completed sign-in (password, or password and a second factor): the
 * tokens, and a refresh token when offline_access was granted. The person proved who they are now.
 */
export async function signInTokens(
  context: IdentityContext,
  grant: SignInGrant,
): Promise<TokenSet & { refresh_token?: string }> {
  const authTime = grant.authTime ?? nowInSeconds();
  const tokens = await issueUserTokens(context, {
    ...grant,
    authTime,
    includeAccessToken: true,
    includeIdToken: grant.scopes.includes('openid'),
  });
  if (!grant.scopes.includes('offline_access')) return tokens;
  const refreshToken = await createRefreshToken(
    context.store,
    {
      userId: grant.user.userId,
      clientId: grant.clientId,
      audience: grant.audience,
      scope: tokens.scope,
      authTime,
      sid: grant.sid,
      ...(grant.amr ? { amr: grant.amr } : {}),
      ...(grant.organization ? { organizationId: grant.organization.id } : {}),
    },
    grant.device,
  );
  return { ...tokens, refresh_token: refreshToken };
}
