// The one client the web app calls servers with (docs/product.md §7): our API's JSON calls
// (`apiRequest`), its item stream (`openApiStream`), its files (`apiDownload`) and the public forms'
// posts (`postForm`). The bearer
// token, the envelope ({ status: 'success', data } or { status: 'error', code, message }) and the
// refused token (§8: `auth/invalid-user-token`, or `auth/account-deleted`, signs the session out) are handled here and nowhere else.
// The shapes come from the API contract (packages/api-contract), imported as types only: no zod in the
// bundle.
import type { Envelope, ErrorEnvelope } from '@launchkit/api-contract';
import { sessionRefusedCodes } from '@launchkit/api-contract/error-codes';
import { impersonationHeaders, leaveImpersonation } from './impersonation.ts';

const unreachable = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  readonly code: string;
  /** The fields the server named as wrong (validation), when it named any. */
  readonly fields?: Record<string, string>;

  constructor(code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.fields = fields;
  }
}

type SessionHooks = {
  /** The signed-in user's access token (renewed first when it is about to expire), sent when a call gives no `token` of its own. */
  token: () => Promise<string | null>;
  /** The server refused `token`: a renewed one to retry with (from the sign-in's refresh token), or null. */
  renew: (token: string) => Promise<string | null>;
  /** §8: the server refused the session's token and it could not be renewed: the session signs out. */
  signOut: (refusedToken: string) => void;
};

// Registered by the session (auth/session.ts) rather than imported, so the public pages' forms do
// not pull the sign-in code into their bundle (docs/decisions/0010-islands-on-prerendered-pages.md).
let sessionHooks: SessionHooks | null = null;

export function registerSessionHooks(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The token to send instead of the session's; `null` sends none. */
  token?: string | null;
  /** Aborting it cancels the call; the call then rejects with the abort's reason, not an ApiError. */
  signal?: AbortSignal;
};

type SendOptions = ApiOptions & {
  headers: Record<string, string>;
  cache?: RequestCache;
  /** The message of a call that cannot reach the server. */
  unreachableMessage?: string;
};

/** One fetch. A network failure becomes an ApiError; an aborted call rejects as fetch does. */
function send(
  url: string,
  { method = 'GET', body, token, signal, headers, cache, unreachableMessage }: SendOptions,
) {
  // An operator's "view as" (lib/impersonation.ts) rides on every call of ours but the back office's.
  const sent = url.startsWith('/api/')
    ? { ...impersonationHeaders(url.slice(5), method), ...headers }
    : { ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  return fetch(url, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache,
  }).catch((error: unknown) => {
    throw signal?.aborted ? error : new ApiError('network_error', unreachableMessage ?? unreachable);
  });
}

/** Whatever JSON the answer holds, or null. */
const readJson = (response: Response): Promise<unknown> => response.json().catch(() => null);

/** The error a refusal becomes: the server's code and message when it sent them, else `fallback`. */
function refusal(payload: unknown, fallback: () => ApiError): ApiError {
  // Read with care: a form service of someone else's (postForm) answers in a shape of its own.
  const { code, message, fields } = (payload ?? {}) as { code?: unknown; message?: unknown } & Pick<
    Partial<ErrorEnvelope>,
    'fields'
  >;
  return typeof code === 'string' && typeof message === 'string' && message
    ? new ApiError(code, message, fields)
    : fallback();
}

const isRefusedToken = (payload: unknown) => {
  const code = (payload as { code?: unknown } | null)?.code;
  return typeof code === 'string' && sessionRefusedCodes.has(code);
};

/**
 * One call with the session's token; a refused token is renewed and the call made once more. The
 * one place where a refused token ends the session (§8), when it cannot be renewed or is refused again.
 */
async function withSessionToken(attempt: (token: string | null) => Promise<Response>) {
  const token = (await sessionHooks?.token()) ?? null;
  const response = await attempt(token);
  if (response.ok || !token || !sessionHooks) return response;
  const payload = await readJson(response.clone());
  if (!isRefusedToken(payload)) return response;
  let renewed: string | null;
  try {
    renewed = await sessionHooks.renew(token);
  } catch {
    // The identity provider could not be asked: the refusal stands, the session stays for now.
    return response;
  }
  if (!renewed || renewed === token) {
    sessionHooks.signOut(token);
    return response;
  }
  const retried = await attempt(renewed);
  if (!retried.ok && isRefusedToken(await readJson(retried.clone()))) sessionHooks.signOut(renewed);
  return retried;
}

/** A JSON call to /api/{path}; resolves to the envelope's data, rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const attempt = (token: string | null) => send(`/api/${path}`, { ...options, token, headers: {} });
  const response = await (options.token === undefined ? withSessionToken(attempt) : attempt(options.token));
  const envelope = (await readJson(response)) as Envelope<T> | null;
  const unreadable = () =>
    new ApiError('bad_response', `The server answered ${response.status} without a readable body.`);
  if (!envelope) throw unreadable();
  // The operator's view ended (its time ran out, or it was ended elsewhere): back to the back office.
  if (envelope.status === 'error' && envelope.code === 'impersonation/ended') leaveImpersonation();
  if (envelope.status === 'error') throw refusal(envelope, unreadable);
  return envelope.data;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if it gives one. */
const fileNameOf = (disposition: string | null) => disposition?.match(/filename="([^"]+)"/)?.[1];

/**
 * A file the API answers as an attachment (GET /api/{path}), fetched with the session's token: its
 * contents, the name the server gave it (else `fallbackName`) and the answer's headers. A refusal rejects as `apiRequest` does.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string; headers: Headers }> {
  const response = await withSessionToken((token) =>
    send(`/api/${path}`, { token, headers: {}, cache: 'no-store' }),
  );
  if (!response.ok) {
    throw refusal(
      await readJson(response),
      () => new ApiError('bad_response', `The server answered ${response.status} without a readable body.`),
    );
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName, headers: response.headers };
}

type StreamOptions = {
  signal: AbortSignal;
  /** What the caller tells the person when the server cannot be reached or answers unreadably. */
  messages: { unreachable: string; failed: (status: number) => string };
};

/**
 * Opens an event stream at /api/{path} with the session's token in the Authorization header
 * (EventSource cannot send headers, and a token in a URL ends up in logs). Resolves to its body;
 * a refusal rejects with the server's error, as `apiRequest` does.
 */
export async function openApiStream(
  path: string,
  { signal, messages }: StreamOptions,
): Promise<ReadableStream<Uint8Array>> {
  const response = await withSessionToken((token) =>
    send(`/api/${path}`, {
      token,
      signal,
      headers: { Accept: 'text/event-stream' },
      cache: 'no-store',
      unreachableMessage: messages.unreachable,
    }),
  );
  if (response.ok && response.body) return response.body;
  throw refusal(
    await readJson(response),
    () => new ApiError('bad_response', messages.failed(response.status)),
  );
}

/**
 * POSTs JSON to a form-handling service (ours by default, or an external one, so never with the
 * token); a failure carries the service's message (`message`, or `error` as some services name it).
 */
export async function postForm(url: string, body: Record<string, string>): Promise<unknown> {
  const response = await send(url, { method: 'POST', body, headers: { Accept: 'application/json' } });
  const payload = ((await readJson(response)) ?? {}) as { status?: string; message?: string; error?: string };
  if (!response.ok || payload.status === 'error') {
    const message = payload.message || payload.error || 'Something went wrong';
    throw refusal(payload, () => new ApiError('form_failed', message));
  }
  return payload;
}
