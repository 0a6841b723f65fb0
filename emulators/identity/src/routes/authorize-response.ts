import { scriptJson } from '@launchkit/emulator-kit';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import type { SessionRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { createAuthorizationCode } from '#identity/tokens/authorization-codes.ts';
import { issueUserTokens } from '#identity/tokens/issue-tokens.ts';
import { userScopes } from '#identity/tokens/scopes.ts';
import { admitToOrganization } from './authorize-organization.ts';
import type { AuthorizeRequest } from './authorize-request.ts';

/**
 * Answers the app: a redirect to the callback with the response in the fragment, or (web_message,
 * auth0-js checkSession) a page that posts it to the app's window, which frames it.
 */
export function deliverAuthorizeResponse(
  context: IdentityContext,
  reply: FastifyReply,
  request: AuthorizeRequest,
  response: Record<string, string | number>,
) {
  const withState = request.state === undefined ? response : { ...response, state: request.state };
  if (request.responseMode === 'query') {
    const url = new URL(request.redirectUri);
    for (const [name, value] of Object.entries(withState)) url.searchParams.set(name, String(value));
    return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
  }
  if (request.responseMode === 'web_message') {
    const message = { type: 'authorization_response', response: withState };
    return sendPage(reply, context, {
      title: 'Answering the application',
      body: '<p>This page hands the sign-in result back to the application; it closes by itself.</p>',
      script: `(window.opener||window.parent).postMessage(${scriptJson(message)},${scriptJson(request.redirectOrigin)});`,
      frameAncestors: context.config.webOrigins,
    });
  }
  const url = new URL(request.redirectUri);
  url.hash = new URLSearchParams(
    Object.entries(withState).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
}

export function deliverAuthorizeError(
  context: IdentityContext,
  reply: FastifyReply,
  request: AuthorizeRequest,
  error: string,
  description: string,
) {
  return deliverAuthorizeResponse(context, reply, request, { error, error_description: description });
}

/**
 * What the request asked for, for a signed-in session, delivered to the app: a code (response_type=code)
 * or the tokens. Through an organization, only once the person is admitted to it (a member, an invited
 * one, or one its connection makes a member). `connection`: what they just signed in with, if anything.
 */
export async function deliverTokens(
  context: IdentityContext,
  reply: FastifyReply,
  request: AuthorizeRequest,
  user: UserRecord,
  session: Pick<SessionRecord, 'authTime' | 'sid' | 'amr'>,
  connection?: string,
) {
  const admission = admitToOrganization(context, request, user, connection);
  if (!admission.ok)
    return deliverAuthorizeError(context, reply, request, 'access_denied', admission.description);
  if (admission.organization) await context.store.save();
  const scopes = userScopes(request.scope, request.audience, context.urls);
  if (request.wantsCode) {
    const code = await createAuthorizationCode(context.store, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: user.userId,
      audience: request.audience,
      scope: scopes.join(' '),
      nonce: request.nonce,
      organizationId: admission.organization?.id,
      sid: session.sid,
      authTime: session.authTime,
      ...(session.amr ? { amr: session.amr } : {}),
    });
    return deliverAuthorizeResponse(context, reply, request, { code });
  }
  if (request.wantsIdToken && !scopes.includes('openid')) scopes.unshift('openid');
  const tokens = await issueUserTokens(context, {
    organization: admission.organization,
    user,
    clientId: request.clientId,
    audience: request.audience,
    scopes,
    authTime: session.authTime,
    sid: session.sid,
    includeAccessToken: request.wantsAccessToken,
    includeIdToken: request.wantsIdToken,
    nonce: request.nonce,
    includeAtHash: true,
    amr: session.amr,
  });
  const response: Record<string, string | number> = {};
  if (tokens.access_token) {
    Object.assign(response, {
      access_token: tokens.access_token,
      token_type: tokens.token_type,
      expires_in: tokens.expires_in,
      scope: tokens.scope,
    });
  }
  if (tokens.id_token) response.id_token = tokens.id_token;
  return deliverAuthorizeResponse(context, reply, request, response);
}
