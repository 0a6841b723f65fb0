import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeCheckout, trialWithoutCard } from '#payments/billing/complete-checkout.ts';
import { cardMessages, validateCard, validateEmail } from '#payments/billing/test-cards.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { checkoutAmounts } from '#payments/objects/checkout-session-object.ts';
import { parseTaxId } from '#payments/pages/checkout-extras-fields.ts';
import { authenticationPageBody } from '#payments/pages/checkout-page.ts';
import { formFields } from '#payments/pages/page-format.ts';
import type { CheckoutSessionRecord } from '#payments/storage/payments-state.ts';
import { checkoutBasePath } from './checkout-page-extras.ts';
import { payableSession, renderForm, statusPage, successOrigins, summaryOf } from './checkout-page-views.ts';
import { finishCheckout, sendCheckoutPage } from './embedded-checkout-frame.ts';
import { submitPromotionCode } from './promotion-code-page-routes.ts';

/** Keeps the tax id typed (when the session collects one); answers why it is refused, if it is. */
function enterTaxId(session: CheckoutSessionRecord, value: string): string | undefined {
  if (!session.taxIdCollection) return undefined;
  const parsed = value ? parseTaxId(value) : null;
  if (parsed && 'error' in parsed) return parsed.error;
  session.taxId = parsed;
  return undefined;
}

async function showCheckout(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  if (page.session.status !== 'open') return statusPage(reply, page.session);
  await context.store.save();
  return renderForm(reply, page, {});
}

async function submitCheckout(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session, customer } = page;
  if (session.status !== 'open') return reply.redirect(checkoutBasePath(session), 303);
  const field = formFields(request.body);
  const values = {
    email: field('email').trim(),
    number: field('card_number'),
    expiry: field('card_expiry'),
    name: field('card_name'),
    taxId: field('tax_id').trim(),
  };
  const fixedEmail = customer?.email ?? session.customerEmail ?? null;
  const email = fixedEmail ?? values.email;
  const emailError = fixedEmail ? undefined : validateEmail(values.email);
  const noCard = !values.number.trim() && !values.expiry.trim() && !field('card_cvc').trim();
  if (noCard && trialWithoutCard(session) && !emailError) {
    const successUrl = completeCheckout(context, session, customer, { email, name: values.name, card: null });
    await context.store.save();
    return finishCheckout(reply, session, successUrl);
  }
  const checked = validateCard(
    { number: values.number, expiry: values.expiry, cvc: field('card_cvc'), name: values.name },
    new Date(),
  );
  const taxIdError = enterTaxId(session, values.taxId);
  if (!checked.ok || emailError || taxIdError) {
    const fieldErrors = {
      ...(emailError && { email: emailError }),
      ...(checked.ok ? {} : checked.errors),
      ...(taxIdError && { tax_id: taxIdError }),
    };
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
    return reply.redirect(`${checkoutBasePath(session)}/authenticate`, 303);
  }
  const successUrl = completeCheckout(context, session, customer, entered);
  await context.store.save();
  return finishCheckout(reply, session, successUrl);
}

async function showAuthentication(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session } = page;
  if (session.status !== 'open' || !session.pendingAuthentication) {
    return reply.redirect(checkoutBasePath(session), 303);
  }
  return sendCheckoutPage(reply, session, {
    title: '3-D Secure authentication',
    formTargets: successOrigins(session),
    body: authenticationPageBody(summaryOf(page), checkoutAmounts(context.store.state, session).dueNow),
  });
}

async function submitAuthentication(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const page = payableSession(context, request);
  const { session, customer } = page;
  const pending = session.pendingAuthentication;
  if (session.status !== 'open' || !pending) return reply.redirect(checkoutBasePath(session), 303);
  const outcome = formFields(request.body)('outcome');
  if (outcome === 'complete') {
    const successUrl = completeCheckout(context, session, customer, pending);
    await context.store.save();
    return finishCheckout(reply, session, successUrl);
  }
  if (outcome !== 'fail') return reply.redirect(`${checkoutBasePath(session)}/authenticate`, 303);
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
 * says so. Embedded sessions have the same page at `/c/embed/:client_secret`, framed by their site.
 */
export function registerCheckoutPageRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'GET /c/pay/:id': showCheckout,
    'POST /c/pay/:id': submitCheckout,
    'GET /c/pay/:id/authenticate': showAuthentication,
    'POST /c/pay/:id/authenticate': submitAuthentication,
    'POST /c/pay/:id/promotion-code': submitPromotionCode,
    // Embedded Checkout: the same page in the frame the emulator's Stripe.js mounts, by client secret.
    'GET /c/embed/:secret': showCheckout,
    'POST /c/embed/:secret': submitCheckout,
    'GET /c/embed/:secret/authenticate': showAuthentication,
    'POST /c/embed/:secret/authenticate': submitAuthentication,
    'POST /c/embed/:secret/promotion-code': submitPromotionCode,
  });
}
