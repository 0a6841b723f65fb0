import type { FastifyInstance } from 'fastify';

/** Serves an emulator's one stylesheet, so that no page needs inline styles. */
export function registerStylesheet(app: FastifyInstance, url: string, css: string) {
  const text = css.trim();
  app.get(url, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(text),
  );
}
