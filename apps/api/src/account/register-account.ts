import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { registerDeleteAccountRoutes } from './delete-account-routes.ts';
import { handleAccountDeletionAtProviders } from './delete-at-providers.ts';
import { handleDataExportJobs } from './export-data.ts';
import { registerDataExportRoutes } from './export-routes.ts';

/** The account's own work: data exports (their routes and job), and deletion (its route, and its job at the providers). */
export function registerAccount(
  app: FastifyInstance,
  deps: Pick<
    DomainDeps,
    'config' | 'db' | 'jobs' | 'stripe' | 'management' | 'sessionEndings' | 'authenticate'
  >,
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
