import * as oidc from 'openid-client';
import { Browser } from './browser.ts';
import type { CheckContext } from './feature-check.ts';

const databaseConnection = async (context: CheckContext) => {
  const page = await context.management.connections.list({ name: context.connection });
  const found = page.data.find((each) => each.name === context.connection);
  if (!found?.id) throw new Error('the database connection is not listed');
  return found.id;
};

/** A new organization (node-auth0 organizations.create) with the database connection enabled. */
export async function newOrganization(context: CheckContext, label: string, assignMembershipOnLogin = false) {
  const name = `${label}-${Math.random().toString(36).slice(2, 10)}`;
  const connectionId = await databaseConnection(context);
  const organization = await context.management.organizations.create({
    name,
    display_name: label,
    enabled_connections: [
      { connection_id: connectionId, assign_membership_on_login: assignMembershipOnLogin },
    ],
  });
  return { id: organization.id ?? '', name, connectionId };
}

/**
 * The browser client signing in through an organization with openid-client: authorization code and
 * PKCE (S256), the emulator's sign-in form filled in, the code exchanged. The ID token's claims, or
 * the error the callback was given.
 */
export async function organizationSignIn(
  context: CheckContext,
  credentials: { email: string; password: string },
  parameters: Record<string, string>,
): Promise<{ claims?: Record<string, unknown>; error?: string }> {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(context.webClient, {
    redirect_uri: `${context.appOrigin}/auth0-callback`,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: oidc.randomState(),
    prompt: 'login',
    ...parameters,
  });
  const { response } = await new Browser().authorize(url, credentials);
  const location = new URL(response.headers.get('location') ?? '', context.origin);
  const error = location.searchParams.get('error');
  if (error) return { error: `${error}: ${location.searchParams.get('error_description')}` };
  const tokens = await oidc.authorizationCodeGrant(context.webClient, location, {
    pkceCodeVerifier: verifier,
    expectedState: url.searchParams.get('state') ?? undefined,
  });
  return { claims: tokens.claims() as Record<string, unknown> | undefined };
}
