import { AuthenticationClient } from 'auth0/legacy';
import * as oidc from 'openid-client';
import { Browser, fragmentOf } from './browser.ts';
import {
  hasRateLimitHeaders,
  newUser,
  passwordRealmGrant,
  raw,
  readerSignIn,
  sharedUser,
  signIn,
  unverifiedClaims,
  unverifiedHeader,
} from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const area = 'tokens (/oauth/token, /oauth/revoke)';

/** The refusal of an OAuth error as openid-client reports it (ResponseBodyError): its OAuth fields. */
function oauthErrorOf(error: unknown): verdict.Refusal {
  const record = (error ?? {}) as { error?: unknown; error_description?: unknown };
  return {
    status: verdict.statusOf(error),
    body: { error: record.error, error_description: record.error_description },
  };
}

/** A sign-in that asks for a refresh token, for the API. */
export const offlineAccess = (context: verdict.CheckContext) => ({
  scope: 'openid offline_access',
  audience: context.apiAudience,
});

/** A new user signed in with offline access, and the refresh token that sign-in gave (if any). */
export async function newUserWithRefreshToken(context: verdict.CheckContext, name: string) {
  const user = await newUser(context, name);
  const tokens = await signIn(context, user, offlineAccess(context));
  return { user, refreshToken: tokens.refresh_token };
}

/**
 * A refresh with a token that no longer counts (revoked, reused, or its user blocked): 403
 * `invalid_grant`, or the `expected` body.
 */
export async function expectRefreshRefused(
  context: verdict.CheckContext,
  refreshToken: string,
  expected: Record<string, unknown> = { error: 'invalid_grant' },
) {
  const failure = oauthErrorOf(
    await verdict.failureOf(() => oidc.refreshTokenGrant(context.webClient, refreshToken)),
  );
  return verdict.expectRefusal(failure, 403, expected);
}

/** The reader signed in asking for `scope` at `audience`, and the scope its access token grants. */
async function grantedScope(context: verdict.CheckContext, scope: string, audience: string) {
  const { tokens } = await readerSignIn(context, { scope, audience });
  return { tokens, scope: String(unverifiedClaims(tokens.access_token).scope) };
}

/** The user the brute-force check blocks; the login rate limit and user-blocks checks go on with it. */
export const bruteForce: { user?: { email: string; userId: string }; attempts: number } = { attempts: 0 };

