import { ConfigurationError, field, parseEnvironment, variables } from '@launchkit/env';
import { z } from 'zod';

// How buyers pay (decision 0049): Stripe's hosted Checkout page, or Embedded Checkout mounted by
// Stripe.js on the purchase page; and whether checkouts charge tax. Embedded Checkout loads Stripe.js,
// so the page's Content-Security-Policy names its origins, and only while it is configured.

/** Stripe.js of the release that names Embedded Checkout `createEmbeddedCheckoutPage` (2026-03-25.dahlia). */
export const stripeJsUrl = 'https://js.stripe.com/dahlia/stripe.js';

/** What Stripe's Embedded Checkout loads: Stripe.js, its frames, and the calls they make. */
const stripeSources = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
};

const checkoutSchema = z.object({
  CHECKOUT_UI: field
    .variable(z.enum(['hosted', 'embedded']))
    .transform((value) => value ?? (variables.CHECKOUT_UI.default as 'hosted')),
  STRIPE_PUBLISHABLE_KEY: field.optionalText,
  STRIPE_AUTOMATIC_TAX: field.flag(variables.STRIPE_AUTOMATIC_TAX.default),
});

export type CheckoutSources = typeof stripeSources;

/**
 * The checkout's settings. Outside production mode, with the Stripe API somewhere other than Stripe's
 * (STRIPE_API_URL, or the embedded emulator without a key), Stripe.js is that server's stand-in, from
 * its origin; otherwise, and always in production mode, it is Stripe's own, so production never loads
 * a script from the emulator.
 */
export function checkoutConfig(
  environment: NodeJS.ProcessEnv,
  payments: { mode: 'embedded' | 'production'; apiUrl: string | undefined },
) {
  const env = parseEnvironment(checkoutSchema, environment, 'Configuration');
  const automaticTax = env.STRIPE_AUTOMATIC_TAX;
  if (env.CHECKOUT_UI === 'hosted') return { ui: 'hosted' as const, automaticTax, embedded: null };
  const emulator = payments.mode === 'embedded' && payments.apiUrl;
  const publishableKey =
    env.STRIPE_PUBLISHABLE_KEY ?? (emulator ? variables.STRIPE_PUBLISHABLE_KEY.default.embedded : undefined);
  if (!publishableKey) {
    throw new ConfigurationError('Configuration', [
      'STRIPE_PUBLISHABLE_KEY: required with CHECKOUT_UI=embedded (your account’s pk_… key)',
    ]);
  }
  if (!emulator) {
    return {
      ui: 'embedded' as const,
      automaticTax,
      embedded: { publishableKey, stripeJsUrl, csp: stripeSources },
    };
  }
  const origin = new URL(emulator).origin;
  return {
    ui: 'embedded' as const,
    automaticTax,
    embedded: {
      publishableKey,
      stripeJsUrl: `${origin}/dahlia/stripe.js`,
      csp: { script: [origin], frame: [origin], connect: [] },
    },
  };
}

export type CheckoutConfig = ReturnType<typeof checkoutConfig>;
