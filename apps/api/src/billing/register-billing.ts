import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { Metrics } from '#api/operations/metrics.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { handleCustomerOwnerJobs } from './customer-owner.ts';
import { registerWebhookRoutes } from './webhook-routes.ts';

/** Billing (docs/billing.md): checkout and portal sessions, the provider's webhook, the customer's owner job. */
export function registerBilling(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Database;
    jobs: JobQueue;
    stripe: Stripe;
    plans: PlanCatalogue;
    metrics: Metrics;
    authenticate: Authenticate;
  },
) {
  const { config, db, jobs, stripe, plans } = deps;
  handleCustomerOwnerJobs({ jobs, db, stripe, log: app.log });
  registerBillingRoutes(app, {
    db,
    stripe,
    plans,
    payments: config.payments,
    site: config.site,
    authenticate: deps.authenticate,
  });
  registerWebhookRoutes(app, {
    db,
    stripe,
    webhookSecret: config.payments.webhookSecret,
    metrics: deps.metrics,
    jobs,
    plans,
    site: config.site,
  });
}
