import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { variables } from '@launchkit/env';
import type { ConnectionError } from 'fastify';
import type { ErrorCode, ErrorEnvelope } from './app-error.ts';

// The server's clocks against clients that hold a connection without using it (slowloris: headers or a
// body sent a byte at a time, an idle socket kept open), each chosen against what the product needs.

/**
 * Receiving a whole request, headers and body (REQUEST_TIMEOUT_MS's default, @launchkit/env). Bodies are
 * small JSON forms (32 KB at most), which a slow phone sends in well under a second; 30 s is generous
 * and still frees a socket a stalled client holds. It does not limit how long an answer takes: a live stream's request is
 * received at once and then runs for hours.
 */
export const requestTimeoutMs: number = variables.REQUEST_TIMEOUT_MS.default;

/** Receiving the request line and headers: a few hundred bytes, so half the request's time is plenty. */
export const headersTimeoutMs = 15_000;

/**
 * How long an idle keep-alive connection stays open between requests. Longer than the idle timeout of
 * the load balancers in front (60 s on AWS, Google Cloud and most others): the balancer must be the one
 * to close an idle connection, or it may send a request on a socket the app is closing at that moment
 * and answer the visitor 502.
 */
export const keepAliveTimeoutMs = 72_000;

/**
 * A socket with no traffic either way for this long is destroyed (a reader that stopped reading, a
 * peer that vanished). It must outlast: the live stream's keep-alive comment every 25 s (stream-items.ts),
 * with room for a late one; the keep-alive timeout above, which should close idle connections first and
 * gracefully; and the slowest answer, a payment provider call (15 s, retried twice: stripe-client.ts).
 */
export const connectionTimeoutMs = 120_000;

/** How often Node looks for requests past their header or request time: they end within this much. */
const timeoutCheckIntervalMs = 1_000;

/** Fastify's options for the timeouts above; `requestTimeout` is REQUEST_TIMEOUT_MS (config.limits). */
export function serverTimeouts(requestTimeout: number) {
  return {
    requestTimeout,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      // Node requires the headers' time to fit in the request's.
      headersTimeout: Math.min(headersTimeoutMs, requestTimeout),
      connectionsCheckingInterval: timeoutCheckIntervalMs,
    },
    clientErrorHandler: answerClientError,
  };
}

const clientErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request took too long to arrive. Please try again.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large.',
  },
};
const malformed = { status: 400, code: 'bad_request' as const, message: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler`: what Node refuses before a request reaches Fastify (the request
 * timeout, oversized headers, malformed HTTP) is answered in the API's envelope, then the connection
 * is closed, as Node and Fastify do by default.
 */
export function answerClientError(error: ConnectionError, socket: Socket) {
  // A connection reset or already destroyed has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = (error.code && clientErrors[error.code]) || malformed;
  const body = JSON.stringify({ status: 'error', code, message } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
