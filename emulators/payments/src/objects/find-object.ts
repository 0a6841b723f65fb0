import type { PaymentsContext } from '#payments/context.ts';
import { priceObject, productObject } from './catalogue-objects.ts';
import { checkoutSessionObject } from './checkout-session-object.ts';
import { customerObject, paymentMethodObject } from './customer-object.ts';
import { invoiceItemObject } from './invoice-item-object.ts';
import { invoiceObject } from './invoice-object.ts';
import { subscriptionObject } from './subscription-object.ts';
import { testClockObject } from './test-clock-object.ts';

/** Any object the emulator holds, rendered, by its id; for `expand`. */
export function findObject(context: PaymentsContext, id: string): object | undefined {
  const { state } = context.store;
  const customer = state.customers.get(id);
  if (customer) return customerObject(state, customer);
  const subscription = state.subscriptions.get(id);
  if (subscription) return subscriptionObject(state, subscription);
  const invoice = state.invoices.get(id);
  if (invoice) return invoiceObject(state, invoice);
  const price = state.prices.get(id);
  if (price) return priceObject(price);
  const product = state.products.get(id);
  if (product) return productObject(product);
  const method = state.paymentMethods.get(id);
  if (method) return paymentMethodObject(method);
  const session = state.checkoutSessions.get(id);
  if (session) return checkoutSessionObject(state, context.urls, session);
  const clock = state.testClocks.get(id);
  if (clock) return testClockObject(clock);
  const item = state.invoiceItems.get(id);
  if (item) return invoiceItemObject(state, item);
  return undefined;
}
