import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { handleWebhookDeliveries } from './deliver-webhook.ts';
import { registerWebhookEndpointRoutes } from './webhook-endpoint-routes.ts';

/**
 * Outbound webhooks (docs/webhooks.md): the endpoints' routes, and the deliveries, heard from this
 * instance's announcements and sent by jobs. Where deliveries may go depends on the mode (decision 0035).
 */
export async function registerWebhooks(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Database;
    jobs: JobQueue;
    plans: PlanCatalogue;
    listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
    authenticate: Authenticate;
  },
) {
  const { config, db, jobs } = deps;
  const targets = { mode: config.mode };
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
