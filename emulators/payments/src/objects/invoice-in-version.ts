import { isBefore } from '#payments/http/stripe-api-versions.ts';
import type { PaymentsState } from '#payments/storage/payments-state.ts';
import { planObject, priceObject } from './catalogue-objects.ts';
import { isJson, type Json } from './json.ts';

// The invoicing changes of 2025-03-31.basil, undone for the versions before it:
// - docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects: `parent`
//   replaces the invoice's `subscription`, `subscription_details` and `quote`, the invoice item's
//   `subscription` and `subscription_item`, and the line item's `type`, `subscription_item`,
//   `invoice_item`, `proration` and `proration_details` (the line keeps `subscription`).
// - docs.stripe.com/changelog/basil/2025-03-31/add-support-for-multiple-partial-payments-on-invoices:
//   removes the invoice's `payment_intent`, `charge`, `paid`, `paid_out_of_band`,
//   `application_fee_amount` and `transfer_data`.
// - the same release replaces `price`/`plan` of lines and invoice items by `pricing`, and the tax
//   amounts (`tax`, `total_tax_amounts`, `tax_amounts`, `*_excluding_tax` of lines) by `*taxes`
//   (stripe-node's release notes for basil list the removals).
const basil = '2025-03-31.basil';

const objectAt = (value: unknown, key: string): Json | null =>
  isJson(value) && isJson(value[key]) ? (value[key] as Json) : null;

/** The price a `pricing` names, as the older `price` and `plan` fields showed it in full. */
function priceFields(state: PaymentsState, pricing: unknown) {
  const id = objectAt(pricing, 'price_details')?.price;
  const price = typeof id === 'string' ? state.prices.get(id) : undefined;
  return { plan: price ? planObject(price) : null, price: price ? priceObject(price) : null };
}

/**
 * `total_taxes`/`taxes` entries as the older `total_tax_amounts`/`tax_amounts` showed them, with their
 * sum (`tax`: null when there is none) and the part already in the amounts (inclusive taxes).
 */
function olderTaxes(taxes: unknown) {
  const entries = Array.isArray(taxes) ? taxes.filter(isJson) : [];
  const amountOf = (entry: Json) => (typeof entry.amount === 'number' ? entry.amount : 0);
  const inclusive = (entry: Json) => entry.tax_behavior === 'inclusive';
  return {
    amounts: entries.map((entry) => ({
      amount: amountOf(entry),
      inclusive: inclusive(entry),
      tax_rate: objectAt(entry, 'tax_rate_details')?.tax_rate ?? null,
      taxability_reason: entry.taxability_reason ?? null,
      taxable_amount: entry.taxable_amount ?? null,
    })),
    total: entries.length > 0 ? entries.reduce((sum, entry) => sum + amountOf(entry), 0) : null,
    included: entries.filter(inclusive).reduce((sum, entry) => sum + amountOf(entry), 0),
  };
}

export function invoiceInVersion(fields: Json, _pinned: Json, version: string): Json {
  if (!isBefore(version, basil)) return fields;
  const { parent, total_taxes: totalTaxes, ...rest } = fields;
  const details = objectAt(parent, 'subscription_details');
  const taxes = olderTaxes(totalTaxes);
  return {
    ...rest,
    application_fee_amount: null,
    // The emulator makes no PaymentIntents or Charges: their ids are null, as on an unpaid invoice.
    charge: null,
    paid: fields.status === 'paid',
    paid_out_of_band: false,
    payment_intent: null,
    quote: null,
    subscription: details?.subscription ?? null,
    subscription_details: details ? { metadata: details.metadata ?? null } : null,
    tax: taxes.total,
    total_tax_amounts: taxes.amounts,
    transfer_data: null,
  };
}

export function invoiceLineInVersion(
  fields: Json,
  _pinned: Json,
  version: string,
  state: PaymentsState,
): Json {
  if (!isBefore(version, basil)) return fields;
  const { parent, pricing, taxes: lineTaxes, ...rest } = fields;
  const item = objectAt(parent, 'subscription_item_details');
  const invoiceItem = typeof item?.invoice_item === 'string' ? item.invoice_item : null;
  const taxes = olderTaxes(lineTaxes);
  const amount = typeof fields.amount === 'number' ? fields.amount : 0;
  const quantity = typeof fields.quantity === 'number' && fields.quantity > 0 ? fields.quantity : 1;
  return {
    ...rest,
    ...priceFields(state, pricing),
    amount_excluding_tax: amount - taxes.included,
    ...(invoiceItem && { invoice_item: invoiceItem }),
    proration: item?.proration ?? false,
    proration_details: item?.proration_details ?? null,
    subscription: fields.subscription ?? item?.subscription ?? null,
    subscription_item: item?.subscription_item ?? null,
    tax_amounts: taxes.amounts,
    tax_rates: [],
    type: invoiceItem ? 'invoiceitem' : 'subscription',
    unit_amount_excluding_tax: String((amount - taxes.included) / quantity),
  };
}

export function invoiceItemInVersion(
  fields: Json,
  _pinned: Json,
  version: string,
  state: PaymentsState,
): Json {
  if (!isBefore(version, basil)) return fields;
  const { parent, pricing, ...rest } = fields;
  const details = objectAt(parent, 'subscription_details');
  const unitAmount = isJson(pricing) ? pricing.unit_amount_decimal : null;
  return {
    ...rest,
    ...priceFields(state, pricing),
    subscription: details?.subscription ?? null,
    subscription_item: details?.subscription_item ?? null,
    unit_amount: typeof unitAmount === 'string' ? Number(unitAmount) : null,
    unit_amount_decimal: unitAmount ?? null,
  };
}
