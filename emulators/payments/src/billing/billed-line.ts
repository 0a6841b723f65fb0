import { newId } from '#payments/ids.ts';
import type { InvoiceLineRecord, PriceRecord } from '#payments/storage/payments-state.ts';

/** A line that bills `quantity` of a price over a period for a subscription item: a plan's or a meter's. */
export function billedLine(line: {
  price: PriceRecord;
  quantity: number;
  period: { start: number; end: number };
  subscriptionItem: string;
  description: string;
}): InvoiceLineRecord {
  const { price, quantity, period } = line;
  return {
    id: newId('il'),
    price: price.id,
    quantity,
    unitAmount: price.unitAmount,
    amount: price.unitAmount * quantity,
    periodStart: period.start,
    periodEnd: period.end,
    subscriptionItem: line.subscriptionItem,
    description: line.description,
    invoiceItem: null,
    proration: false,
  };
}
