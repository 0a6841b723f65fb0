import { scriptJson, sendHtmlPage } from '@launchkit/emulator-kit';
import type { FastifyReply } from 'fastify';
import { type Page, sendPage } from '#payments/http/html.ts';
import { stylesheetUrl } from '#payments/http/stylesheet.ts';
import { originOfUrl } from '#payments/pages/page-format.ts';
import type { CheckoutSessionRecord } from '#payments/storage/payments-state.ts';

// Embedded Checkout: the same checkout page, framed by the site's page that the emulator's Stripe.js
// (routes/stripe-js-routes.ts) mounted it in. The frame tells that page its height and, once paid, the
// return URL to go to: a cross-origin frame may not navigate the top window itself without a gesture.

/** What the frame posts to the page that mounted it; the emulator's Stripe.js listens for it. */
export const frameMessageType = 'payments-emulator:embedded-checkout';

/** The site whose page may frame an embedded session: its return URL's origin, and nothing else. */
const framingOrigins = (session: CheckoutSessionRecord) =>
  [originOfUrl(session.successUrl)].filter((origin): origin is string => Boolean(origin));

function frameScript(session: CheckoutSessionRecord, returnUrl: string | null) {
  const target = scriptJson(framingOrigins(session)[0] ?? '');
  const type = scriptJson(frameMessageType);
  const complete = returnUrl ? `post({ event: 'complete', returnUrl: ${scriptJson(returnUrl)} });` : '';
  return `const post = (message) => parent.postMessage({ type: ${type}, ...message }, ${target});
const size = () => post({ event: 'resize', height: document.documentElement.scrollHeight });
new ResizeObserver(size).observe(document.body);
size();
${complete}`;
}

/** A checkout page, framed (embedded sessions) or on its own (hosted ones). */
export function sendCheckoutPage(
  reply: FastifyReply,
  session: CheckoutSessionRecord,
  page: Page & { returnUrl?: string },
) {
  if (!session.embedded) return sendPage(reply, page);
  return sendHtmlPage(reply, {
    status: page.status,
    title: page.title,
    product: 'Payments emulator',
    stylesheet: stylesheetUrl,
    // Inside the site's page, which has its own banner and main: no second banner, a named main.
    lead: '<p class="hint">Payments emulator <span class="badge">Test mode</span></p>',
    mainClass: page.wide ? 'wide' : undefined,
    mainLabel: 'Checkout',
    body: page.body,
    frameAncestors: framingOrigins(session),
    script: frameScript(session, page.returnUrl ?? null),
  });
}

/** After payment: a hosted page redirects to the success URL; an embedded one asks its page to go. */
export function finishCheckout(reply: FastifyReply, session: CheckoutSessionRecord, successUrl: string) {
  if (!session.embedded) return reply.redirect(successUrl, 303);
  return sendCheckoutPage(reply, session, {
    title: 'Payment complete',
    body: '<p role="status">Thank you: your subscription has started. Taking you back…</p>',
    returnUrl: successUrl,
  });
}
