import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok } from './endpoint-parts.ts';
import { text, timestamp } from './fields.ts';

export const outboxQuery = z.object({ to: text({ label: 'address', max: 254 }).optional() });

/** A mail the product sent while no SMTP server is configured (packages/mail). */
export const storedMail = z
  .object({
    id: z.uuid(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.string().optional(),
    createdAt: timestamp,
  })
  .meta({ id: 'StoredMail' });

export type StoredMail = z.output<typeof storedMail>;

/** The API's own description: the OpenAPI document and, in development, its reference page. */
export const documentationEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    id: 'getOpenApiDocument',
    tag: 'Documentation',
    summary: 'This document (OpenAPI 3.1)',
    auth: 'public',
    answer: {
      status: 200,
      description: 'The OpenAPI document (not in an envelope).',
      schema: z.looseObject({ openapi: z.string() }),
    },
  }),
  endpoint({
    method: 'GET',
    path: '/api/docs',
    id: 'getReferencePage',
    tag: 'Documentation',
    summary: 'This document as a page to read',
    auth: 'public',
    developmentOnly: true,
    answer: { status: 200, contentType: 'text/html', description: 'An HTML page.', schema: z.string() },
  }),
];

export const developmentEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    id: 'readOutbox',
    tag: 'Development',
    summary: 'The development outbox: mail sent without SMTP, newest first',
    description: 'Embedded mode without SMTP_URL only; readable from the server’s own machine only.',
    auth: 'loopback',
    developmentOnly: true,
    request: { query: outboxQuery },
    answer: ok('The mail.', z.array(storedMail)),
    errors: { 403: ['forbidden'] },
  }),
];
