import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  type CheckedTarget,
  checkTargetUrl,
  resolveTarget,
  type TargetPolicy,
  TargetRefused,
} from './webhook-targets.ts';

/** One attempt's outcome, as the delivery log shows it. */
export type Attempt = {
  isSuccess: boolean;
  /** The last answer's HTTP status; null when none came. */
  responseStatus: number | null;
  durationMs: number;
  /** Why it failed, shortly; null on success. */
  error: string | null;
};

// A receiver answers within 10 s or the attempt fails (and is tried again later): a slow endpoint
// holds one of the job's slots, never a request of the product.
export const attemptTimeoutMs = 10_000;
// A few hops for a moved endpoint; each is checked like the first.
const maxRedirects = 3;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * POSTs a signed delivery: resolves and checks the host (webhook-targets.ts), connects to the address
 * it checked, and follows redirects itself, checking each target the same way (the body and its
 * signature go along: the signature covers the body, not the address). A 2xx is a success.
 */
export async function postWebhook(
  urlText: string,
  message: { body: string; headers: Record<string, string> },
  policy: TargetPolicy,
): Promise<Attempt> {
  const started = performance.now();
  const signal = AbortSignal.timeout(attemptTimeoutMs);
  const finish = (responseStatus: number | null, error: string | null): Attempt => ({
    isSuccess: error === null,
    responseStatus,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  let url = urlText;
  try {
    for (let hop = 0; hop <= maxRedirects; hop += 1) {
      const target = await resolveTarget(checkTargetUrl(url, policy), policy);
      const answer = await post(target, message, policy, signal);
      if (answer.status >= 200 && answer.status < 300) return finish(answer.status, null);
      if (!(redirectStatuses.has(answer.status) && answer.location)) {
        return finish(answer.status, `The endpoint answered ${answer.status}.`);
      }
      url = new URL(answer.location, target.url).href;
    }
    return finish(null, `More than ${maxRedirects} redirects.`);
  } catch (error) {
    return finish(null, describeFailure(error, signal));
  }
}

function post(
  target: CheckedTarget,
  message: { body: string; headers: Record<string, string> },
  policy: TargetPolicy,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  // The connection goes to the address that was checked, never to a second answer for the name.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target.address]);
    else callback(null, target.address.address, target.address.family);
  };
  const isHttps = target.url.protocol === 'https:';
  const client = isHttps ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...message.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'Launchkit-Webhooks/1',
        },
        lookup,
        agent: false,
        signal,
        ...(isHttps && policy.ca && { ca: policy.ca }),
      },
      (response) => {
        // Only the status counts; the body is not read.
        response.destroy();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    request.on('error', reject);
    request.end(message.body);
  });
}

function describeFailure(error: unknown, signal: AbortSignal): string {
  if (error instanceof TargetRefused) return `Refused: ${error.message}`;
  if (signal.aborted) return `No answer within ${attemptTimeoutMs / 1000} s.`;
  const code = (error as NodeJS.ErrnoException).code;
  const text = `${code ? `${code}: ` : ''}${(error as Error).message ?? String(error)}`;
  return text.slice(0, 300);
}
