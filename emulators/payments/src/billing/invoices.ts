import { formatPrice } from '@app/plans';
import { newId } from '../ids.ts';
import { priceOf } from '../objects/subscription-object.ts';
import type {
  CustomerRecord,
  InvoiceRecord,
  PaymentError,
  PaymentsState,
  SubscriptionRecord,
} from '../storage/payments-state.ts';
import { cardMessages } from './test-cards.ts';

/** A finalized invoice for one period of a subscription: unit amount × seats. */
export function createSubscriptionInvoice(
  state: PaymentsState,
  options: {
    customer: CustomerRecord;
    subscription: SubscriptionRecord;
    reason: InvoiceRecord['billingReason'];
    periodStart: number;
    periodEnd: number;
    at: number;
  },
): InvoiceRecord {
  const { customer, subscription } = options;
  const price = priceOf(state, subscription.item.price);
  const quantity = subscription.item.quantity;
  const amount = price.unitAmount * quantity;
  const invoice: InvoiceRecord = {
    id: newId('in'),
    number: `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, '0')}`,
    customer: customer.id,
    subscription: subscription.id,
    subscriptionMetadata: { ...subscription.metadata },
    status: 'open',
    billingReason: options.reason,
    created: options.at,
    periodStart: options.periodStart,
    periodEnd: options.periodEnd,
    currency: price.currency,
    lines: [
      {
        id: newId('il'),
        price: price.id,
        quantity,
        unitAmount: price.unitAmount,
        amount,
        periodStart: options.periodStart,
        periodEnd: options.periodEnd,
        subscriptionItem: subscription.item.id,
        description: `${quantity} seat${quantity === 1 ? '' : 's'} × ${price.nickname} (at ${formatPrice(price.unitAmount)} / month)`,
      },
    ],
    total: amount,
    amountPaid: 0,
    attemptCount: 0,
    finalizedAt: options.at,
    paidAt: null,
    customerEmail: customer.email,
    customerName: customer.name,
    paymentMethod: null,
    lastPaymentError: null,
  };
  customer.nextInvoiceSequence++;
  state.invoices.set(invoice.id, invoice);
  return invoice;
}

/**
 * Charges an invoice to a stored card. The first charge, made while the customer is on the checkout
 * page, succeeds for every card that got that far (the page already declined the others); later
 * charges fail for 4000 0000 0000 0341 and when there is no card at all.
 */
export function payInvoice(
  state: PaymentsState,
  invoice: InvoiceRecord,
  paymentMethodId: string | null,
  options: { at: number; firstCharge: boolean },
): 'paid' | 'failed' {
  invoice.paymentMethod = paymentMethodId;
  if (invoice.total === 0) {
    markPaid(invoice, options.at);
    return 'paid';
  }
  invoice.attemptCount++;
  const method = paymentMethodId ? state.paymentMethods.get(paymentMethodId) : undefined;
  let failure: PaymentError | null = null;
  if (!method) {
    failure = {
      code: 'invoice_no_customer_payment_method',
      declineCode: null,
      message: 'This customer has no attached payment source or default payment method.',
    };
  } else if (!options.firstCharge && method.card.laterCharges === 'fails') {
    failure = { code: 'card_declined', declineCode: 'generic_decline', message: cardMessages.declined };
  }
  if (failure) {
    invoice.lastPaymentError = failure;
    return 'failed';
  }
  markPaid(invoice, options.at);
  return 'paid';
}

function markPaid(invoice: InvoiceRecord, at: number) {
  invoice.status = 'paid';
  invoice.amountPaid = invoice.total;
  invoice.paidAt = at;
  invoice.lastPaymentError = null;
}
