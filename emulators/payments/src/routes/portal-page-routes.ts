import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addMonths, daySeconds } from '#payments/billing/calendar.ts';
import { planPrices } from '#payments/billing/catalogue.ts';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import { payOpenInvoice } from '#payments/billing/pay-open-invoice.ts';
import { attachPaymentMethod, makeDefaultCard, storeCard } from '#payments/billing/payment-methods.ts';
import { cancelSubscriptionNow, changeSubscription, isEnded } from '#payments/billing/subscriptions.ts';
import { validateCard } from '#payments/billing/test-cards.ts';
import { advanceTestClockBy, clockOfCustomer } from '#payments/billing/test-clocks.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { PageError } from '#payments/http/error-handling.ts';
import { sendPage } from '#payments/http/html.ts';
import { productOf } from '#payments/objects/subscription-object.ts';
import { formFields, originOfUrl } from '#payments/pages/page-format.ts';
import { type CardFormView, type PortalView, portalPageBody } from '#payments/pages/portal-page.ts';
import type {
  CustomerRecord,
  PortalSessionRecord,
  SubscriptionRecord,
} from '#payments/storage/payments-state.ts';
import { automaticOrigin } from '#payments/webhooks/emit-event.ts';
import { maxQuantity } from './checkout-session-routes.ts';

const notices: Record<string, string> = {
  plan: 'Your plan was changed.',
  seats: 'Your number of seats was changed.',
  unchanged: 'Nothing changed.',
  canceled: 'Your subscription was canceled.',
  cancel_scheduled: 'Your subscription will be canceled at the end of the current period.',
  cancel_undone: 'Your subscription will no longer be canceled.',
  clock: "The customer's test clock was moved forward.",
  card: 'Your card was updated.',
  card_paid: 'Your card was updated and the open invoice was paid with it.',
  card_unpaid:
    'Your card was updated, but the open invoice could not be paid with it: Your card was declined.',
};

// A live subscription before an ended one; the newest among equals (the product picks the same way).
const rank = (subscription: SubscriptionRecord) =>
  ({ active: 0, trialing: 0, past_due: 1, unpaid: 1, incomplete: 2, paused: 2 })[
    subscription.status as string
  ] ?? 3;

/**
 * The billing portal (`/p/session/:session`): the customer's current subscription, plan and seat
 * changes, cancellation now or at period end (and its undo), invoices, and a test clock. Every action
 * posts a form and comes back here with a 303.
 */
