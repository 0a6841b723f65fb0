import { describe, expect, it } from 'vitest';
import { appOrigin, goodCard, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const embeddedSession = (params: Record<string, unknown> = {}) =>
  payments.stripe.checkout.sessions.create({
    mode: 'subscription',
    ui_mode: 'embedded_page',
    line_items: [{ price: 'price_pro_monthly', quantity: 5 }],
    return_url: `${appOrigin}/dashboard?paid=true&session_id={CHECKOUT_SESSION_ID}`,
    ...params,
  });

describe('Embedded Checkout (ui_mode=embedded_page)', () => {
  it('answers a client secret and a return URL, no hosted URL', async () => {
    const session = await embeddedSession();
    expect(session).toMatchObject({
      ui_mode: 'embedded_page',
      url: null,
      success_url: null,
      return_url: `${appOrigin}/dashboard?paid=true&session_id={CHECKOUT_SESSION_ID}`,
      redirect_on_completion: 'always',
    });
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_[A-Za-z0-9]{24}$`));
    expect((await payments.stripe.checkout.sessions.retrieve(session.id)).client_secret).toBe(
      session.client_secret,
    );
  });

  it('refuses success_url with the embedded page and requires its return_url', async () => {
    await expect(embeddedSession({ success_url: `${appOrigin}/ok` })).rejects.toMatchObject({
      param: 'success_url',
    });
    await expect(embeddedSession({ return_url: undefined })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'return_url',
    });
  });

  it('serves its page by client secret only, framed by the return URL’s site alone', async () => {
    const session = await embeddedSession();
    const framed = await payments.page(`${payments.origin}/c/embed/${session.client_secret}`);
    expect(framed.status).toBe(200);
    expect(framed.headers.get('content-security-policy')).toContain(`frame-ancestors ${appOrigin}`);
    expect(framed.headers.get('x-frame-options')).toBeNull();
    expect(framed.html).toContain(`action="/c/embed/${session.client_secret}"`);
    expect((await payments.page(`${payments.origin}/c/pay/${session.id}`)).status).toBe(404);
    expect((await payments.page(`${payments.origin}/c/embed/${session.id}_secret_wrong`)).status).toBe(404);
  });

  it('completes in the frame and hands the return URL to the page that mounted it', async () => {
    const session = await embeddedSession({ customer_email: 'framed@example.com' });
    const declined = await payments.postForm(`${payments.origin}/c/embed/${session.client_secret}`, {
      ...goodCard,
      card_number: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const paid = await payments.postForm(`${payments.origin}/c/embed/${session.client_secret}`, {
      ...goodCard,
    });
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('Payment complete');
    expect(paid.html).toContain(`session_id=${session.id}`);
    const after = await payments.stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('serves a Stripe.js with createEmbeddedCheckoutPage that frames this emulator', async () => {
    const response = await fetch(`${payments.origin}/dahlia/stripe.js`);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    const text = await response.text();
    expect(text).toContain('createEmbeddedCheckoutPage');
    expect(text).toContain("'/c/embed/'");
  });
});
