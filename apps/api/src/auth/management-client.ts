import type { IdentityConfig } from '#api/config/app-config.ts';
import { requestIdHeader } from '#api/http/request-context.ts';

/** An answer of the provider's Management API that was not a success. */
export class ManagementApiError extends Error {
  readonly statusCode: number;
  readonly body: { message?: string; errorCode?: string; error?: string };

  constructor(statusCode: number, body: { message?: string; errorCode?: string; error?: string }) {
    super(`Management API answered ${statusCode}: ${body.message ?? body.error ?? 'no message'}`);
    this.statusCode = statusCode;
    this.body = body;
    this.name = 'ManagementApiError';
  }
}

/**
 * The provider could not be asked: no connection, no answer in time, or its token endpoint is down.
 * Unlike any other failure this one is worth retrying shortly, so it is told apart.
 */
export class ManagementUnreachableError extends Error {
  constructor(url: string, options?: { cause?: unknown }) {
    super(`The identity provider could not be reached at ${url}`, options);
    this.name = 'ManagementUnreachableError';
  }
}

/** The fields of a provider's user this product reads (GET users/{id}). */
export type ManagementUser = {
  user_id?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type ManagementUserUpdate = {
  email?: string;
  email_verified?: boolean;
  /** With a new email: the provider mails a verification link to it (Auth0's `verify_email`). */
  verify_email?: boolean;
  password?: string;
  connection?: string;
  name?: string;
  picture?: string;
};

/** One entry of GET users/{id}/authentication-methods. */
export type ManagementAuthenticationMethod = {
  id: string;
  type: string;
  name?: string;
  confirmed?: boolean;
  created_at?: string;
  last_auth_at?: string;
};

/** One entry of GET users/{id}/refresh-tokens (the fields this product reads). */
export type ManagementRefreshToken = {
  id: string;
  client_id?: string;
  created_at?: string;
  session_id?: string | null;
};

/** An organization (Organizations › Create an organization). */
export type ManagementOrganization = { id: string; name: string; display_name?: string };

/** Connections › Create a connection, for the enterprise strategies this product sets up. */
export type ManagementConnectionCreate = {
  name: string;
  display_name?: string;
  strategy: 'samlp' | 'oidc';
  options: Record<string, unknown>;
};

/** A connection as the provider answers it (the fields this product reads). */
export type ManagementConnection = {
  id: string;
  name: string;
  strategy: string;
  options?: Record<string, unknown>;
};

const requestTimeoutMs = 10_000;
// A rate-limited call waits for the provider's bucket this long at most, once; longer, it fails.
const maxRateLimitWaitMs = 2_000;

/** How long a 429 says to wait (`Retry-After` seconds, else Auth0's `x-ratelimit-reset` epoch seconds). */
function rateLimitWaitMs(response: Response): number | null {
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - Date.now());
  return null;
}
// Renew a little early so a token never expires between the check and the call.
const renewBeforeExpiryMs = 60_000;

/** A request to the provider; no answer at all (no connection, a timeout) is `ManagementUnreachableError`. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    const headers = { ...requestIdHeader(), ...(init.headers as Record<string, string>) };
    return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (error) {
    throw new ManagementUnreachableError(url, { cause: error });
  }
}

/** A client-credentials token for the Management API, cached until shortly before it expires. */
function createTokenSource(identity: IdentityConfig) {
  let cached: { token: string; expiresAt: number } | undefined;
  return {
    async get(): Promise<string> {
      if (cached && cached.expiresAt - renewBeforeExpiryMs > Date.now()) return cached.token;
      const tokenUrl = `${identity.origin}/oauth/token`;
      const response = await send(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: identity.managementClientId,
          client_secret: identity.managementClientSecret,
          audience: identity.managementAudience,
        }),
      });
      if (response.status >= 500) throw new ManagementUnreachableError(tokenUrl);
      const body = (await response.json().catch(() => ({}))) as {
        access_token?: string;
        expires_in?: number;
        error_description?: string;
      };
      if (!response.ok || !body.access_token) {
        throw new Error(
          `The identity provider refused the management credentials (${response.status}): ${body.error_description ?? 'no description'}`,
        );
      }
      cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
      return cached.token;
    },
    /** The provider may have revoked or rotated the cached token. */
    forget() {
      cached = undefined;
    },
  };
}

/**
 * One call of the Management API, answering its JSON body: a 401 gets a new token once, a 429 with a
 * short enough wait waits once; any other failure is `ManagementApiError`.
 */
