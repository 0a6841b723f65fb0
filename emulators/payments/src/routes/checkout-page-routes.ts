import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { daySeconds } from '#payments/billing/calendar.ts';
import { completeCheckout, successUrlOf } from '#payments/billing/complete-checkout.ts';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import { cardMessages, validateCard, validateEmail } from '#payments/billing/test-cards.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { PageError } from '#payments/http/error-handling.ts';
import { sendPage } from '#payments/http/html.ts';
import { realNow } from '#payments/ids.ts';
import { checkoutAmounts } from '#payments/objects/checkout-session-object.ts';
import { priceOf, productOf } from '#payments/objects/subscription-object.ts';
import {
  authenticationPageBody,
  backLink,
  type CheckoutFormView,
  type CheckoutSummary,
  checkoutPageBody,
  checkoutTitle,
} from '#payments/pages/checkout-page.ts';
import { formFields, originOfUrl } from '#payments/pages/page-format.ts';
import type { CheckoutSessionRecord, CustomerRecord } from '#payments/storage/payments-state.ts';
import { automaticOrigin } from '#payments/webhooks/emit-event.ts';
import { findCheckoutSession } from './checkout-session-routes.ts';

const notFound = () =>
  new PageError(
    404,
    'Checkout not found',
    '<p>This checkout link is not valid. Start again from the site you came from.</p>',
  );

/**
 * The hosted Checkout page (`/c/pay/:session`): the order, a card form, Stripe's test cards and their
 * messages, the 3-D Secure step, then a 303 to the success URL. A completed or expired session's page
 * says so.
 */
export function registerCheckoutPageRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  function summaryOf(session: CheckoutSessionRecord, customer: CustomerRecord | undefined): CheckoutSummary {
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
      trialDays: session.trialPeriodDays,
      trialEnd: session.trialPeriodDays ? now + session.trialPeriodDays * daySeconds : null,
      cancelUrl: session.cancelUrl,
    };
  }

  /** The session with its customer; or the page that says why it cannot be paid. */
  function payableSession(id: string) {
    const session = findCheckoutSession(context, id, automaticOrigin);
    if (!session) throw notFound();
    const customer = session.customer ? liveCustomer(state, session.customer) : undefined;
    if (session.status === 'open' && session.customer && !customer) {
      throw new PageError(
        410,
        'This checkout is no longer available',
        `<p>The customer it was for no longer exists.</p>${backLink(session.cancelUrl)}`,
      );
    }
    return { session, customer };
  }

  function statusPage(reply: FastifyReply, session: CheckoutSessionRecord) {
    if (session.status === 'complete') {
      return sendPage(reply, {
        title: 'This checkout is complete',
        body: `<p>This subscription has already been paid for. Nothing more is needed.</p>
<p><a href="${escapeHtml(successUrlOf(session))}">Continue</a></p>`,
      });
    }
    return sendPage(reply, {
      status: 410,
      title: 'This checkout session has expired',
      body: `<p>Checkout links last 24 hours. Start again from the site you came from.</p>${backLink(session.cancelUrl)}`,
    });
  }

  function renderForm(
    reply: FastifyReply,
    session: CheckoutSessionRecord,
    customer: CustomerRecord | undefined,
    view: Partial<CheckoutFormView> & { status?: number },
  ) {
    const summary = summaryOf(session, customer);
    const fixedEmail = customer?.email ?? session.customerEmail ?? null;
    return sendPage(reply, {
      status: view.status ?? 200,
      title: checkoutTitle(summary),
      wide: true,
      formTargets: [originOfUrl(session.successUrl)].filter((origin): origin is string => Boolean(origin)),
      body: checkoutPageBody(summary, {
        fixedEmail,
        values: view.values ?? { email: '', number: '', expiry: '', name: customer?.name ?? '' },
        fieldErrors: view.fieldErrors ?? {},
        ...(view.formError && { formError: view.formError }),
      }),
    });
  }

  app.get('/c/pay/:id', async (request, reply) => {
    const { session, customer } = payableSession((request.params as { id: string }).id);
    if (session.status !== 'open') return statusPage(reply, session);
    await context.store.save();
    return renderForm(reply, session, customer, {});
  });

  app.post('/c/pay/:id', async (request, reply) => {
    const { session, customer } = payableSession((request.params as { id: string }).id);
    if (session.status !== 'open') return reply.redirect(`/c/pay/${session.id}`, 303);
    const field = formFields(request.body);
    const values = {
      email: field('email').trim(),
      number: field('card_number'),
      expiry: field('card_expiry'),
      name: field('card_name'),
    };
    const fixedEmail = customer?.email ?? session.customerEmail ?? null;
    const email = fixedEmail ?? values.email;
    const emailError = fixedEmail ? undefined : validateEmail(values.email);
    const checked = validateCard(
      { number: values.number, expiry: values.expiry, cvc: field('card_cvc'), name: values.name },
      new Date(),
    );
    if (!checked.ok || emailError) {
      const fieldErrors = { ...(emailError && { email: emailError }), ...(checked.ok ? {} : checked.errors) };
      return renderForm(reply, session, customer, { status: 400, values, fieldErrors });
    }
    const { card, behaviour } = checked.card;
    if (behaviour.kind === 'declines') {
      request.log.info(
        { session: session.id, decline: behaviour.decline.declineCode },
        'checkout card declined',
      );
      return renderForm(reply, session, customer, {
        status: 402,
        values,
        formError: behaviour.decline.message,
      });
    }
    const entered = { email, name: checked.card.name, card };
    if (behaviour.kind === 'requires_authentication') {
      session.pendingAuthentication = entered;
      await context.store.save();
      return reply.redirect(`/c/pay/${session.id}/authenticate`, 303);
    }
    const successUrl = completeCheckout(context, session, customer, entered);
    await context.store.save();
    return reply.redirect(successUrl, 303);
  });

  app.get('/c/pay/:id/authenticate', async (request, reply) => {
    const { session, customer } = payableSession((request.params as { id: string }).id);
    if (session.status !== 'open' || !session.pendingAuthentication) {
      return reply.redirect(`/c/pay/${session.id}`, 303);
    }
    const summary = summaryOf(session, customer);
    return sendPage(reply, {
      title: '3-D Secure authentication',
      formTargets: [originOfUrl(session.successUrl)].filter((origin): origin is string => Boolean(origin)),
      body: authenticationPageBody(summary, checkoutAmounts(state, session).dueNow),
    });
  });

  app.post('/c/pay/:id/authenticate', async (request, reply) => {
    const { session, customer } = payableSession((request.params as { id: string }).id);
    const pending = session.pendingAuthentication;
    if (session.status !== 'open' || !pending) return reply.redirect(`/c/pay/${session.id}`, 303);
    const outcome = formFields(request.body)('outcome');
    if (outcome === 'complete') {
      const successUrl = completeCheckout(context, session, customer, pending);
      await context.store.save();
      return reply.redirect(successUrl, 303);
    }
    if (outcome !== 'fail') return reply.redirect(`/c/pay/${session.id}/authenticate`, 303);
    session.pendingAuthentication = null;
    await context.store.save();
    return renderForm(reply, session, customer, {
      status: 402,
      values: { email: pending.email, number: '', expiry: '', name: pending.name },
      formError: cardMessages.authenticationFailed,
    });
  });
}
