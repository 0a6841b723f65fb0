import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * helmet's headers on every response, worked out once at start. @fastify/helmet builds helmet's
 * middleware from the options anew on every request, a share of an authenticated GET's CPU worth
 * saving (docs/capacity.md, "Figures the code cites"), though for fixed options the headers never vary.
 * They go on the reply in onRequest, not on the raw response as helmet does: Node then validates them
 * once, as it writes the head, rather than once more as each is set. A reply written by hand (the live
 * stream) takes them from `reply.getHeaders()`.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets for `options`, read from a throwaway server. */
async function helmetHeaders(options: FastifyHelmetOptions) {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  let headers: Record<string, string | number | string[]> = {};
  probe.get('/', (_request, reply) => {
    // Only helmet has written to the raw response at this point; Fastify adds its own headers on send.
    headers = reply.raw.getHeaders() as typeof headers;
    return '';
  });
  await probe.inject('/');
  await probe.close();
  if (!headers['x-content-type-options']) throw new Error('helmet set no headers on the probe response');
  return headers;
}
