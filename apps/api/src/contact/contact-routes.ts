import { contactRequest } from '@app/api-contract';
import type { Mailer } from '@app/mail';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { publicPostLimit, type RateLimitConfig } from '#api/http/rate-limit.ts';
import { validate } from '#api/http/validate.ts';
import { sendContactMessage } from './send-contact-message.ts';

type ContactDeps = { db: Database; mailer: Mailer; inbox: string; rateLimit: RateLimitConfig };

export function registerContactRoutes(app: FastifyInstance, deps: ContactDeps) {
  app.post('/api/contact', { config: { rateLimit: publicPostLimit(deps.rateLimit) } }, async (request) => {
    const message = validate(contactRequest, request.body);
    await sendContactMessage({ ...deps, log: request.log }, message);
    return success({ sent: true });
  });
}
