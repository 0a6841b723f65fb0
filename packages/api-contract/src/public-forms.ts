import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok } from './endpoint-parts.ts';
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

/** The token of a newsletter confirmation link: 32 random bytes, base64url (43 characters). */
export const newsletterConfirmationRequest = z
  .strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This confirmation link is incomplete.') })
  .meta({ id: 'NewsletterConfirmationRequest' });

export type ContactRequest = z.output<typeof contactRequest>;
export type NewsletterRequest = z.output<typeof newsletterRequest>;
export type NewsletterConfirmationRequest = z.output<typeof newsletterConfirmationRequest>;

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
    answer: ok('The message was stored.', z.object({ sent: z.literal(true) })),
    errors: rateLimited,
  }),
  endpoint({
    method: 'POST',
    path: '/api/newsletter',
    id: 'subscribeToNewsletter',
    tag: 'Public forms',
    summary: 'Subscribes an address to the newsletter (again is no error)',
    description:
      'Double opt-in: the address is mailed a confirmation link and counts as subscribed once it is followed. The answer is the same for every address, subscribed or not.',
    auth: 'public',
    request: { body: newsletterRequest },
    answer: ok(
      'The address is recorded, and mailed a confirmation link unless it is confirmed already.',
      z.object({ subscribed: z.literal(true) }),
    ),
    errors: rateLimited,
  }),
  endpoint({
    method: 'POST',
    path: '/api/newsletter/confirmation',
    id: 'confirmNewsletterSubscription',
    tag: 'Public forms',
    summary: 'Confirms a newsletter subscription with the token of its mailed link',
    auth: 'public',
    request: { body: newsletterConfirmationRequest },
    answer: ok(
      'The address is subscribed (again is no error).',
      z.object({ email: z.string(), confirmed: z.literal(true) }),
    ),
    errors: {
      404: ['newsletter/confirmation-not-found'],
      409: ['newsletter/confirmation-expired'],
      ...rateLimited,
    },
  }),
];
