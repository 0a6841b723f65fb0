import type { CustomerRecord, PaymentsState } from './payments-state.ts';

type Legacy<Record> = Record & { [key: string]: unknown };

/**
 * State files written before test clocks, prorations, payment retries and API-made catalogues: fills
 * in what records now have. The old per-customer clocks are dropped: those customers go back to real
 * time (a test clock would delete them within a week, as Stripe's do), and what their clock had run
 * ahead of happens again when real time gets there. A collection an older file lacks (balance
 * transactions, coupons) starts empty: the state file fills in every collection of emptyState().
 */
export function migrateState(state: PaymentsState) {
  for (const customer of state.customers.values()) {
    const legacy = customer as Legacy<CustomerRecord>;
    delete legacy.clockOffset;
    customer.balance ??= 0;
    customer.testClock ??= null;
  }
  for (const subscription of state.subscriptions.values()) {
    subscription.trialWillEndSent ??= subscription.status !== 'trialing';
  }
  for (const invoice of state.invoices.values()) {
    invoice.startingBalance ??= 0;
    invoice.endingBalance ??= invoice.status === 'draft' ? null : 0;
    invoice.nextPaymentAttempt ??= null;
    invoice.hostedUrl ??= null;
    for (const line of invoice.lines) {
      line.invoiceItem ??= null;
      line.proration ??= false;
    }
  }
  for (const price of state.prices.values()) {
    price.type ??= 'recurring';
    price.interval ??= 'month';
  }
  for (const endpoint of state.webhookEndpoints.values()) endpoint.disabled ??= false;
  for (const session of state.portalSessions.values()) session.flow ??= null;
  for (const product of state.products.values()) {
    product.description ??= null;
    product.unitLabel ??= null;
  }
}
