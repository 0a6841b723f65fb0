import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok } from './endpoint-parts.ts';

/** One optional mail (one the person may turn off) and whether they get it. */
export const mailPreference = z
  .object({
    mail: z.string().describe('The mail’s name (`member-joined`, `trial-ending`).'),
    label: z.string(),
    description: z.string(),
    enabled: z.boolean(),
  })
  .meta({ id: 'MailPreference' });

export const mailPreferences = z
  .object({
    mails: z.array(mailPreference).describe('Every optional mail. Mail a duty calls for is never listed.'),
  })
  .meta({ id: 'MailPreferences' });

/** Which optional mails to send (`true`) or not (`false`), by name; mails left out stay as they are. */
export const mailPreferencesChange = z
  .record(z.string().max(64), z.boolean())
  .meta({ id: 'MailPreferencesChange' });

/** The one-click link of an optional mail (List-Unsubscribe, RFC 8058): whose it is, and which mail. */
export const unsubscribeQuery = z.object({
  token: z
    .uuid({ error: 'This unsubscribe link is not complete. Copy the whole link from the mail.' })
    .describe('The person’s unsubscribe token, from the mail.'),
  mail: z.string().max(64).describe('The mail to turn off.'),
});

export const unsubscribed = z
  .object({ mail: z.string(), label: z.string(), enabled: z.literal(false) })
  .meta({ id: 'Unsubscribed' });

export type MailPreference = z.output<typeof mailPreference>;
export type MailPreferences = z.output<typeof mailPreferences>;
export type MailPreferencesChange = z.output<typeof mailPreferencesChange>;
export type Unsubscribed = z.output<typeof unsubscribed>;

const unknownMail = { 400: ['mail/unknown-mail'] } as const;

export const mailPreferenceEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/mail-preferences',
    id: 'getMailPreferences',
    tag: 'Account',
    summary: 'The optional mails and whether the caller gets each (Settings → Notifications)',
    auth: 'bearer',
    answer: ok('The preferences.', mailPreferences),
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/mail-preferences',
    id: 'changeMailPreferences',
    tag: 'Account',
    summary: 'Turns optional mails on or off',
    auth: 'bearer',
    request: { body: mailPreferencesChange },
    answer: ok('The preferences as they now are.', mailPreferences),
    errors: unknownMail,
  }),
  endpoint({
    method: 'POST',
    path: '/api/mail-preferences/unsubscribe',
    id: 'unsubscribeFromMail',
    tag: 'Account',
    summary: 'Turns one optional mail off from the link in it (one click, RFC 8058)',
    description:
      'The address of every optional mail’s `List-Unsubscribe` header, posted by mail clients with the body `List-Unsubscribe=One-Click` (form-encoded), and by the product’s unsubscribe page. Needs no sign-in: the token names the person and can only turn mail off.',
    auth: 'public',
    request: { query: unsubscribeQuery },
    answer: ok('The mail is off (again is no error).', unsubscribed),
    errors: { ...unknownMail, 404: ['mail/unsubscribe-link-not-found'], 429: ['rate_limited'] },
  }),
];
