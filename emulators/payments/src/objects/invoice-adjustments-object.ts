import type Stripe from 'stripe';
import { emulatorTaxRateId } from '#payments/billing/tax.ts';
import type { InvoiceRecord } from '#payments/storage/payments-state.ts';

/**
 * An invoice's discount and tax fields (API 2026-10-28's shapes: `discounts`, `total_discount_amounts`,
 * `total_taxes`, `automatic_tax`), over the plain ones of an invoice that has neither.
 */
export function invoiceAdjustmentFields(invoice: InvoiceRecord) {
  const adjustments = invoice.adjustments;
  if (!adjustments) return {};
  const { subtotal, discount, tax } = adjustments;
  const automaticTax: Stripe.Invoice['automatic_tax'] = tax
    ? {
        disabled_reason: null,
        enabled: true,
        liability: { type: 'self' },
        provider: 'stripe',
        status: 'complete',
      }
    : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null };
  const totalTaxes: Stripe.Invoice['total_taxes'] = tax
    ? [
        {
          amount: tax.amount,
          tax_behavior: 'exclusive',
          tax_rate_details: { tax_rate: emulatorTaxRateId },
          taxability_reason: 'standard_rated',
          taxable_amount: tax.taxableAmount,
          type: 'tax_rate_details',
        },
      ]
    : [];
  return {
    automatic_tax: automaticTax,
    discounts: discount ? [discount.id] : [],
    subtotal,
    subtotal_excluding_tax: subtotal,
    total_discount_amounts: discount ? [{ amount: discount.amount, discount: discount.id }] : [],
    total_excluding_tax: subtotal - (discount?.amount ?? 0),
    total_taxes: totalTaxes,
  } satisfies Partial<Stripe.Invoice>;
}
