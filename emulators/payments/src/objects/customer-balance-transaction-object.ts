import type Stripe from 'stripe';
import type { CustomerBalanceTransactionRecord } from '#payments/storage/payments-state.ts';

/** Stripe's `customer_balance_transaction`: only API-made adjustments exist here, never tied to an invoice. */
export function customerBalanceTransactionObject(
  transaction: CustomerBalanceTransactionRecord,
): Stripe.CustomerBalanceTransaction {
  return {
    id: transaction.id,
    object: 'customer_balance_transaction',
    amount: transaction.amount,
    checkout_session: null,
    created: transaction.created,
    credit_note: null,
    currency: transaction.currency,
    customer: transaction.customer,
    customer_account: null,
    description: transaction.description,
    ending_balance: transaction.endingBalance,
    invoice: null,
    livemode: false,
    metadata: { ...transaction.metadata },
    type: 'adjustment',
  };
}
