import type { FastifyRequest } from 'fastify';
import { customerNow } from '#payments/billing/customers.ts';
import { meterOfPrice } from '#payments/billing/meters.ts';
import { isEnded } from '#payments/billing/subscriptions.ts';
import type { PaymentsContext } from '#payments/context.ts';
import { invalidRequest, parameterInvalid, resourceMissing } from '#payments/http/stripe-error.ts';
import { newId } from '#payments/ids.ts';
import { meteredItemObject } from '#payments/objects/metered-item-object.ts';
import { subscriptionObject } from '#payments/objects/subscription-object.ts';
import type { MeteredItemRecord } from '#payments/storage/payments-state.ts';
import { emitEvent, previousAttributes } from '#payments/webhooks/emit-event.ts';
import { answer, checkExpandRoots, originOf, paramsOf } from './route-helpers.ts';

/**
 * `POST /v1/subscription_items` for a metered price: how Stripe documents adding usage-based billing to
 * a subscription that exists (docs.stripe.com/billing/subscriptions/usage-based/implementation-guide).
 * The subscription keeps one licensed item (its plan and seats), so a licensed price is refused here
 * and changed with `subscriptions.update` instead. Usage is billed from the item's creation on, at the
 * period's end; nothing is prorated (`proration_behavior` is accepted and has nothing to do).
 */
export async function createSubscriptionItem(context: PaymentsContext, request: FastifyRequest) {
  const { state } = context.store;
  const params = paramsOf(request, ['subscription', 'price', 'metadata', 'proration_behavior']);
  const expand = params.expand();
  checkExpandRoots(expand, []);
  params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none']);
  const subscriptionId = params.requiredText('subscription', { max: 200 });
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw resourceMissing('subscription', subscriptionId, 'subscription');
  if (isEnded(subscription)) {
    throw invalidRequest('This subscription is canceled: no items can be added to it.', {
      param: 'subscription',
    });
  }
  const priceId = params.requiredText('price', { max: 200 });
  const price = state.prices.get(priceId);
  if (!price) throw resourceMissing('price', priceId, 'price');
  if (!meterOfPrice(state, price.id)) {
    throw parameterInvalid(
      'price',
      'The payments emulator adds metered prices only as separate items; change the plan with subscriptions.update.',
    );
  }
  const items = subscription.meteredItems ?? [];
  if (items.some((item) => item.price === price.id)) {
    throw invalidRequest(`The subscription already has an item with the price ${price.id}.`, {
      param: 'price',
    });
  }
  const customer = state.customers.get(subscription.customer);
  const now = customer ? customerNow(state, customer) : subscription.currentPeriodStart;
  const before = subscriptionObject(state, subscription);
  const item: MeteredItemRecord = {
    id: newId('si'),
    price: price.id,
    created: now,
    metadata: params.metadataUpdate()?.({}) ?? {},
    billedThrough: now,
  };
  subscription.meteredItems = [...items, item];
  const after = subscriptionObject(state, subscription);
  emitEvent(context, 'customer.subscription.updated', after, {
    origin: originOf(request),
    customer: subscription.customer,
    previousAttributes: previousAttributes(before, after),
  });
  return answer(context, meteredItemObject(state, subscription, item), expand);
}
