/**
 * Every event type the emulator sends: those Stripe's subscription integration guide tells an
 * integrator to handle that the emulator's objects can cause, and the test clock's. The conformance
 * suite validates each one's payload against the `stripe` package's typed event of that name.
 */
export const eventTypes = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'payment_method.attached',
  'payment_method.detached',
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoiceitem.created',
  'product.created',
  'product.updated',
  'price.created',
  'price.updated',
  'test_helpers.test_clock.created',
  'test_helpers.test_clock.advancing',
  'test_helpers.test_clock.ready',
  'test_helpers.test_clock.deleted',
] as const;

export type EventType = (typeof eventTypes)[number];
