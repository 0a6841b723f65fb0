import type { CheckoutSession } from '@launchkit/api-contract';
import type Stripe from 'stripe';
import type { CheckoutConfig } from '#api/config/checkout-config.ts';

// The parts of a Checkout Session that CHECKOUT_UI and STRIPE_AUTOMATIC_TAX decide (decision 0049).

/**
 * Hosted: Stripe's page, back to the success or cancel URL. Embedded: no page of Stripe's to leave, so
 * no cancel URL; Stripe sends the browser to the return URL (the success URL, with the session's id)
 * once paid.
 */
export function checkoutUiParams(
  checkout: CheckoutConfig,
  successUrl: string,
  cancelUrl: string,
): Partial<Stripe.Checkout.SessionCreateParams> {
  if (!checkout.embedded) return { success_url: successUrl, cancel_url: cancelUrl };
  // Built as text: URL would percent-encode the braces Stripe replaces.
  const returnUrl = `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
  return { ui_mode: 'embedded_page', return_url: returnUrl };
}

/**
 * Promotion codes are always accepted at checkout; tax, when configured, with the buyer's tax id. With
 * an existing customer Stripe needs the address and name Checkout collects saved to it to compute tax
 * and record the tax id (`customer_update`).
 */
export function checkoutExtrasParams(checkout: CheckoutConfig): Partial<Stripe.Checkout.SessionCreateParams> {
  return {
    allow_promotion_codes: true,
    ...(checkout.automaticTax && {
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      customer_update: { address: 'auto', name: 'auto' },
    }),
  };
}

/** The hosted page's URL, or what the purchase page needs to mount Embedded Checkout. */
export function checkoutAnswer(checkout: CheckoutConfig, session: Stripe.Checkout.Session): CheckoutSession {
  if (checkout.embedded) {
    if (!session.client_secret)
      throw new Error(`checkout session ${session.id} came without a client secret`);
    const { publishableKey, stripeJsUrl } = checkout.embedded;
    return {
      id: session.id,
      url: null,
      embedded: { clientSecret: session.client_secret, publishableKey, stripeJsUrl },
    };
  }
  if (!session.url) throw new Error(`checkout session ${session.id} came without a url`);
  return { id: session.id, url: session.url };
}
