import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { createMeteredItems } from './ensure-metered-item.ts';
import { createUsageRecorder } from './order-usage-report.ts';
import { handleUsageReports } from './report-usage-job.ts';
import { usageCatalogueOnce } from './usage-meter.ts';
import { registerUsageRoutes } from './usage-routes.ts';

/**
 * Usage on the provider's meters (docs/usage-billing.md, decision 0047): the report job, the usage
 * route, and the recorder a counted action calls in its transaction (handed to the items domain by
 * app.ts, so neither domain imports the other).
 */
export function registerUsage(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'config' | 'db' | 'jobs' | 'stripe' | 'authenticate'>,
) {
  const { config, db, jobs, stripe } = deps;
  const isReporting = config.usage.isReporting;
  // The emulator starts without the meter: the embedded app makes it; production finds stripe:setup's.
  const catalogue = usageCatalogueOnce(stripe, { mayCreate: config.mode === 'embedded' });
  // Handled even with reporting off: reports ordered while it was on are still sent, once.
  handleUsageReports({
    jobs,
    stripe,
    catalogue,
    ensureMeteredItems: createMeteredItems(stripe),
    log: app.log,
  });
  registerUsageRoutes(app, { db, stripe, isReporting, catalogue, authenticate: deps.authenticate });
  return createUsageRecorder({ isReporting, jobs });
}
