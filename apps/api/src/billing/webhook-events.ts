import type Stripe from 'stripe';

// The events that can change a customer's plan. Others are acknowledged and left alone.
export const planEvents = new Set<string>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The customer an event is about, whether its object names it by id or expanded. */
export function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  return customer?.id ?? null;
}