export function registerPortalPageRoutes(app: FastifyInstance, context: PaymentsContext) {
  const { state } = context.store;

  function sessionOf(request: FastifyRequest): { session: PortalSessionRecord; customer: CustomerRecord } {
    const session = state.portalSessions.get((request.params as { id: string }).id);
    if (!session) {
      throw new PageError(
        404,
        'Billing session not found',
        '<p>This billing link is not valid. Open billing again from the site you came from.</p>',
      );
    }
    const customer = liveCustomer(state, session.customer);
    if (!customer) {
      throw new PageError(
        410,
        'This billing session is no longer available',
        '<p>The customer it was for no longer exists.</p>',
      );
    }
    return { session, customer };
  }

  function currentSubscription(customer: CustomerRecord) {
    return [...state.subscriptions.values()]
      .filter((subscription) => subscription.customer === customer.id)
      .sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
  }

  function render(
    reply: FastifyReply,
    session: PortalSessionRecord,
    customer: CustomerRecord,
    extra: {
      status?: number;
      notice?: string;
      error?: string;
      seatsValue?: string;
      cardForm?: CardFormView;
    } = {},
  ) {
    const subscription = currentSubscription(customer);
    const cardId = subscription?.defaultPaymentMethod ?? customer.defaultPaymentMethod;
    const invoices = [...state.invoices.values()]
      .filter((invoice) => invoice.customer === customer.id)
      .reverse();
    const flow = session.flow;
    const flowPage: PortalView['flow'] =
      flow && !flow.completed
        ? { page: 'card' }
        : flow?.afterCompletion.type === 'hosted_confirmation'
          ? { page: 'confirmation', message: flow.afterCompletion.message ?? notices.card ?? '' }
          : undefined;
    return sendPage(reply, {
      status: extra.status ?? 200,
      title: flowPage?.page === 'card' ? 'Update payment method' : 'Manage billing',
      // Chrome applies form-action to where a form's answer redirects: the deep link's return address.
      ...(flow?.afterCompletion.type === 'redirect' && {
        formTargets: [originOfUrl(flow.afterCompletion.returnUrl)].filter((origin): origin is string =>
          Boolean(origin),
        ),
      }),
      wide: true,
      body: portalPageBody({
        sessionId: session.id,
        customerEmail: customer.email,
        returnUrl: session.returnUrl,
        subscription,
        price: subscription ? state.prices.get(subscription.item.price) : undefined,
        plans: planPrices(state, context.config.catalogue),
        planName: (price) => productOf(state, price).name,
        invoices,
        clockNow: customerNow(state, customer),
        testClock: customer.testClock,
        ...(extra.notice && { notice: extra.notice }),
        ...(extra.error && { error: extra.error }),
        ...(extra.seatsValue !== undefined && { seatsValue: extra.seatsValue }),
        card: (cardId && state.paymentMethods.get(cardId)?.card) || null,
        ...(extra.cardForm && { cardForm: extra.cardForm }),
        ...(flowPage && { flow: flowPage }),
      }),
    });
  }

  /** The live subscription a form names; a stale page (ended meanwhile) gets a message instead. */
  function formSubscription(customer: CustomerRecord, id: string): SubscriptionRecord | undefined {
    const subscription = state.subscriptions.get(id);
    if (!subscription || subscription.customer !== customer.id || isEnded(subscription)) return undefined;
    return subscription;
  }

  /** A posted form about one of the session customer's subscriptions: undefined when it no longer can change. */
  function subscriptionForm(request: FastifyRequest) {
    const { session, customer } = sessionOf(request);
    const field = formFields(request.body);
    return { session, customer, field, subscription: formSubscription(customer, field('subscription')) };
  }

  const staleMessage = 'This subscription can no longer be changed. The page now shows its current state.';
  const done = (reply: FastifyReply, session: PortalSessionRecord, code: string) =>
    reply.redirect(`/p/session/${session.id}?done=${code}`, 303);

  app.get('/p/session/:id', async (request, reply) => {
    const { session, customer } = sessionOf(request);
    const code = formFields(request.query)('done');
    return render(reply, session, customer, { ...(notices[code] && { notice: notices[code] }) });
  });

  app.post('/p/session/:id/plan', async (request, reply) => {
    const { session, customer, field, subscription } = subscriptionForm(request);
    if (!subscription) return render(reply, session, customer, { status: 409, error: staleMessage });
    const price = planPrices(state, context.config.catalogue).find((each) => each.id === field('price'));
    if (!price) return render(reply, session, customer, { status: 400, error: 'Choose one of the plans.' });
    const changed = changeSubscription(context, subscription, { price: price.id }, automaticOrigin);
    await context.store.save();
    return done(reply, session, changed ? 'plan' : 'unchanged');
  });

  app.post('/p/session/:id/seats', async (request, reply) => {
    const { session, customer, field, subscription } = subscriptionForm(request);
    if (!subscription) return render(reply, session, customer, { status: 409, error: staleMessage });
    const text = field('seats').trim();
    const seats = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(seats) || seats < 1 || seats > maxQuantity) {
      return render(reply, session, customer, {
        status: 400,
        error: `Enter a whole number of seats from 1 to ${maxQuantity}.`,
        seatsValue: text.slice(0, 20),
      });
    }
    const changed = changeSubscription(context, subscription, { quantity: seats }, automaticOrigin);
    await context.store.save();
    return done(reply, session, changed ? 'seats' : 'unchanged');
  });

  app.post('/p/session/:id/cancel', async (request, reply) => {
    const { session, customer, field, subscription } = subscriptionForm(request);
    if (!subscription) return render(reply, session, customer, { status: 409, error: staleMessage });
    const when = field('when');
    if (when === 'now') {
      cancelSubscriptionNow(context, subscription, { comment: null, feedback: null }, automaticOrigin);
      await context.store.save();
      return done(reply, session, 'canceled');
    }
    if (when !== 'period_end')
      return render(reply, session, customer, { status: 400, error: 'Choose when to cancel.' });
    const changed = changeSubscription(context, subscription, { cancelAtPeriodEnd: true }, automaticOrigin);
    await context.store.save();
    return done(reply, session, changed ? 'cancel_scheduled' : 'unchanged');
  });

  app.post('/p/session/:id/resume', async (request, reply) => {
    const { session, customer } = sessionOf(request);
    const subscription = formSubscription(customer, formFields(request.body)('subscription'));
    if (!subscription) return render(reply, session, customer, { status: 409, error: staleMessage });
    const changed = changeSubscription(context, subscription, { cancelAtPeriodEnd: false }, automaticOrigin);
    await context.store.save();
    return done(reply, session, changed ? 'cancel_undone' : 'unchanged');
  });

  // The portal's "Update payment method" (docs.stripe.com/customer-management): the card is checked
  // as Checkout checks it, saved and attached, made the default of the customer and of the live
  // subscription; a past-due subscription's open invoice is then paid with it at once.
  app.post('/p/session/:id/card', async (request, reply) => {
    const { session, customer } = sessionOf(request);
    const field = formFields(request.body);
    const values = { expiry: field('card_expiry'), name: field('card_name') };
    const now = customerNow(state, customer);
    const checked = validateCard(
      { number: field('card_number'), expiry: values.expiry, cvc: field('card_cvc'), name: values.name },
      new Date(now * 1000),
    );
    if (!checked.ok) {
      return render(reply, session, customer, {
        status: 400,
        cardForm: { values, fieldErrors: checked.errors },
      });
    }
    const { behaviour } = checked.card;
    if (behaviour.kind === 'declines') {
      return render(reply, session, customer, {
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
    attachPaymentMethod(context, {
      id: method.id,
      param: 'payment_method',
      customer,
      origin: automaticOrigin,
    });
    makeDefaultCard(context, customer, method, automaticOrigin);
    const subscription = currentSubscription(customer);
    const invoice = subscription?.latestInvoice ? state.invoices.get(subscription.latestInvoice) : undefined;
    let code = 'card';
    if (subscription?.status === 'past_due' && invoice?.status === 'open') {
      const paid = payOpenInvoice(context, invoice, { origin: automaticOrigin });
      code = paid.outcome === 'paid' ? 'card_paid' : 'card_unpaid';
    }
    // A deep link ends as its after_completion says: back to the site, a confirmation, or the portal.
    if (session.flow) session.flow.completed = true;
    await context.store.save();
    const after = session.flow?.afterCompletion;
    if (after?.type === 'redirect') return reply.redirect(after.returnUrl, 303);
    return done(reply, session, code);
  });

  app.post('/p/session/:id/clock', async (request, reply) => {
    const { session, customer } = sessionOf(request);
    const advance = formFields(request.body)('advance');
    const now = customerNow(state, customer);
    let seconds: number | undefined;
    if (advance === 'day') seconds = daySeconds;
    else if (advance === 'month') seconds = addMonths(now, 1) - now;
    else if (advance === 'trial_end') {
      const trialing = currentSubscription(customer);
      if (trialing?.status === 'trialing' && trialing.trialEnd)
        seconds = Math.max(1, trialing.trialEnd - now);
    }
    if (seconds === undefined) {
      return render(reply, session, customer, { status: 400, error: 'Choose how far to move the clock.' });
    }
    advanceTestClockBy(
      context,
      clockOfCustomer(context, customer, automaticOrigin),
      seconds,
      automaticOrigin,
    );
    await context.store.save();
    return done(reply, session, 'clock');
  });
}
