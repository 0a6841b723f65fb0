import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { successEnvelope } from './envelope.ts';
import { contactMessageField, contactNameField } from './field-rules.ts';
import { emailAddress, text } from './fields.ts';

export const contactRequest = z
  .object({
    name: text(contactNameField).optional().default(''),
    email: emailAddress,
    message: text(contactMessageField),
  })
  .meta({ id: 'ContactRequest' });

export const newsletterRequest = z.object({ email: emailAddress }).meta({ id: 'NewsletterRequest' });

export type ContactRequest = z.output<typeof contactRequest>;
export type NewsletterRequest = z.output<typeof newsletterRequest>;

const rateLimited = { 429: ['rate_limited'] } as const;

export const publicFormEndpoints = [
  endpoint({
    method: 'POST',
    path: '/api/contact',
    id: 'sendContactMessage',
    tag: 'Public forms',
    summary: 'Sends a message to the site owner',
    auth: 'public',
    request: { body: contactRequest },
    answer: {
      status: 200,
      description: 'The message was stored.',
      schema: successEnvelope(z.object({ sent: z.literal(true) })),
    },
    errors: rateLimited,
  }),
  endpoint({
    method: 'POST',
    path: '/api/newsletter',
    id: 'subscribeToNewsletter',
    tag: 'Public forms',
    summary: 'Subscribes an address to the newsletter (again is no error)',
    auth: 'public',
    request: { body: newsletterRequest },
    answer: {
      status: 200,
      description: 'The address is subscribed.',
      schema: successEnvelope(z.object({ subscribed: z.literal(true) })),
    },
    errors: rateLimited,
  }),
];