function createCaller(identity: IdentityConfig) {
  const tokens = createTokenSource(identity);
  return async function call(
    method: string,
    path: string,
    body?: unknown,
    retried = false,
    waited = false,
  ): Promise<unknown> {
    const response = await send(`${identity.managementAudience}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await tokens.get()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && !retried) {
      tokens.forget();
      return call(method, path, body, true, waited);
    }
    // Auth0 limits the tenant's Management API calls: a short wait for the bucket is worth it, once.
    const waitMs = response.status === 429 && !waited ? rateLimitWaitMs(response) : null;
    if (waitMs !== null && waitMs <= maxRateLimitWaitMs) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return call(method, path, body, retried, true);
    }
    const payload = await response.json().catch(() => ({}));
    if (!response.ok) throw new ManagementApiError(response.status, payload as ManagementApiError['body']);
    return payload;
  };
}

type Call = ReturnType<typeof createCaller>;

/** Users › Get refresh tokens for a user (scope read:refresh_tokens), every page (at most 1,000). */
async function listRefreshTokens(call: Call, uid: string): Promise<ManagementRefreshToken[]> {
  const tokens: ManagementRefreshToken[] = [];
  let from: string | undefined;
  do {
    const query = new URLSearchParams({ take: '100', ...(from ? { from } : {}) });
    const page = (await call('GET', `users/${encodeURIComponent(uid)}/refresh-tokens?${query}`)) as {
      tokens?: ManagementRefreshToken[];
      next?: string;
    };
    tokens.push(...(page.tokens ?? []));
    from = page.next;
  } while (from && tokens.length < 1_000);
  return tokens;
}

/**
 * Organizations and enterprise connections (single sign-on, docs/sso.md): each call names the scope the
 * Management API client needs for it.
 */
function organizationCalls(call: Call, webClientId: string) {
  return {
    /** Organizations › Create an organization (scope create:organizations). */
    async createOrganization(body: { name: string; display_name: string }): Promise<ManagementOrganization> {
      return (await call('POST', 'organizations', body)) as ManagementOrganization;
    },
    /** Organizations › Get organization by name (scope read:organizations). */
    async getOrganizationByName(name: string): Promise<ManagementOrganization> {
      return (await call('GET', `organizations/name/${encodeURIComponent(name)}`)) as ManagementOrganization;
    },
    /** Organizations › Delete an organization (scope delete:organizations). */
    deleteOrganization(id: string) {
      return call('DELETE', `organizations/${encodeURIComponent(id)}`);
    },
    /** Connections › Create a connection (scope create:connections): an enterprise one, SAML or OIDC. */
    async createConnection(body: ManagementConnectionCreate): Promise<ManagementConnection> {
      return (await call('POST', 'connections', body)) as ManagementConnection;
    },
    /** Connections › Delete a connection (scope delete:connections). */
    deleteConnection(id: string) {
      return call('DELETE', `connections/${encodeURIComponent(id)}`);
    },
    /** Connections › Update enabled clients (scope update:connections): the web client signs in with it. */
    enableConnectionForClient(id: string) {
      return call('PATCH', `connections/${encodeURIComponent(id)}/clients`, [
        { client_id: webClientId, status: true },
      ]);
    },
    /**
     * Organizations › Add connections (scope create:organization_connections): the connection is the
     * organization's way in, and whoever it signs in becomes a member of the organization at the
     * provider (the product's own membership is decided by the API: sso/join-workspace.ts).
     */
    addOrganizationConnection(organizationId: string, connectionId: string) {
      return call('POST', `organizations/${encodeURIComponent(organizationId)}/enabled_connections`, {
        connection_id: connectionId,
        assign_membership_on_login: true,
        show_as_button: true,
      });
    },
  };
}

/**
 * The provider's Management API with a machine-to-machine (client-credentials) token, cached until
 * shortly before it expires. Only the server holds these credentials; the browser never does.
 */
export function createManagementClient(identity: IdentityConfig) {
  const call = createCaller(identity);
  const user = (uid: string) => `users/${encodeURIComponent(uid)}`;
  const method = (uid: string, id: string) => `${user(uid)}/authentication-methods/${encodeURIComponent(id)}`;

  return {
    async getUser(uid: string): Promise<ManagementUser> {
      return (await call('GET', user(uid))) as ManagementUser;
    },
    updateUser(uid: string, changes: ManagementUserUpdate) {
      return call('PATCH', user(uid), changes);
    },
    /**
     * Users › Delete a user (scope delete:users): the sign-in, its sessions and refresh tokens go. Auth0
     * answers 204 for a user that is already gone too.
     */
    deleteUser(uid: string) {
      return call('DELETE', user(uid));
    },
    /** Users › Get a list of authentication methods (scope read:authentication_methods). */
    async listAuthenticationMethods(uid: string): Promise<ManagementAuthenticationMethod[]> {
      return (await call('GET', `${user(uid)}/authentication-methods`)) as ManagementAuthenticationMethod[];
    },
    /** Users › Update an authentication method (scope update:authentication_methods): its name. */
    renameAuthenticationMethod(uid: string, id: string, name: string) {
      return call('PATCH', method(uid, id), { name }) as Promise<ManagementAuthenticationMethod>;
    },
    /** Users › Delete an authentication method (scope delete:authentication_methods). */
    deleteAuthenticationMethod(uid: string, id: string) {
      return call('DELETE', method(uid, id));
    },
    /** Users › Delete sessions for user (scope delete:sessions): the provider's own sign-in sessions. */
    deleteUserSessions(uid: string) {
      return call('DELETE', `${user(uid)}/sessions`);
    },
    /** Users › Get refresh tokens for a user (scope read:refresh_tokens), every page. */
    listRefreshTokens: (uid: string) => listRefreshTokens(call, uid),
    /** Refresh tokens › Delete a refresh token (scope delete:refresh_tokens): its whole family stops. */
    deleteRefreshToken(id: string) {
      return call('DELETE', `refresh-tokens/${encodeURIComponent(id)}`);
    },
    ...organizationCalls(call, identity.clientId),
    /** Has the provider mail the user a new verification link (Jobs › Send an email address verification email). */
    sendVerificationEmail(uid: string) {
      return call('POST', 'jobs/verification-email', { user_id: uid, client_id: identity.clientId });
    },
  };
}

export type ManagementClient = ReturnType<typeof createManagementClient>;
