import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeCheckout } from '#payments/billing/complete-checkout.ts';
import { cardMessages, validateCard, validateEmail } from '#payments/billing/test-cards.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { sendPage } from '#payments/http/html.ts';
import { checkoutAmounts } from '#payments/objects/checkout-session-object.ts';
import { authenticationPageBody } from '#payments/pages/checkout-page.ts';
import { formFields } from '#payments/pages/page-format.ts';
import { payableSession, renderForm, statusPage, successOrigins, summaryOf } from './checkout-page-views.ts';

async function showCheckout(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  if (page.session.status !== 'open') return statusPage(reply, page.session);
  await context.store.save();
  return renderForm(reply, page, {});
}

async function submitCheckout(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session, customer } = page;
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
    return renderForm(reply, page, { status: 400, values, fieldErrors });
  }
  const { card, behaviour } = checked.card;
  if (behaviour.kind === 'declines') {
    request.log.info(
      { session: session.id, decline: behaviour.decline.declineCode },
      'checkout card declined',
    );
    return renderForm(reply, page, { status: 402, values, formError: behaviour.decline.message });
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
}

async function showAuthentication(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session } = page;
  if (session.status !== 'open' || !session.pendingAuthentication) {
    return reply.redirect(`/c/pay/${session.id}`, 303);
  }
  return sendPage(reply, {
    title: '3-D Secure authentication',
    formTargets: successOrigins(session),
    body: authenticationPageBody(summaryOf(page), checkoutAmounts(context.store.state, session).dueNow),
  });
}

async function submitAuthentication(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session, customer } = page;
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
  return renderForm(reply, page, {
    status: 402,
    values: { email: pending.email, number: '', expiry: '', name: pending.name },
    formError: cardMessages.authenticationFailed,
  });
}

/**
 * The hosted Checkout page (`/c/pay/:session`): the order, a card form, Stripe's test cards and their
 * messages, the 3-D Secure step, then a 303 to the success URL. A completed or expired session's page
 * says so.
 */
export function registerCheckoutPageRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'GET /c/pay/:id': showCheckout,
    'POST /c/pay/:id': submitCheckout,
    'GET /c/pay/:id/authenticate': showAuthentication,
    'POST /c/pay/:id/authenticate': submitAuthentication,
  });
}
