import type { IdentityConfig } from '#identity/config.ts';
import type { IdentityContext } from '#identity/context.ts';
import type { IssuerUrls } from '#identity/issuer-urls.ts';
import { type SocialConnection, socialConnections } from '#identity/storage/identity-state.ts';
import { isKnownAudience } from '#identity/tokens/scopes.ts';
import { readOrganization } from './authorize-organization.ts';

export const callbackPath = '/auth0-callback';

export type AuthorizeRequest = {
  clientId: string;
  redirectUri: string;
  redirectOrigin: string;
  /** `query` is the authorization-code flow's default; the implicit flow answers in the fragment. */
  responseMode: 'fragment' | 'web_message' | 'query';
  /** response_type=code: the answer is a code for /oauth/token, bound to `codeChallenge` (PKCE, S256). */
  wantsCode: boolean;
  codeChallenge: string | undefined;
  /** The organization (its id) the person signs in through: `organization` as an id, or a name the tenant allows. */
  organization: string | undefined;
  /** An enterprise connection (its id) to send the person to: `connection` naming one, or the organization's. */
  enterpriseConnection: string | undefined;
  /** An organization invitation's ticket (`invitation`), accepted by signing in with the invited email. */
  invitation: string | undefined;
  wantsAccessToken: boolean;
  wantsIdToken: boolean;
  scope: string | undefined;
  /** None: the access token is opaque (only /userinfo accepts it), as on a default Auth0 tenant. */
  audience: string | undefined;
  /** `database` for the configured database connection (or none given). */
  connection: 'database' | SocialConnection;
  state: string | undefined;
  nonce: string | undefined;
  prompt: string | undefined;
  /** Seconds: a session signed in longer ago than this must sign in again (OIDC max_age). */
  maxAge: number | undefined;
  /** The request's parameters as a query string, carried through the sign-in forms. */
  query: string;
};

export type AuthorizeValidation =
  /** The client or the callback is wrong: shown as a page, never sent to an unchecked URL. */
  | { kind: 'page'; title: string; message: string }
  /** Anything else wrong is answered to the (checked) callback, as OAuth says. */
  | { kind: 'callback'; request: AuthorizeRequest; error: string; description: string }
  | { kind: 'ok'; request: AuthorizeRequest };

const maxLength = 4096;

type Text = (name: string) => string | undefined;
type Problem = { error: string; description: string };

/**
 * Checks /authorize parameters. Callback policy (docs/identity.md): a redirect carrying tokens in its
 * fragment must go exactly to `<web origin>/auth0-callback` (any query string allowed); a web_message
 * answer is posted to the redirect_uri's origin and never navigated to, so there only the origin must
 * be one of IDENTITY_WEB_ORIGINS.
 */
export function validateAuthorizeRequest(input: unknown, context: IdentityContext): AuthorizeValidation {
  const { config, urls } = context;
  const params = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const text: Text = (name) => (params[name] as string | undefined) || undefined;
  const callback = checkClientAndCallback(params, text, config);
  if (callback.kind === 'page') return callback;
  const request: AuthorizeRequest = {
    ...callback.target,
    wantsCode: false,
    codeChallenge: undefined,
    organization: undefined,
    invitation: undefined,
    enterpriseConnection: undefined,
    wantsAccessToken: false,
    wantsIdToken: false,
    scope: text('scope'),
    audience: text('audience'),
    connection: 'database',
    state: text('state'),
    nonce: text('nonce'),
    prompt: text('prompt'),
    maxAge: undefined,
    query: new URLSearchParams(params as Record<string, string>).toString(),
  };
  const problem =
    readFlow(request, text, urls) ??
    readConnection(request, text, context) ??
    readOrganization(request, text, context.store.state);
  return problem ? { kind: 'callback', request, ...problem } : { kind: 'ok', request };
}

