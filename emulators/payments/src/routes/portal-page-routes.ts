import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addMonths, daySeconds } from '#payments/billing/calendar.ts';
import { planPrices } from '#payments/billing/catalogue.ts';
import { customerNow } from '#payments/billing/customers.ts';
import { payOpenInvoice } from '#payments/billing/pay-open-invoice.ts';
import { attachPaymentMethod, makeDefaultCard, storeCard } from '#payments/billing/payment-methods.ts';
import { cancelSubscriptionNow, changeSubscription } from '#payments/billing/subscriptions.ts';
import { validateCard } from '#payments/billing/test-cards.ts';
import { advanceTestClockBy, clockOfCustomer } from '#payments/billing/test-clocks.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { formFields } from '#payments/pages/page-format.ts';
import { automaticOrigin } from '#payments/webhooks/emit-event.ts';
import { maxQuantity } from './checkout-session-routes.ts';
import {
  currentSubscription,
  done,
  formSubscription,
  notices,
  type PortalPage,
  portalOf,
  renderPortal,
  staleMessage,
  subscriptionForm,
} from './portal-session.ts';

async function showPortal(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const portal = portalOf(context, request);
  const code = formFields(request.query)('done');
  return renderPortal(reply, portal, { ...(notices[code] && { notice: notices[code] }) });
}

async function changePlan(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const { portal, field, subscription } = subscriptionForm(context, request);
  if (!subscription) return renderPortal(reply, portal, { status: 409, error: staleMessage });
  const price = planPrices(context.store.state, context.config.catalogue).find(
    (each) => each.id === field('price'),
  );
  if (!price) return renderPortal(reply, portal, { status: 400, error: 'Choose one of the plans.' });
  const changed = changeSubscription(context, subscription, { price: price.id }, automaticOrigin);
  await context.store.save();
  return done(reply, portal, changed ? 'plan' : 'unchanged');
}

async function changeSeats(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const { portal, field, subscription } = subscriptionForm(context, request);
  if (!subscription) return renderPortal(reply, portal, { status: 409, error: staleMessage });
  const text = field('seats').trim();
  const seats = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(seats) || seats < 1 || seats > maxQuantity) {
    return renderPortal(reply, portal, {
      status: 400,
      error: `Enter a whole number of seats from 1 to ${maxQuantity}.`,
      seatsValue: text.slice(0, 20),
    });
  }
  const changed = changeSubscription(context, subscription, { quantity: seats }, automaticOrigin);
  await context.store.save();
  return done(reply, portal, changed ? 'seats' : 'unchanged');
}

async function cancelSubscription(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const { portal, field, subscription } = subscriptionForm(context, request);
  if (!subscription) return renderPortal(reply, portal, { status: 409, error: staleMessage });
  const when = field('when');
  if (when === 'now') {
    cancelSubscriptionNow(context, subscription, { comment: null, feedback: null }, automaticOrigin);
    await context.store.save();
    return done(reply, portal, 'canceled');
  }
  if (when !== 'period_end')
    return renderPortal(reply, portal, { status: 400, error: 'Choose when to cancel.' });
  const changed = changeSubscription(context, subscription, { cancelAtPeriodEnd: true }, automaticOrigin);
  await context.store.save();
  return done(reply, portal, changed ? 'cancel_scheduled' : 'unchanged');
}

async function resumeSubscription(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const portal = portalOf(context, request);
  const subscription = formSubscription(context, portal.customer, formFields(request.body)('subscription'));
  if (!subscription) return renderPortal(reply, portal, { status: 409, error: staleMessage });
  const changed = changeSubscription(context, subscription, { cancelAtPeriodEnd: false }, automaticOrigin);
  await context.store.save();
  return done(reply, portal, changed ? 'cancel_undone' : 'unchanged');
}

/**
 * The portal's "Update payment method" (docs.stripe.com/customer-management): the card is checked
 * as Checkout checks it, saved and attached, made the default of the customer and of the live
 * subscription; a past-due subscription's open invoice is then paid with it at once.
 */
