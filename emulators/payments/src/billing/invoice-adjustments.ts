import type { InvoiceRecord, SubscriptionRecord } from '#payments/storage/payments-state.ts';
import { discountApplies, discountableAmount, discountOff } from './discounts.ts';
import { taxOn } from './tax.ts';

/**
 * A subscription's discount and tax on a drafted invoice, in Stripe's order: the discount off the
 * discountable lines, then the tax on what is left; the total becomes subtotal − discount + tax.
 * Leaves an invoice of a subscription with neither as it was.
 */
export function adjustInvoice(invoice: InvoiceRecord, subscription: SubscriptionRecord) {
  const discount = discountApplies(subscription.discount, invoice.periodStart) ? subscription.discount : null;
  if (!discount && !subscription.automaticTax) return;
  const subtotal = invoice.total;
  const off = discount ? discountOff(discount, discountableAmount(invoice.lines)) : 0;
  const taxable = subtotal - off;
  const tax = subscription.automaticTax ? taxOn(taxable) : 0;
  invoice.adjustments = {
    subtotal,
    discount: discount && off > 0 ? { id: discount.id, amount: off } : null,
    tax: subscription.automaticTax ? { amount: tax, taxableAmount: Math.max(0, taxable) } : null,
  };
  invoice.total = taxable + tax;
}

/** A `once` discount is spent by the first invoice it takes something off (never by a preview). */
export function spendOnceDiscount(invoice: InvoiceRecord, subscription: SubscriptionRecord) {
  const discount = subscription.discount;
  if (discount?.duration === 'once' && invoice.adjustments?.discount?.id === discount.id)
    discount.used = true;
}
