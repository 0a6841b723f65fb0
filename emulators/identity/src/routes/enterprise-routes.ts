import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { finishOidcSignIn, oidcAuthorizeUrl } from '#identity/connections/oidc-relying-party.ts';
import { readSamlResponse, serviceProvider } from '#identity/connections/saml-service-provider.ts';
import type { IdentityContext } from '#identity/context.ts';
import type { ConnectionRecord, OrganizationRecord } from '#identity/storage/identity-state.ts';
import { nowInSeconds } from '#identity/tokens/issue-tokens.ts';
import { startSession } from '#identity/users/sessions.ts';
import { type EnterpriseProfile, signInWithEnterprise } from '#identity/users/sign-in-with-enterprise.ts';
import { sendErrorPage } from './authorize-pages.ts';
import { type AuthorizeRequest, validateAuthorizeRequest } from './authorize-request.ts';
import { deliverAuthorizeError, deliverTokens } from './authorize-response.ts';

/**
 * The enterprise connection an /authorize request goes to: the one it names, or else the first
 * enterprise connection enabled for its organization when the organization has no database connection
 * (Auth0 would show that connection's button; with only one way in, the emulator takes it).
 */
export function enterpriseConnectionFor(
  context: IdentityContext,
  authorize: AuthorizeRequest,
): ConnectionRecord | undefined {
  const { state } = context.store;
  if (authorize.enterpriseConnection) return state.connections.get(authorize.enterpriseConnection);
  if (!authorize.organization) return undefined;
  const organization: OrganizationRecord | undefined = state.organizations.get(authorize.organization);
  const enterprise = organization?.enabledConnections
    .map((each) => state.connections.get(each.connectionId))
    .filter((each): each is ConnectionRecord => each !== undefined);
  const onlyEnterprise = enterprise && enterprise.length === organization?.enabledConnections.length;
  return onlyEnterprise ? enterprise[0] : undefined;
}

/**
 * Sends the person to the connection's provider, remembering the request to finish when it answers.
 * A connection not enabled for the client is refused, as Auth0 refuses it.
 */
export async function startEnterpriseSignIn(
  context: IdentityContext,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  connection: ConnectionRecord,
) {
  if (!connection.enabledClients.includes(authorize.clientId))
    return deliverAuthorizeError(
      context,
      reply,
      authorize,
      'invalid_request',
      'the connection is not enabled',
    );
  const { state, nonce } = context.enterpriseTransactions.start(authorize.query, connection.id);
  const url =
    connection.strategy === 'samlp'
      ? await serviceProvider(context, connection).getAuthorizeUrlAsync(state, undefined, {})
      : oidcAuthorizeUrl(context, connection, state, nonce);
  return reply.header('Cache-Control', 'no-store').redirect(url, 302);
}

/** The provider answered who the person is: the /authorize request they started is finished for them. */
async function finishEnterpriseSignIn(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  authorizeQuery: string,
  connection: ConnectionRecord,
  outcome: { ok: true; profile: EnterpriseProfile } | { ok: false; reason: string },
) {
  const validation = validateAuthorizeRequest(
    Object.fromEntries(new URLSearchParams(authorizeQuery)),
    context,
  );
  if (validation.kind !== 'ok')
    return sendErrorPage(
      context,
      reply,
      'Sign-in failed',
      'Start signing in again from the application.',
      400,
    );
  const authorize = validation.request;
  if (!outcome.ok) {
    request.log.warn({ connection: connection.name, reason: outcome.reason }, 'enterprise sign-in refused');
    return deliverAuthorizeError(context, reply, authorize, 'access_denied', outcome.reason);
  }
  const user = await signInWithEnterprise(context, connection, outcome.profile, request.ip);
  if (user.blocked)
    return deliverAuthorizeError(context, reply, authorize, 'unauthorized', 'user is blocked');
  const session = await startSession(context, reply, user.userId, nowInSeconds());
  return deliverTokens(context, reply, authorize, user, session, connection.name);
}

const expired = (context: IdentityContext, reply: FastifyReply) =>
  sendErrorPage(
    context,
    reply,
    'This sign-in has expired',
    'Start signing in again from the application.',
    400,
  );

/** SAML: the HTTP-POST binding's SAMLResponse at Auth0's ACS, `/login/callback?connection=<name>`. */
async function samlCallback(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const name = (request.query as Record<string, unknown>).connection;
  const connection = [...context.store.state.connections.values()].find(
    (each) => each.name === name && each.strategy === 'samlp',
  );
  if (!connection || typeof body.SAMLResponse !== 'string' || typeof body.RelayState !== 'string')
    return expired(context, reply);
  const transaction = context.enterpriseTransactions.finish(body.RelayState, connection.id);
  if (!transaction) return expired(context, reply);
  const outcome = await readSamlResponse(context, connection, body.SAMLResponse);
  return finishEnterpriseSignIn(context, request, reply, transaction.authorizeQuery, connection, outcome);
}

/** OIDC: the provider's redirect with `code` and `state` to `/login/callback`. */
async function oidcCallback(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  const state = typeof query.state === 'string' ? query.state : undefined;
  const pending = state ? context.enterpriseTransactions.peek(state) : undefined;
  const connection = pending ? context.store.state.connections.get(pending.connectionId) : undefined;
  const transaction = connection ? context.enterpriseTransactions.finish(state, connection.id) : undefined;
  if (!connection || !transaction) return expired(context, reply);
  const outcome =
    typeof query.code === 'string'
      ? await finishOidcSignIn(context, connection, query.code, transaction.nonce)
      : {
          ok: false as const,
          reason:
            typeof query.error_description === 'string'
              ? query.error_description
              : 'the provider sent no code',
        };
  return finishEnterpriseSignIn(context, request, reply, transaction.authorizeQuery, connection, outcome);
}

export function registerEnterpriseRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /login/callback': samlCallback,
    'GET /login/callback': oidcCallback,
  });
}
