// The product API helper of §7: /api/{path}, JSON in and out, the bearer token when there is one.
// An answer with status 'error' becomes a thrown ApiError carrying the server's code and message.

const unreachable = 'Could not reach the server. Check your connection and try again.';

type ApiEnvelope<T> = { status: 'success'; data: T } | { status: 'error'; code: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ApiOptions = { method?: string; body?: unknown; token?: string | null };

type SessionHooks = {
  /** The signed-in user's access token, sent when a call gives no `token` of its own. */
  token: () => string | null;
  /** §8: the server refused the token (revoked, expired, tampered): the session signs out. */
  onInvalidUserToken: () => void;
};

// Registered by the session (auth/session.ts) rather than imported, so the public pages' forms do
// not pull the sign-in code into their bundle.
let sessionHooks: SessionHooks | null = null;

export function registerSessionHooks(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, token = sessionHooks?.token() }: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {
    throw new ApiError('network_error', unreachable);
  });
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!envelope)
    throw new ApiError('bad_response', `The server answered ${response.status} without a readable body.`);
  if (envelope.status === 'error') {
    if (envelope.code === 'auth/invalid-user-token') sessionHooks?.onInvalidUserToken();
    throw new ApiError(envelope.code, envelope.message);
  }
  return envelope.data;
}

/** POST JSON to a form-handling service (ours by default, or an external one); errors carry its message. */
export async function postForm(url: string, body: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new Error(unreachable);
  });
  const payload = (await response.json().catch(() => ({}))) as {
    message?: string;
    error?: string;
    status?: string;
  };
  if (!response.ok || payload.status === 'error') {
    throw new Error(payload.message || payload.error || 'Something went wrong');
  }
  return payload;
}
