import type { MailPreferences, MailPreferencesChange, Unsubscribed } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

export type { MailPreferences };

/** The optional mails and whether the signed-in person gets each (Settings → Notifications). */
export const getMailPreferences = (signal?: AbortSignal) =>
  apiRequest<MailPreferences>('mail-preferences', { signal });

export const changeMailPreferences = (change: MailPreferencesChange) =>
  apiRequest<MailPreferences>('mail-preferences', { method: 'PATCH', body: change });

/** Turns off the mail of an unsubscribe link, signed in or not: its token names the person. */
export const unsubscribeFromMail = (link: { token: string; mail: string }) =>
  apiRequest<Unsubscribed>(`mail-preferences/unsubscribe?${new URLSearchParams(link)}`, {
    method: 'POST',
    token: null,
  });
