import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { daySeconds } from '#payments/billing/calendar.ts';
import { successUrlOf, trialWithoutCard } from '#payments/billing/complete-checkout.ts';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { PageError } from '#payments/http/error-handling.ts';
import { realNow } from '#payments/ids.ts';
import { checkoutAmounts } from '#payments/objects/checkout-session-object.ts';
import { priceOf, productOf } from '#payments/objects/subscription-object.ts';
import {
  backLink,
  type CheckoutFormView,
  type CheckoutSummary,
  checkoutPageBody,
  checkoutTitle,
} from '#payments/pages/checkout-page.ts';
import { originOfUrl } from '#payments/pages/page-format.ts';
import type { CheckoutSessionRecord, CustomerRecord } from '#payments/storage/payments-state.ts';
import { automaticOrigin } from '#payments/webhooks/emit-event.ts';
import { checkoutExtrasOf } from './checkout-page-extras.ts';
import { findCheckoutSession } from './checkout-session-routes.ts';
import { sendCheckoutPage } from './embedded-checkout-frame.ts';

// The hosted Checkout page's session and the pages it shows.

export type CheckoutPage = {
  context: PaymentsContext;
  session: CheckoutSessionRecord;
  customer: CustomerRecord | undefined;
};

const notFound = () =>
  new PageError(
    404,
    'Checkout not found',
    '<p>This checkout link is not valid. Start again from the site you came from.</p>',
  );

/**
 * The session a page's URL names: a hosted one by its id (`/c/pay/:id`), an embedded one by its client
 * secret (`/c/embed/:secret`), which is what Stripe.js is given; never one by the other's URL.
 */
function sessionOfPage(context: PaymentsContext, params: { id?: string; secret?: string }) {
  const id = params.secret ? params.secret.split('_secret_')[0] : params.id;
  const session = id ? findCheckoutSession(context, id, automaticOrigin) : undefined;
  if (params.secret) return session?.embedded?.clientSecret === params.secret ? session : undefined;
  return session?.embedded ? undefined : session;
}

/** The session of the URL with its customer; or the page that says why it cannot be paid. */
export function payableSession(context: PaymentsContext, request: FastifyRequest): CheckoutPage {
  const session = sessionOfPage(context, request.params as { id?: string; secret?: string });
  if (!session) throw notFound();
  const customer = session.customer ? liveCustomer(context.store.state, session.customer) : undefined;
  if (session.status === 'open' && session.customer && !customer) {
    throw new PageError(
      410,
      'This checkout is no longer available',
      `<p>The customer it was for no longer exists.</p>${backLink(session.cancelUrl)}`,
    );
  }
  return { context, session, customer };
}

export function summaryOf({ context, session, customer }: CheckoutPage): CheckoutSummary {
  const { state } = context.store;
  const [item] = session.lineItems;
  if (!item) throw notFound();
  const price = priceOf(state, item.price);
  const now = customer ? customerNow(state, customer) : realNow();
  return {
    sessionId: session.id,
    planName: productOf(state, price).name,
    seats: item.quantity,
    unitAmount: price.unitAmount,
    currency: price.currency,
    recurringAmount: checkoutAmounts(state, session).recurring,
    interval: price.interval,
    trialDays: session.trialPeriodDays,
    cardOptional: trialWithoutCard(session),
    trialEnd: session.trialPeriodDays ? now + session.trialPeriodDays * daySeconds : null,
    cancelUrl: session.cancelUrl,
    extras: checkoutExtrasOf(state, session),
  };
}

/** The page of a session that is no longer open: complete, or expired. */
export function statusPage(reply: FastifyReply, session: CheckoutSessionRecord) {
  if (session.status === 'complete') {
    return sendCheckoutPage(reply, session, {
      title: 'This checkout is complete',
      body: `<p>This subscription has already been paid for. Nothing more is needed.</p>
<p><a href="${escapeHtml(successUrlOf(session))}">Continue</a></p>`,
    });
  }
  return sendCheckoutPage(reply, session, {
    status: 410,
    title: 'This checkout session has expired',
    body: `<p>Checkout links last 24 hours. Start again from the site you came from.</p>${backLink(session.cancelUrl)}`,
  });
}

/** The origin of the success URL: where a form's answer may redirect. */
export function successOrigins(session: CheckoutSessionRecord): string[] {
  return [originOfUrl(session.successUrl)].filter((origin): origin is string => Boolean(origin));
}

export function renderForm(
  reply: FastifyReply,
  page: CheckoutPage,
  view: Partial<CheckoutFormView> & { status?: number },
) {
  const { session, customer } = page;
  const summary = summaryOf(page);
  const fixedEmail = customer?.email ?? session.customerEmail ?? null;
  return sendCheckoutPage(reply, session, {
    status: view.status ?? 200,
    title: checkoutTitle(summary),
    wide: true,
    formTargets: successOrigins(session),
    body: checkoutPageBody(summary, {
      fixedEmail,
      values: view.values ?? { email: '', number: '', expiry: '', name: customer?.name ?? '' },
      fieldErrors: view.fieldErrors ?? {},
      ...(view.formError && { formError: view.formError }),
      ...(view.promotionCode && { promotionCode: view.promotionCode }),
    }),
  });
}
