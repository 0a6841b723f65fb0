import type { FastifyInstance } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/operations/rate-limit.ts';
import { sendContactMessage } from './send-contact-message.ts';

type ContactDeps = { db: Database; jobs: Pick<JobQueue, 'send'>; inbox: string; rateLimit: RateLimitConfig };

export function registerContactRoutes(app: FastifyInstance, deps: ContactDeps) {
  const options = { config: { rateLimit: publicPostLimit(deps.rateLimit) } };
  route(app, 'sendContactMessage', options, async ({ body }) => {
    await sendContactMessage(deps, body);
    return success({ sent: true });
  });
}