/** What is shown as a page: parameters that are not single texts, the client, the callback. */
function checkClientAndCallback(
  params: Record<string, unknown>,
  text: Text,
  config: IdentityConfig,
):
  | Extract<AuthorizeValidation, { kind: 'page' }>
  | {
      kind: 'ok';
      target: Pick<AuthorizeRequest, 'clientId' | 'redirectUri' | 'redirectOrigin' | 'responseMode'>;
    } {
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') {
      return {
        kind: 'page',
        title: 'Invalid request',
        message: `The parameter ${name} must appear once, as text.`,
      };
    }
    if (value.length > maxLength)
      return { kind: 'page', title: 'Invalid request', message: `The parameter ${name} is too long.` };
  }
  const clientId = text('client_id');
  if (clientId !== config.webClientId) {
    return {
      kind: 'page',
      title: 'Unknown client',
      message: clientId
        ? `The client_id "${clientId}" is not a client of this identity provider (expected ${config.webClientId}, AUTH0_CLIENT_ID).`
        : 'The request has no client_id.',
    };
  }
  const isCodeFlow = text('response_type') === 'code';
  const mode = text('response_mode');
  const responseMode =
    mode === 'web_message' ? 'web_message' : mode === 'fragment' || !isCodeFlow ? 'fragment' : 'query';
  const redirectUri = text('redirect_uri');
  const redirectUrl = redirectUri && URL.canParse(redirectUri) ? new URL(redirectUri) : undefined;
  const allowedOrigin = redirectUrl !== undefined && config.webOrigins.includes(redirectUrl.origin);
  const allowedCallback =
    allowedOrigin &&
    (responseMode === 'web_message' || (redirectUrl.pathname === callbackPath && !redirectUrl.hash));
  if (!redirectUri || !redirectUrl || !allowedCallback) {
    return {
      kind: 'page',
      title: 'Callback URL mismatch',
      message:
        `The redirect_uri "${redirectUri ?? ''}" is not an allowed callback URL. Allowed: ` +
        `${config.webOrigins.map((origin) => `${origin}${callbackPath}`).join(', ')} (set by IDENTITY_WEB_ORIGINS).`,
    };
  }
  return { kind: 'ok', target: { clientId, redirectUri, redirectOrigin: redirectUrl.origin, responseMode } };
}

/** The response mode and type, nonce, audience and max_age, read into `request`; the first problem found. */
function readFlow(request: AuthorizeRequest, text: Text, urls: IssuerUrls): Problem | undefined {
  const fail = (error: string, description: string) => ({ error, description });
  const mode = text('response_mode');
  if (mode !== undefined && !['fragment', 'web_message', 'query'].includes(mode)) {
    return fail('invalid_request', `Unsupported response_mode: ${mode}. Use query, fragment or web_message.`);
  }
  const responseType = text('response_type');
  const types = new Set((responseType ?? '').split(/\s+/).filter(Boolean));
  const isImplicit = types.size > 0 && [...types].every((type) => type === 'token' || type === 'id_token');
  if (responseType === 'code') {
    const problem = readCodeChallenge(request, text);
    if (problem) return problem;
  } else if (!isImplicit) {
    return fail('unsupported_response_type', `Unsupported response type: ${responseType ?? '(none)'}`);
  }
  // A code carries no token in the redirect: a response_mode=query answer would put tokens in a URL.
  if (mode === 'query' && !request.wantsCode)
    return fail('invalid_request', 'response_mode=query is only for response_type=code');
  request.wantsAccessToken = types.has('token');
  request.wantsIdToken = types.has('id_token');
  if (request.wantsIdToken && !request.nonce) return fail('invalid_request', 'Nonce required');
  if (request.audience !== undefined && !isKnownAudience(request.audience, urls))
    return fail('access_denied', `Service not found: ${request.audience}`);
  const maxAge = text('max_age');
  if (maxAge !== undefined) {
    if (!/^\d{1,10}$/.test(maxAge)) return fail('invalid_request', 'max_age must be a number of seconds');
    request.maxAge = Number(maxAge);
  }
  return undefined;
}

/** A social or enterprise connection named by the request, read into `request`. */
function readConnection(
  request: AuthorizeRequest,
  text: Text,
  context: IdentityContext,
): Problem | undefined {
  const connection = text('connection');
  if (connection && connection !== context.config.connection) {
    const enterprise = [...context.store.state.connections.values()].find((each) => each.name === connection);
    if (enterprise) {
      request.enterpriseConnection = enterprise.id;
      return undefined;
    }
    if (!(socialConnections as readonly string[]).includes(connection)) {
      return { error: 'invalid_request', description: `Connection not found: ${connection}` };
    }
    request.connection = connection as SocialConnection;
  }
  return undefined;
}

/**
 * The authorization-code flow of a public client (the web client has no secret): Auth0 wants PKCE,
 * with the S256 method (Authorization Code Flow with PKCE).
 */
function readCodeChallenge(request: AuthorizeRequest, text: Text): Problem | undefined {
  request.wantsCode = true;
  const challenge = text('code_challenge');
  const method = text('code_challenge_method') ?? 'plain';
  if (!challenge)
    return {
      error: 'invalid_request',
      description: 'Parameter code_challenge is required for public clients',
    };
  if (method !== 'S256')
    return {
      error: 'invalid_request',
      description: `Unsupported code_challenge_method: ${method}. Use S256.`,
    };
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return {
      error: 'invalid_request',
      description: 'code_challenge must be the base64url SHA-256 of the code_verifier',
    };
  request.codeChallenge = challenge;
  return undefined;
}
