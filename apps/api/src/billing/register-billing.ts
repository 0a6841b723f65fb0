import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { registerBillingRoutes } from './billing-routes.ts';
import { handleCustomerOwnerJobs } from './customer-owner.ts';
import { registerWebhookRoutes } from './webhook-routes.ts';

/** Billing (docs/billing.md): checkout and portal sessions, the provider's webhook, the customer's owner job. */
export function registerBilling(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'config' | 'db' | 'jobs' | 'stripe' | 'plans' | 'metrics' | 'authenticate'>,
) {
  const { config, db, jobs, stripe, plans } = deps;
  handleCustomerOwnerJobs({ jobs, db, stripe, log: app.log });
  registerBillingRoutes(app, {
    db,
    stripe,
    plans,
    payments: config.payments,
    checkout: config.checkout,
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
