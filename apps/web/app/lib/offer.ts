import { offerOf } from '@launchkit/plans';

/**
 * The trial the server gives (STRIPE_TRIAL_DAYS), baked into the pages at build time (vite.config.ts
 * `envPrefix`) so the prerendered copy states it without a request.
 */
export const offer = offerOf(import.meta.env.STRIPE_TRIAL_DAYS);
