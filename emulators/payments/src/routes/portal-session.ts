import type { FastifyReply, FastifyRequest } from 'fastify';
import { planPrices } from '#payments/billing/catalogue.ts';
import { customerNow, liveCustomer } from '#payments/billing/customers.ts';
import { isEnded } from '#payments/billing/subscriptions.ts';
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

// The billing portal's session, its page, and what its forms share.

export type PortalPage = { context: PaymentsContext; session: PortalSessionRecord; customer: CustomerRecord };

export const notices: Record<string, string> = {
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

export function portalOf(context: PaymentsContext, request: FastifyRequest): PortalPage {
  const { state } = context.store;
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
  return { context, session, customer };
}

export function currentSubscription(context: PaymentsContext, customer: CustomerRecord) {
  return [...context.store.state.subscriptions.values()]
    .filter((subscription) => subscription.customer === customer.id)
    .sort((a, b) => rank(a) - rank(b) || b.created - a.created)[0];
}

export type PortalExtra = {
  status?: number;
  notice?: string;
  error?: string;
  seatsValue?: string;
  cardForm?: CardFormView;
};

export function renderPortal(reply: FastifyReply, portal: PortalPage, extra: PortalExtra = {}) {
  const { context, session, customer } = portal;
  const { state } = context.store;
  const subscription = currentSubscription(context, customer);
  const cardId = subscription?.defaultPaymentMethod ?? customer.defaultPaymentMethod;
  const invoices = [...state.invoices.values()]
    .filter((invoice) => invoice.customer === customer.id)
    .reverse();
  const flow = session.flow;
  const flowPage = flowPageOf(session);
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

/** A deep link's page: its card form until completed, then its confirmation when it asks for one. */
function flowPageOf(session: PortalSessionRecord): PortalView['flow'] {
  const flow = session.flow;
  if (flow && !flow.completed) return { page: 'card' };
  if (flow?.afterCompletion.type === 'hosted_confirmation')
    return { page: 'confirmation', message: flow.afterCompletion.message ?? notices.card ?? '' };
  return undefined;
}

/** The live subscription a form names; a stale page (ended meanwhile) gets a message instead. */
export function formSubscription(
  context: PaymentsContext,
  customer: CustomerRecord,
  id: string,
): SubscriptionRecord | undefined {
  const subscription = context.store.state.subscriptions.get(id);
  if (!subscription || subscription.customer !== customer.id || isEnded(subscription)) return undefined;
  return subscription;
}

/** A posted form about one of the session customer's subscriptions: undefined when it no longer can change. */
export function subscriptionForm(context: PaymentsContext, request: FastifyRequest) {
  const portal = portalOf(context, request);
  const field = formFields(request.body);
  return { portal, field, subscription: formSubscription(context, portal.customer, field('subscription')) };
}

export const staleMessage =
  'This subscription can no longer be changed. The page now shows its current state.';

/** Back to the portal with a 303 and the notice `code` names. */
export function done(reply: FastifyReply, portal: PortalPage, code: string) {
  return reply.redirect(`/p/session/${portal.session.id}?done=${code}`, 303);
}
