import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import { registerDeleteAccountRoutes } from './delete-account-routes.ts';
import { handleAccountDeletionAtProviders } from './delete-at-providers.ts';
import { handleDataExportJobs } from './export-data.ts';
import { registerDataExportRoutes } from './export-routes.ts';

/** The account's own work: data exports (their routes and job), and deletion (its route, and its job at the providers). */
export function registerAccount(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Database;
    jobs: JobQueue;
    stripe: Stripe;
    management: ManagementClient;
    sessionEndings: SessionEndings;
    authenticate: Authenticate;
  },
) {
  const { config, db, jobs, stripe, management, authenticate } = deps;
  handleDataExportJobs({ jobs, db, stripe, site: config.site });
  registerDataExportRoutes(app, { db, jobs, siteName: config.site.name, authenticate });
  handleAccountDeletionAtProviders({ jobs, stripe, management, log: app.log });
  registerDeleteAccountRoutes(app, {
    db,
    identity: config.identity,
    jobs,
    sessionEndings: deps.sessionEndings,
    itemsPerUser: config.limits.itemsPerUser,
    authenticate,
  });
}
