import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import { endSession } from '#identity/users/sessions.ts';
import {
  confirmLogoutPage,
  isAllowedLogoutUrl,
  logoutNotUnderstood,
  refusedAddress,
  signedOutPage,
  unknownClient,
} from './logout-pages.ts';

const logoutQuery = z.object({
  client_id: z.string().max(256).optional(),
  returnTo: z.string().max(4096).optional(),
  // `federated` arrives bare (`&federated`); there is no upstream provider session to end.
  federated: z.string().optional(),
  auth0Client: z.string().max(4096).optional(),
});

const oidcLogoutParams = z.object({
  id_token_hint: z.string().max(16_384).optional(),
  logout_hint: z.string().max(256).optional(),
  client_id: z.string().max(256).optional(),
  post_logout_redirect_uri: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  ui_locales: z.string().max(256).optional(),
  federated: z.string().optional(),
  // Set by the confirmation form this endpoint shows when the request carries no id_token_hint.
  confirm: z.literal('yes').optional(),
});

async function auth0Logout(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const query = logoutQuery.safeParse(request.query ?? {});
  if (!query.success) {
    return logoutNotUnderstood(
      context,
      reply,
      'Each parameter (client_id, returnTo, federated) may appear once, as text.',
    );
  }
  const { client_id: clientId, returnTo } = query.data;
  if (clientId !== undefined && clientId !== context.config.webClientId)
    return unknownClient(context, reply, clientId);
  if (returnTo !== undefined && !isAllowedLogoutUrl(context, returnTo))
    return refusedAddress(context, reply, 'returnTo', returnTo);
  await endSession(context, request, reply);
  if (returnTo !== undefined) return reply.redirect(new URL(returnTo).toString(), 302);
  return signedOutPage(context, reply);
}

/** The client an id_token_hint was issued to; undefined when the hint is not one of this emulator's id tokens. */
async function clientOfHint(context: IdentityContext, hint: string): Promise<string | undefined> {
  const options = { algorithms: ['RS256'], issuer: context.urls.issuer };
  try {
    const { payload } = await jwtVerify(hint, context.key.publicKey, options);
    return typeof payload.aud === 'string' ? payload.aud : undefined;
  } catch (error) {
    // An expired id token still says who signed in: the OpenID spec asks providers to accept it.
    if (error instanceof errors.JWTExpired && typeof error.payload.aud === 'string') return error.payload.aud;
    return undefined;
  }
}

async function oidcLogout(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: unknown,
) {
  const parsed = oidcLogoutParams.safeParse(input ?? {});
  if (!parsed.success) {
    return logoutNotUnderstood(
      context,
      reply,
      'Each parameter (id_token_hint, client_id, post_logout_redirect_uri, state, …) may appear once, as text.',
    );
  }
  const params = parsed.data;
  const hintClient = params.id_token_hint ? await clientOfHint(context, params.id_token_hint) : undefined;
  if (params.id_token_hint && !hintClient) {
    return sendPage(reply, context, {
      status: 400,
      title: 'Invalid id_token_hint',
      body: '<p>You are still signed in. The id_token_hint is not an id token issued by this identity provider.</p>',
    });
  }
  if (params.client_id && hintClient && params.client_id !== hintClient) {
    return logoutNotUnderstood(
      context,
      reply,
      'You are still signed in. The client_id is not the client the id_token_hint was issued to.',
    );
  }
  const clientId = params.client_id ?? hintClient;
  if (clientId !== undefined && clientId !== context.config.webClientId)
    return unknownClient(context, reply, clientId);
  const target = params.post_logout_redirect_uri;
  if (target !== undefined) {
    // The allowed logout URLs are a client's: the request must say which client it is.
    if (clientId === undefined) {
      return logoutNotUnderstood(
        context,
        reply,
        'You are still signed in. A post_logout_redirect_uri needs a client_id or an id_token_hint.',
      );
    }
    if (!isAllowedLogoutUrl(context, target))
      return refusedAddress(context, reply, 'post_logout_redirect_uri', target);
  }
  // Without proof of which session is meant, Auth0 asks the person first: a link cannot sign them out.
  if (!params.id_token_hint && params.confirm !== 'yes') return confirmLogoutPage(context, reply, params);
  await endSession(context, request, reply);
  if (target === undefined) return signedOutPage(context, reply);
  const url = new URL(target);
  if (params.state !== undefined) url.searchParams.set('state', params.state);
  return reply.redirect(url.toString(), 302);
}

/**
 * The two logout endpoints. /v2/logout (auth0-js `logout`) and /oidc/logout (OpenID Connect
 * RP-initiated logout, the discovery document's end_session_endpoint) end the emulator's session,
 * then return to the app only when the address is on one of IDENTITY_WEB_ORIGINS (the allowed logout
 * URLs): the emulator is never an open redirect, and a refused request changes nothing.
 */
export function registerLogoutRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'GET /v2/logout': auth0Logout,
    'GET /oidc/logout': (context, request, reply) => oidcLogout(context, request, reply, request.query),
    'POST /oidc/logout': (context, request, reply) => oidcLogout(context, request, reply, request.body),
  });
}
