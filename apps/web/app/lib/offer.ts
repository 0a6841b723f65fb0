import { offerOf } from '@launchkit/plans';

/**
 * The trial the server gives (STRIPE_TRIAL_DAYS, STRIPE_TRIAL_CARD, STRIPE_TRIAL_END_WITHOUT_CARD),
 * baked into the pages at build time (vite.config.ts `envPrefix`) so the prerendered copy states it
 * without a request.
 */
export const offer = offerOf({
  STRIPE_TRIAL_DAYS: import.meta.env.STRIPE_TRIAL_DAYS,
  STRIPE_TRIAL_CARD: import.meta.env.STRIPE_TRIAL_CARD,
  STRIPE_TRIAL_END_WITHOUT_CARD: import.meta.env.STRIPE_TRIAL_END_WITHOUT_CARD,
});
