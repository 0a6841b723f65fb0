import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '#api/db/database.ts';

const drainByApp = new WeakMap<FastifyInstance, () => void>();

/**
 * `/healthz` says the process is alive (a restart helps if not); `/readyz` says it takes traffic: 503
 * once it is draining (SIGTERM) or while its database does not answer, so a load balancer stops sending
 * it requests before it closes.
 */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  let isDraining = false;
  drainByApp.set(app, () => {
    isDraining = true;
  });

  const databaseAnswers = async () => {
    try {
      await database.db.execute(sql`select 1`);
      return true;
    } catch (error) {
      app.log.error({ err: error }, 'health check: the database does not answer');
      return false;
    }
  };

  // Liveness only: a database outage must not make an orchestrator restart every instance at once.
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', database: database.kind }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    if (isDraining) return reply.status(503).send({ status: 'draining' });
    if (await databaseAnswers()) return { status: 'ready' };
    return reply.status(503).send({ status: 'unavailable' });
  });
}

/** Turns /readyz to 503 for good: the first step of a graceful stop. */
export function startDraining(app: FastifyInstance) {
  drainByApp.get(app)?.();
}
