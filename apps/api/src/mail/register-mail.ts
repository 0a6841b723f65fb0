import { hasTrial } from '@launchkit/plans';
import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '#api/domain-deps.ts';
import { registerMailPreferenceRoutes } from './mail-preference-routes.ts';
import { handleMailJobs } from './send-mail-job.ts';

/** Mail (docs/jobs.md): the job that sends what was ordered, and a person's mail preferences. */
export function registerMail(
  app: FastifyInstance,
  deps: Pick<DomainDeps, 'config' | 'db' | 'jobs' | 'mailer' | 'authenticate'>,
) {
  const { config, db } = deps;
  handleMailJobs({ jobs: deps.jobs, db, mailer: deps.mailer, site: config.site });
  registerMailPreferenceRoutes(app, {
    db,
    authenticate: deps.authenticate,
    rateLimit: config.rateLimit,
    offer: { hasTrial: hasTrial(config.payments.offer) },
  });
}
