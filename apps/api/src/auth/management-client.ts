import type { IdentityConfig } from '#api/config.ts';

/** An answer of the provider's Management API that was not a success. */
export class ManagementApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { message?: string; errorCode?: string; error?: string },
  ) {
    super(`Management API answered ${statusCode}: ${body.message ?? body.error ?? 'no message'}`);
    this.name = 'ManagementApiError';
  }
}

export type ManagementUserUpdate = {
  email?: string;
  password?: string;
  connection?: string;
  name?: string;
  picture?: string;
};

const requestTimeoutMs = 10_000;
// Renew a little early so a token never expires between the check and the call.
const renewBeforeExpiryMs = 60_000;

/**
 * The provider's Management API with a machine-to-machine (client-credentials) token, cached until
 * shortly before it expires. Only the server holds these credentials; the browser never does.
 */
export function createManagementClient(identity: IdentityConfig) {
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - renewBeforeExpiryMs > Date.now()) return cached.token;
    const response = await fetch(`${identity.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: identity.managementClientId,
        client_secret: identity.managementClientSecret,
        audience: identity.managementAudience,
      }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
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
  }

  async function call(method: string, path: string, body?: unknown, retried = false): Promise<unknown> {
    const response = await fetch(`${identity.managementAudience}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    if (response.status === 401 && !retried) {
      // The provider may have revoked or rotated the cached token: get a new one once.
      cached = undefined;
      return call(method, path, body, true);
    }
    const payload = await response.json().catch(() => ({}));
    if (!response.ok) throw new ManagementApiError(response.status, payload as ManagementApiError['body']);
    return payload;
  }

  return {
    updateUser(uid: string, changes: ManagementUserUpdate) {
      return call('PATCH', `users/${encodeURIComponent(uid)}`, changes);
    },
  };
}

export type ManagementClient = ReturnType<typeof createManagementClient>;
