import { escapeHtml, registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { bodyRecord, optionalParam, requiredParam } from '#identity/http/request-params.ts';
import {
  identityProviderMetadata,
  readAuthnRequest,
  signedSamlResponse,
} from '#identity/outside-idp/saml-identity-provider.ts';
import { sendErrorPage } from './authorize-pages.ts';

const chosen = z.object({ email: z.email().max(254), name: z.string().max(150).optional() });

const samlEntity = (context: IdentityContext) => context.urls.link('idp/saml');
const oidcIssuer = (context: IdentityContext) => context.urls.link('idp/oidc');

/** The stand-in provider's page: who to sign in as (any email; a test fills it in). */
function chooseUserPage(
  context: IdentityContext,
  reply: FastifyReply,
  action: string,
  hidden: Record<string, string>,
  error?: string,
) {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return sendPage(reply, context, {
    status: error ? 400 : 200,
    title: 'Outside identity provider',
    body:
      '<p>The emulator plays your company’s identity provider here. Sign in as:</p>' +
      (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="${escapeHtml(action)}">${fields}` +
      '<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="off">' +
      '<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="off">' +
      '<button type="submit">Sign in</button></form>',
  });
}

/** The ACS an AuthnRequest names must be this emulator's: the stand-in posts assertions nowhere else. */
function samlRequestOf(context: IdentityContext, samlRequest: unknown) {
  const info = typeof samlRequest === 'string' ? readAuthnRequest(samlRequest) : undefined;
  if (!info?.acsUrl.startsWith(context.urls.link('login/callback'))) return undefined;
  return info;
}

/** The answer to a sign-in whose SAMLRequest is missing or not for this emulator's post-back URL. */
const invalidSamlRequest = (context: IdentityContext, reply: FastifyReply) =>
  sendErrorPage(
    context,
    reply,
    'Invalid SAML request',
    'The SAMLRequest is missing or not for this emulator.',
    400,
  );

async function samlSignInPage(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  if (!samlRequestOf(context, query.SAMLRequest)) return invalidSamlRequest(context, reply);
  return chooseUserPage(context, reply, '/idp/saml/sso', {
    SAMLRequest: String(query.SAMLRequest),
    RelayState: String(query.RelayState ?? ''),
  });
}

async function samlSignIn(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const info = samlRequestOf(context, body.SAMLRequest);
  if (!info) return invalidSamlRequest(context, reply);
  const person = chosen.safeParse(body);
  const relayState = typeof body.RelayState === 'string' ? body.RelayState : '';
  if (!person.success)
    return chooseUserPage(
      context,
      reply,
      '/idp/saml/sso',
      { SAMLRequest: String(body.SAMLRequest), RelayState: relayState },
      'Enter a valid email address.',
    );
  const response = signedSamlResponse(
    {
      idpEntityId: samlEntity(context),
      audience: info.spEntityId,
      acsUrl: info.acsUrl,
      inResponseTo: info.id,
      nameId: person.data.email,
      attributes: { email: person.data.email, ...(person.data.name ? { name: person.data.name } : {}) },
    },
    context.samlKeys.outsideIdp,
  );
  // The HTTP-POST binding: a form the browser submits to the service provider's ACS.
  return sendPage(reply, context, {
    title: 'Signing you in',
    body:
      `<form id="saml" method="post" action="${escapeHtml(info.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(response)}">` +
      `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"><button type="submit">Continue</button></form>`,
    script: "document.getElementById('saml').submit();",
  });
}

async function samlIdpMetadata(context: IdentityContext, _request: FastifyRequest, reply: FastifyReply) {
  const xml = identityProviderMetadata(
    samlEntity(context),
    context.urls.link('idp/saml/sso'),
    context.samlKeys.outsideIdp.certificate,
  );
  return reply.type('application/xml').send(xml);
}

async function oidcDiscovery(context: IdentityContext) {
  const issuer = oidcIssuer(context);
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  };
}

async function oidcAuthorizePage(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  if (text('response_type') !== 'code' || !text('client_id') || !URL.canParse(text('redirect_uri')))
    return sendErrorPage(
      context,
      reply,
      'Invalid request',
      'response_type=code, client_id and redirect_uri are required.',
      400,
    );
  const hidden = Object.fromEntries(
    ['client_id', 'redirect_uri', 'state', 'nonce'].map((name) => [name, text(name)]),
  );
  return chooseUserPage(context, reply, '/idp/oidc/authorize', hidden);
}

const oidcAnswerForm = z.object({
  client_id: z.string().min(1).max(500),
  redirect_uri: z.url().max(2048),
  state: z.string().max(2048).optional(),
  nonce: z.string().max(2048).optional(),
});

async function oidcAuthorize(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const form = oidcAnswerForm.safeParse(request.body ?? {});
  if (!form.success)
    return sendErrorPage(context, reply, 'Invalid request', 'client_id and redirect_uri are required.', 400);
  const { client_id: clientId, redirect_uri: redirectUri, state, nonce } = form.data;
  const person = chosen.safeParse(request.body);
  if (!person.success) {
    const hidden = { client_id: clientId, redirect_uri: redirectUri, state: state ?? '', nonce: nonce ?? '' };
    return chooseUserPage(context, reply, '/idp/oidc/authorize', hidden, 'Enter a valid email address.');
  }
  const code = context.outsideOidc.issue({
    clientId,
    redirectUri,
    email: person.data.email,
    ...(nonce ? { nonce } : {}),
    ...(person.data.name ? { name: person.data.name } : {}),
  });
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state) url.searchParams.set('state', state);
  return reply.redirect(url.toString(), 302);
}

async function oidcToken(context: IdentityContext, request: FastifyRequest) {
  const params = bodyRecord(request.body);
  if (requiredParam(params, 'grant_type') !== 'authorization_code')
    throw oauthError(400, 'unsupported_grant_type', 'Only authorization_code');
  requiredParam(params, 'client_secret');
  const clientId = requiredParam(params, 'client_id');
  const signIn = context.outsideOidc.redeem(
    requiredParam(params, 'code'),
    clientId,
    optionalParam(params, 'redirect_uri'),
  );
  if (!signIn) throw oauthError(400, 'invalid_grant', 'Invalid authorization code');
  const idToken = await context.outsideOidc.idToken(oidcIssuer(context), signIn);
  return { access_token: idToken.slice(-32), id_token: idToken, token_type: 'Bearer', expires_in: 3600 };
}

/** The outside identity providers the emulator plays: SAML under /idp/saml, OpenID Connect under /idp/oidc. */
export function registerOutsideIdpRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'GET /idp/saml/metadata': samlIdpMetadata,
    'GET /idp/saml/sso': samlSignInPage,
    'POST /idp/saml/sso': samlSignIn,
    'GET /idp/oidc/.well-known/openid-configuration': oidcDiscovery,
    'GET /idp/oidc/authorize': oidcAuthorizePage,
    'POST /idp/oidc/authorize': oidcAuthorize,
    'POST /idp/oidc/token': oidcToken,
    'GET /idp/oidc/jwks': async () => context.outsideOidc.jwks(),
  });
}
