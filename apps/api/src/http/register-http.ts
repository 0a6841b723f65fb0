import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#api/config/app-config.ts';
import { type CspOptions, contentSecurityPolicy } from './content-security-policy.ts';
import { registerErrorHandler } from './error-handling.ts';
import { registerRequestContext } from './request-context.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** What every document's Content-Security-Policy depends on (the static site's pages, and the rest). */
export const cspOptionsOf = (config: Config): CspOptions => ({
  analyticsEnabled: config.analyticsEnabled,
  chatEnabled: config.chatEnabled,
  identityOrigin: config.identity.origin,
  checkout: config.checkout.embedded?.csp ?? null,
});

/**
 * The HTTP plumbing every route shares, registered before any route: the error envelope, the request
 * context, the body parsers, the security headers and the compression of answers.
 */
export async function registerHttp(app: FastifyInstance, config: Config) {
  registerErrorHandler(app);
  registerRequestContext(app);
  registerBodyParsers(app);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: false, // set per document, with the hashes of its inline scripts
    // The identity provider's sign-in popup reports back to its opener, which same-origin would cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  });
  const defaultCsp = contentSecurityPolicy(cspOptionsOf(config));
  // A callback hook, not an async one: it runs on every response, and a promise per reply is wasted work.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('Content-Security-Policy', defaultCsp);
    }
    // The sign-in popup ends on this page after visiting the provider (no COOP there); a COOP value here
    // would put the popup in a new browsing-context group and cut it off from the page that opened it.
    if (request.url.startsWith('/auth0-callback')) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    done(null, payload);
  });
  // Pages and built assets are compressed at build time; what is compressed here, per reply, is mostly
  // API JSON. Brotli at quality 1 rather than the plugin's 4: slightly bigger answers for a fraction of
  // the CPU, so more requests per second. Answers up to 128 KiB are compressed in one call, not through
  // a zlib stream, which on a small host cost a mid-sized page far more CPU and latency. Kept lists are
  // compressed once instead (kept-answer.ts). The measurements: docs/capacity.md, "Compression".
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
  });
}

/** Only JSON bodies are accepted; Fastify's text/plain parser would let a form post through as a string. */
function registerBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  // docs/product.md §7's API helper sends `Content-Type: application/json` on every call, also a DELETE
  // without a body; such a request carries no body to parse rather than an invalid one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && request.method === 'DELETE') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