export const tokenFeatures: verdict.Feature[] = [
  {
    id: 'token.password-realm',
    area,
    title: 'password-realm grant through openid-client, id token validated by the SDK',
    async check(context) {
      const { user, tokens } = await readerSignIn(context, {
        scope: 'openid profile email',
        audience: context.apiAudience,
      });
      const claims = tokens.claims();
      return verdict.expectAll([
        [claims?.sub === user.userId, `id token sub ${String(claims?.sub)}`],
        [claims?.email === user.email, 'the email scope gives the email claim'],
        [tokens.token_type.toLowerCase() === 'bearer', `token_type ${tokens.token_type}`],
      ]);
    },
  },
  {
    id: 'token.audiences-with-openid',
    area,
    title: 'an access token for an API with openid is an RS256 JWT for [API, <issuer>userinfo]',
    async check(context) {
      const { tokens } = await readerSignIn(context, { scope: 'openid', audience: context.apiAudience });
      const token = tokens.access_token;
      const claims = unverifiedClaims(token);
      return verdict.expectAll([
        [unverifiedHeader(token).alg === 'RS256', 'RS256'],
        [
          JSON.stringify(claims.aud) === JSON.stringify([context.apiAudience, `${context.issuer}userinfo`]),
          `aud ${JSON.stringify(claims.aud)}`,
        ],
        [claims.azp === context.clientId, `azp ${String(claims.azp)}`],
      ]);
    },
  },
  {
    id: 'token.audience-without-openid',
    area,
    title: 'without openid: no id token, and the access token is for the API alone (aud a string)',
    async check(context) {
      const { tokens } = await readerSignIn(context, { scope: 'email', audience: context.apiAudience });
      const claims = unverifiedClaims(tokens.access_token);
      return verdict.expectAll([
        [tokens.id_token === undefined, 'an id token was issued without openid'],
        [claims.aud === context.apiAudience, `aud ${JSON.stringify(claims.aud)}`],
      ]);
    },
  },
  {
    id: 'token.scopes-as-asked',
    area,
    title: 'a Management API token for a user carries only the scopes asked for',
    async check(context) {
      const { tokens, scope } = await grantedScope(
        context,
        'openid profile email',
        context.managementAudience,
      );
      return verdict.expectAll([
        [scope === 'openid profile email', `scope "${scope}"`],
        [tokens.scope === 'openid profile email', `reply scope "${tokens.scope}"`],
      ]);
    },
  },
  {
    id: 'token.unknown-scopes-dropped',
    area,
    title: 'scopes the API does not define are left out, the rest granted',
    async check(context) {
      const { scope } = await grantedScope(context, 'openid email read:everything', context.apiAudience);
      return verdict.expectAll([[scope === 'openid email', `scope "${scope}"`]]);
    },
  },
  {
    id: 'token.no-audience-opaque',
    area,
    title: 'without an audience: an opaque access token that /userinfo accepts and /api/v2 refuses',
    async check(context) {
      const { user, tokens } = await readerSignIn(context, { scope: 'openid profile email' });
      const isJws =
        tokens.access_token.split('.').length === 3 &&
        (() => {
          try {
            return typeof unverifiedHeader(tokens.access_token).alg === 'string';
          } catch {
            return false;
          }
        })();
      if (isJws) {
        const aud = JSON.stringify(unverifiedClaims(tokens.access_token).aud);
        return verdict.differs(`a JWT for ${aud} instead of an opaque token`);
      }
      const profile = await oidc.fetchUserInfo(context.webClient, tokens.access_token, user.userId);
      const management = await raw(context, `/api/v2/users/${encodeURIComponent(user.userId)}`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      return verdict.expectAll([
        [profile.email === user.email, '/userinfo answers the profile'],
        [management.status === 401, `/api/v2 answered ${management.status}`],
      ]);
    },
  },
  {
    id: 'token.lifetimes',
    area,
    title: "Auth0's default lifetimes: access token 86,400 s, id token 36,000 s",
    async check(context) {
      const { tokens } = await readerSignIn(context, { scope: 'openid', audience: context.apiAudience });
      const claims = tokens.claims();
      return verdict.expectAll([
        [tokens.expires_in === 86_400, `expires_in ${tokens.expires_in}`],
        [claims !== undefined && claims.exp - claims.iat === 36_000, 'id token lifetime'],
      ]);
    },
  },
  {
    id: 'token.refresh',
    area,
    title: 'offline_access gives a refresh token that openid-client refreshes',
    async check(context) {
      const { user, tokens } = await readerSignIn(context, offlineAccess(context));
      if (!tokens.refresh_token) return verdict.differs('no refresh token');
      const refreshed = await oidc.refreshTokenGrant(context.webClient, tokens.refresh_token);
      return verdict.expectAll([
        [typeof refreshed.access_token === 'string', 'no new access token'],
        [refreshed.claims()?.sub === user.userId, 'refreshed id token'],
      ]);
    },
  },
  {
    id: 'token.refresh-blocked-user',
    area,
    title: 'a refresh for a user an administrator blocked: 403 invalid_grant',
    async check(context) {
      const { user, refreshToken } = await newUserWithRefreshToken(context, 'refreshblocked');
      if (!refreshToken) return verdict.differs('no refresh token');
      await context.management.users.update(user.userId, { blocked: true });
      return expectRefreshRefused(context, refreshToken);
    },
  },
  {
    id: 'token.revoke',
    area,
    title: 'openid-client tokenRevocation: the refresh token then answers 403 invalid_grant',
    async check(context) {
      const { tokens } = await readerSignIn(context, offlineAccess(context));
      const refreshToken = tokens.refresh_token;
      if (!refreshToken) return verdict.differs('no refresh token');
      await oidc.tokenRevocation(context.webClient, refreshToken);
      return expectRefreshRefused(context, refreshToken);
    },
  },
  {
    id: 'token.wrong-password',
    area,
    title: "a wrong password or unknown user: 403 invalid_grant 'Wrong email or password.'",
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const wrong = oauthErrorOf(
        await verdict.failureOf(() => signIn(context, user, { password: 'Not-it-123' })),
      );
      const unknown = oauthErrorOf(
        await verdict.failureOf(() => signIn(context, { email: context.uniqueEmail('nobody') })),
      );
      return verdict.expectAll(
        [wrong, unknown].map((failure) =>
          verdict.refusedWith(failure, 403, {
            error: 'invalid_grant',
            error_description: 'Wrong email or password.',
          }),
        ),
      );
    },
  },
  {
    id: 'token.admin-blocked-user',
    area,
    title: "a user blocked by an administrator: 401 unauthorized 'user is blocked'",
    async check(context) {
      const user = await newUser(context, 'adminblocked');
      await context.management.users.update(user.userId, { blocked: true });
      const failure = oauthErrorOf(await verdict.failureOf(() => signIn(context, user)));
      return verdict.expectRefusal(failure, 401, {
        error: 'unauthorized',
        error_description: 'user is blocked',
      });
    },
  },
  {
    id: 'token.brute-force',
    area,
    title: '10 failures of one user from one address block it: 429 too_many_attempts',
    async check(context) {
      const user = await newUser(context, 'bruteforce');
      bruteForce.user = user;
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          verdict.failureOf(() => signIn(context, user, { password: `Wrong-horse-${index}` })),
        ),
      );
      bruteForce.attempts += 10;
      if (failures.some((failure) => oauthErrorOf(failure).status !== 403)) {
        return verdict.differs('a failure was not 403');
      }
      const blocked = oauthErrorOf(await verdict.failureOf(() => signIn(context, user)));
      bruteForce.attempts += 1;
      return verdict.expectRefusal(blocked, 429, { error: 'too_many_attempts' });
    },
  },
  {
    id: 'token.login-rate-limit',
    area,
    title:
      '20 sign-in attempts for one user from one address in a minute, then 429 too_many_requests with x-ratelimit-*',
    async check(context) {
      const user = bruteForce.user ?? (await newUser(context, 'ratelimit'));
      // Blocked attempts are refused before any password hash: they count as attempts all the same.
      // The bucket refills (10 a minute) while the checks run: the limit may come a few attempts late.
      while (bruteForce.attempts < 40) {
        const answer = await raw(context, '/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            grant_type: passwordRealmGrant,
            client_id: context.clientId,
            realm: context.connection,
            username: user.email,
            password: 'Wrong-horse-x',
          }),
        });
        bruteForce.attempts += 1;
        const body = (await answer.json().catch(() => ({}))) as { error?: string };
        if (body.error !== 'too_many_requests') continue;
        return verdict.expectAll([
          [bruteForce.attempts > 20, `limited at attempt ${bruteForce.attempts}`],
          [answer.status === 429, `status ${answer.status}`],
          [hasRateLimitHeaders(answer), 'x-ratelimit-* headers'],
          [/^\d+$/.test(answer.headers.get('retry-after') ?? ''), 'Retry-After'],
        ]);
      }
      return verdict.missing(`${bruteForce.attempts} attempts, none limited`);
    },
  },
  {
    id: 'token.client-credentials',
    area,
    title: 'client credentials through openid-client and node-auth0: a Management API token',
    async check(context) {
      const viaOidc = await oidc.clientCredentialsGrant(context.machineClient, {
        audience: context.managementAudience,
      });
      const machine = new AuthenticationClient({
        domain: context.domain,
        clientId: context.managementClient.id,
        clientSecret: context.managementClient.secret,
      });
      const { data: viaAuth0 } = await machine.oauth.clientCredentialsGrant({
        audience: context.managementAudience,
      });
      const claims = unverifiedClaims(viaOidc.access_token);
      return verdict.expectAll([
        [claims.aud === context.managementAudience, `aud ${JSON.stringify(claims.aud)}`],
        [claims.sub === `${context.managementClient.id}@clients`, `sub ${String(claims.sub)}`],
        [claims.gty === 'client-credentials', `gty ${String(claims.gty)}`],
        [typeof viaAuth0.access_token === 'string', 'node-auth0 got no token'],
      ]);
    },
  },
  {
    id: 'token.client-credentials-wrong-secret',
    area,
    title: "a wrong client secret: 401 access_denied 'Unauthorized'",
    async check(context) {
      const wrong = await oidc.discovery(
        new URL(context.issuer),
        context.managementClient.id,
        undefined,
        oidc.ClientSecretPost('not-the-secret'),
      );
      const failure = oauthErrorOf(
        await verdict.failureOf(() =>
          oidc.clientCredentialsGrant(wrong, { audience: context.managementAudience }),
        ),
      );
      return verdict.expectRefusal(failure, 401, {
        error: 'access_denied',
        error_description: 'Unauthorized',
      });
    },
  },
  {
    id: 'token.authorization-code-pkce',
    area,
    title: 'authorization code flow with PKCE (openid-client buildAuthorizationUrl + authorizationCodeGrant)',
    async check(context) {
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(context.webClient, {
        redirect_uri: `${context.appOrigin}/auth0-callback`,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: oidc.randomState(),
      });
      const user = await sharedUser(context, 'browser');
      const { response } = await new Browser().authorize(url, {
        email: user.email,
        password: context.password,
      });
      const location = response.headers.get('location') ?? '';
      const code = URL.canParse(location) ? new URL(location).searchParams.get('code') : null;
      if (!code) {
        const error = fragmentOf(response).get('error') ?? new URL(location || url).searchParams.get('error');
        return verdict.missing(`no code: ${error ?? response.status}`);
      }
      try {
        await oidc.authorizationCodeGrant(context.webClient, new URL(location), {
          pkceCodeVerifier: verifier,
          expectedState: url.searchParams.get('state') ?? undefined,
        });
        return verdict.likeAuth0();
      } catch (error) {
        return verdict.differs(verdict.describeError(error));
      }
    },
  },
];
