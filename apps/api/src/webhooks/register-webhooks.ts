import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { handleWebhookDeliveries } from './deliver-webhook.ts';
import { registerWebhookEndpointRoutes } from './webhook-endpoint-routes.ts';

/**
 * Outbound webhooks (docs/webhooks.md): the endpoints' routes, and the deliveries, heard from this
 * instance's announcements and sent by jobs. Where deliveries may go depends on the mode (decision 0035).
 */
export async function registerWebhooks(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'config' | 'db' | 'jobs' | 'plans' | 'listen' | 'authenticate'>,
) {
  const { config, db, jobs } = deps;
  // Staging accepts addresses of this machine (decision 0023): its loopback receivers too.
  const targets = { mode: config.mode, acceptsLoopback: config.isStaging };
  const deliveries = handleWebhookDeliveries({
    jobs,
    db,
    targets,
    plans: deps.plans,
    listen: deps.listen,
    log: app.log,
    retentionDays: config.webhooks.deliveryRetentionDays,
    daySeconds: config.webhooks.testDaySeconds,
  });
  await deliveries.start();
  app.addHook('onClose', async () => deliveries.stop());
  registerWebhookEndpointRoutes(app, {
    db,
    jobs,
    targets,
    authenticate: deps.authenticate,
  });
}
