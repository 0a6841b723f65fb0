import type { NewsletterConfirmationRequest } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

/** Subscribes an address: it is mailed a link that confirms it (double opt-in). */
export const subscribeToNewsletter = (email: string) =>
  apiRequest('newsletter', { method: 'POST', body: { email }, token: null });

/** Confirms the subscription of the link's address (the token of its fragment). */
export const confirmNewsletterSubscription = (token: string) =>
  apiRequest<{ email: string; confirmed: true }>('newsletter/confirmation', {
    method: 'POST',
    body: { token } satisfies NewsletterConfirmationRequest,
    token: null,
  });
