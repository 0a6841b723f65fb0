import * as oidc from 'openid-client';
import { expectRefreshRefused, newUserWithRefreshToken, offlineAccess } from './checks-tokens.ts';
import { newUser, signIn } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

// Refresh token rotation and the Management API's refresh tokens and sessions, as the product uses them
// for Settings → Security's sessions (docs/identity.md, "Sessions", "Refresh tokens"). Auth0's pages:
// "Refresh Token Rotation", "Manage Refresh Tokens with Auth0 Management API", Management API
// "Get refresh tokens for a user", "Delete a refresh token", "Delete sessions for user".

const area = 'Sessions and refresh tokens';

export const sessionFeatures: verdict.Feature[] = [
  {
    id: 'token.refresh-rotation',
    area,
    title: 'with rotation on, each refresh answers the next refresh token, and the one spent is refused',
    async check(context) {
      const { refreshToken } = await newUserWithRefreshToken(context, 'rotation');
      if (!refreshToken) return verdict.differs('no refresh token');
      const refreshed = await oidc.refreshTokenGrant(context.webClient, refreshToken);
      if (!refreshed.refresh_token)
        return verdict.differs('the refresh answered no refresh token (no rotation)');
      const next = await oidc.refreshTokenGrant(context.webClient, refreshed.refresh_token);
      return verdict.expectAll([
        [refreshed.refresh_token !== refreshToken, 'the same refresh token came back'],
        [typeof next.refresh_token === 'string', 'the second refresh answered no refresh token'],
      ]);
    },
  },
  {
    id: 'token.refresh-reuse-detection',
    area,
    title:
      'a spent refresh token used again revokes its whole family: 403 invalid_grant, then for the latest too',
    async check(context) {
      const { refreshToken } = await newUserWithRefreshToken(context, 'reuse');
      if (!refreshToken) return verdict.differs('no refresh token');
      const refreshed = await oidc.refreshTokenGrant(context.webClient, refreshToken);
      if (!refreshed.refresh_token) return verdict.differs('no rotation');
      const reused = await expectRefreshRefused(context, refreshToken, {
        error: 'invalid_grant',
        error_description: 'Unknown or invalid refresh token.',
      });
      if (reused.verdict !== 'like-auth0') return reused;
      // The family's latest token goes with it.
      return expectRefreshRefused(context, refreshed.refresh_token);
    },
  },
  {
    id: 'mgmt.users.refresh-tokens',
    area,
    title: 'node-auth0 users.refreshToken.list: one rotating token per sign-in with client, dates and device',
    async check(context) {
      const user = await newUser(context, 'rt-list');
      await signIn(context, user, offlineAccess(context));
      const page = await context.management.users.refreshToken.list(user.userId);
      const [token] = page.data;
      if (!token) return verdict.differs('no refresh token listed');
      return verdict.expectAll([
        [page.data.length === 1, `${page.data.length} tokens`],
        [token.client_id === context.clientId, `client_id ${token.client_id}`],
        [token.user_id === user.userId, `user_id ${token.user_id}`],
        [token.rotating === true, `rotating ${token.rotating}`],
        [
          typeof token.created_at === 'string' && !Number.isNaN(Date.parse(String(token.created_at))),
          'created_at',
        ],
        [typeof token.device?.initial_user_agent === 'string', 'device.initial_user_agent'],
        [
          token.resource_servers?.[0]?.audience === context.apiAudience,
          `resource_servers ${JSON.stringify(token.resource_servers)}`,
        ],
      ]);
    },
  },
  {
    id: 'mgmt.refresh-tokens.delete',
    area,
    title: 'node-auth0 refreshTokens.delete: the token (its family) then answers 403 invalid_grant',
    async check(context) {
      const { user, refreshToken } = await newUserWithRefreshToken(context, 'rt-delete');
      if (!refreshToken) return verdict.differs('no refresh token');
      const [listed] = (await context.management.users.refreshToken.list(user.userId)).data;
      if (!listed?.id) return verdict.differs('no refresh token listed');
      await context.management.refreshTokens.delete(listed.id);
      return expectRefreshRefused(context, refreshToken);
    },
  },
  {
    id: 'mgmt.users.sessions.delete',
    area,
    title: 'node-auth0 users.sessions.delete: the user’s sign-in sessions end (an accepted request)',
    async check(context) {
      const user = await newUser(context, 'sessions-delete');
      const failure = await verdict.failureOf(() => context.management.users.sessions.delete(user.userId));
      return failure === undefined ? verdict.likeAuth0() : verdict.differs(verdict.describeError(failure));
    },
  },
];