async function updateCard(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const { state } = context.store;
  const portal = portalOf(context, request);
  const { session, customer } = portal;
  const field = formFields(request.body);
  const values = { expiry: field('card_expiry'), name: field('card_name') };
  const now = customerNow(state, customer);
  const checked = validateCard(
    { number: field('card_number'), expiry: values.expiry, cvc: field('card_cvc'), name: values.name },
    new Date(now * 1000),
  );
  if (!checked.ok) {
    return renderPortal(reply, portal, { status: 400, cardForm: { values, fieldErrors: checked.errors } });
  }
  const { behaviour } = checked.card;
  if (behaviour.kind === 'declines') {
    return renderPortal(reply, portal, {
      status: 402,
      cardForm: { values, fieldErrors: {}, formError: behaviour.decline.message },
    });
  }
  const method = storeCard(state, {
    card: checked.card.card,
    at: now,
    billingName: checked.card.name,
    billingEmail: customer.email,
  });
  attachPaymentMethod(context, { id: method.id, param: 'payment_method', customer, origin: automaticOrigin });
  makeDefaultCard(context, customer, method, automaticOrigin);
  const code = payPastDueInvoice(context, portal);
  // A deep link ends as its after_completion says: back to the site, a confirmation, or the portal.
  if (session.flow) session.flow.completed = true;
  await context.store.save();
  const after = session.flow?.afterCompletion;
  if (after?.type === 'redirect') return reply.redirect(after.returnUrl, 303);
  return done(reply, portal, code);
}

/** After a new card: a past-due subscription's open invoice paid with it; the notice to show. */
function payPastDueInvoice(context: PaymentsContext, portal: PortalPage) {
  const subscription = currentSubscription(context, portal.customer);
  const invoice = subscription?.latestInvoice
    ? context.store.state.invoices.get(subscription.latestInvoice)
    : undefined;
  if (subscription?.status !== 'past_due' || invoice?.status !== 'open') return 'card';
  const paid = payOpenInvoice(context, invoice, { origin: automaticOrigin });
  return paid.outcome === 'paid' ? 'card_paid' : 'card_unpaid';
}

async function advanceClock(context: PaymentsContext, request: FastifyRequest, reply: FastifyReply) {
  const portal = portalOf(context, request);
  const { customer } = portal;
  const advance = formFields(request.body)('advance');
  const now = customerNow(context.store.state, customer);
  let seconds: number | undefined;
  if (advance === 'day') seconds = daySeconds;
  else if (advance === 'month') seconds = addMonths(now, 1) - now;
  else if (advance === 'trial_end') {
    const trialing = currentSubscription(context, customer);
    if (trialing?.status === 'trialing' && trialing.trialEnd) seconds = Math.max(1, trialing.trialEnd - now);
  }
  if (seconds === undefined) {
    return renderPortal(reply, portal, { status: 400, error: 'Choose how far to move the clock.' });
  }
  advanceTestClockBy(context, clockOfCustomer(context, customer, automaticOrigin), seconds, automaticOrigin);
  await context.store.save();
  return done(reply, portal, 'clock');
}

/**
 * The billing portal (`/p/session/:session`): the customer's current subscription, plan and seat
 * changes, cancellation now or at period end (and its undo), invoices, and a test clock. Every action
 * posts a form and comes back here with a 303.
 */
export function registerPortalPageRoutes(app: FastifyInstance, context: PaymentsContext) {
  registerRoutes(app, context, {
    'GET /p/session/:id': showPortal,
    'POST /p/session/:id/plan': changePlan,
    'POST /p/session/:id/seats': changeSeats,
    'POST /p/session/:id/cancel': cancelSubscription,
    'POST /p/session/:id/resume': resumeSubscription,
    'POST /p/session/:id/card': updateCard,
    'POST /p/session/:id/clock': advanceClock,
  });
}
