import { describe, expect, it } from 'vitest';
import { checkoutConfig } from '#api/config/checkout-config.ts';
import { productionProblems } from '#api/config/production-settings.ts';
import { contentSecurityPolicy } from '#api/http/content-security-policy.ts';
import { completeProduction } from '#api/test/production-environment.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';

// Embedded Checkout and tax (decision 0049): the session the API makes, what the purchase page is
// given to mount it, and the settings that keep production on Stripe's own Stripe.js.

const world = useBillingWorld({ CHECKOUT_UI: 'embedded', STRIPE_AUTOMATIC_TAX: 'true' });

describe('POST /api/stripe-create-checkout-session with CHECKOUT_UI=embedded', () => {
  it('makes an embedded_page session returning to the dashboard, with codes and tax, and answers its client secret', async () => {
    const user = await world().signedInUser();
    const { status, body } = await world().call(user, 'POST', '/api/stripe-create-checkout-session', {
      priceId: 'price_pro_monthly',
      successUrl: `${world().appUrl}/dashboard?paid=true`,
      cancelUrl: `${world().appUrl}/pricing`,
    });
    expect(status).toBe(200);
    const emulator = new URL(world().payments.appEnv.STRIPE_API_URL).origin;
    expect(body.data).toMatchObject({
      url: null,
      embedded: { publishableKey: 'pk_test_emulator', stripeJsUrl: `${emulator}/dahlia/stripe.js` },
    });
    const session = await world().payments.stripe.checkout.sessions.retrieve(body.data.id);
    expect(body.data.embedded.clientSecret).toBe(session.client_secret);
    expect(session).toMatchObject({
      ui_mode: 'embedded_page',
      return_url: `${world().appUrl}/dashboard?paid=true&session_id={CHECKOUT_SESSION_ID}`,
      success_url: null,
      cancel_url: null,
      allow_promotion_codes: true,
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
    });
  });
});

describe('checkout settings', () => {
  it('loads Stripe.js from the emulator in development only; production has Stripe’s, whatever the API URL', () => {
    const environment = { CHECKOUT_UI: 'embedded', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    const development = checkoutConfig(environment, { mode: 'embedded', apiUrl: 'http://localhost:3002' });
    expect(development.embedded?.stripeJsUrl).toBe('http://localhost:3002/dahlia/stripe.js');
    const production = checkoutConfig(environment, {
      mode: 'production',
      apiUrl: 'https://proxy.example.com',
    });
    expect(production.embedded).toMatchObject({
      publishableKey: 'pk_live_1',
      stripeJsUrl: 'https://js.stripe.com/dahlia/stripe.js',
    });
    expect(checkoutConfig({}, { mode: 'embedded', apiUrl: 'http://localhost:3002' }).embedded).toBeNull();
    expect(() =>
      checkoutConfig({ CHECKOUT_UI: 'embedded' }, { mode: 'production', apiUrl: undefined }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => checkoutConfig({ CHECKOUT_UI: 'popup' }, { mode: 'embedded', apiUrl: undefined })).toThrow(
      /CHECKOUT_UI/,
    );
  });

  it('names Stripe’s origins in the CSP only for Embedded Checkout', () => {
    const base = { analyticsEnabled: false, chatEnabled: false };
    expect(contentSecurityPolicy(base)).not.toContain('stripe.com');
    const embedded = checkoutConfig(
      { CHECKOUT_UI: 'embedded', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' },
      { mode: 'production', apiUrl: undefined },
    );
    const policy = contentSecurityPolicy({ ...base, checkout: embedded.embedded?.csp ?? null });
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/checkout\.stripe\.com;/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com https:\/\/checkout\.stripe\.com;/);
  });

  it('refuses in production an embedded checkout without a live publishable key', () => {
    const problems = (extra: Record<string, string>) =>
      productionProblems({ ...completeProduction, ...extra }).filter((line) =>
        line.startsWith('STRIPE_PUBLISHABLE_KEY'),
      );
    expect(problems({})).toEqual([]);
    expect(problems({ CHECKOUT_UI: 'embedded' })).toEqual([
      expect.stringContaining('required in production'),
    ]);
    expect(problems({ CHECKOUT_UI: 'embedded', STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator' })).toEqual([
      expect.stringContaining('test-mode key'),
    ]);
    expect(problems({ CHECKOUT_UI: 'embedded', STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc' })).toEqual([]);
  });
});
