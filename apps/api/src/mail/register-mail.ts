import type { Mailer } from '@launchkit/mail';
import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/caller/authenticate.ts';
import type { Config } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { registerMailPreferenceRoutes } from './mail-preference-routes.ts';
import { handleMailJobs } from './send-mail-job.ts';

/** Mail (docs/jobs.md): the job that sends what was ordered, and a person's mail preferences. */
export function registerMail(
  app: FastifyInstance,
  deps: { config: Config; db: Database; jobs: JobQueue; mailer: Mailer; authenticate: Authenticate },
) {
  const { config, db } = deps;
  handleMailJobs({ jobs: deps.jobs, db, mailer: deps.mailer, site: config.site });
  registerMailPreferenceRoutes(app, {
    db,
    authenticate: deps.authenticate,
    rateLimit: config.rateLimit,
    offer: { trialDays: config.payments.trialDays },
  });
}
