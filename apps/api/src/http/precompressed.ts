import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type Precompressed = 'br' | 'gzip';

/**
 * The encoding in which to send an answer compressed ahead of time (built pages, kept lists) that the
 * request accepts, by its `Accept-Encoding` weights, brotli first at equal weight; undefined: the plain
 * bytes. Other answers are compressed per reply by @fastify/compress (app.ts).
 */
export function acceptedEncoding(request: FastifyRequest): Precompressed | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  return (negotiate(header.toLowerCase(), ['br', 'gzip']) as Precompressed | null) ?? undefined;
}
