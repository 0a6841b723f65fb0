import type { FastifyInstance } from 'fastify';

// Headers worth passing on from the hosted app; hop-by-hop and encoding headers are not (fetch has
// already decoded the body).
const relayedHeaders = ['content-type', 'cache-control', 'etag', 'last-modified', 'location'];

/**
 * OMNIOUT_URL: /omniout/* comes from an externally hosted pricing/account app, fetched by the server
 * so the frames stay same-origin (the account page reads the session like the rest of the app).
 */
export function registerOmnioutProxy(app: FastifyInstance, upstream: string) {
  const base = upstream.endsWith('/') ? upstream : `${upstream}/`;
  app.get('/omniout/*', async (request, reply) => {
    const rest = request.url.slice('/omniout/'.length);
    const target = new URL(rest, base);
    if (!target.href.startsWith(base))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const response = await fetch(target, {
      headers: { Accept: String(request.headers.accept ?? '*/*') },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      request.log.error({ err: error, target: target.href }, 'hosted app unreachable');
      return null;
    });
    if (!response) {
      return reply
        .status(502)
        .type('text/plain; charset=utf-8')
        .send('The hosted pricing app is not reachable.');
    }
    for (const name of relayedHeaders) {
      const value = response.headers.get(name);
      if (value) reply.header(name, value);
    }
    return reply.status(response.status).send(Buffer.from(await response.arrayBuffer()));
  });
}
