import { newId, randomToken, realNow } from '../ids.ts';
import type { CustomerRecord, Metadata, PaymentsState } from '../storage/payments-state.ts';

/** Each customer has its own clock (Stripe's test clocks, one per customer): real time plus an offset. */
export const customerNow = (customer: Pick<CustomerRecord, 'clockOffset'>) =>
  realNow() + customer.clockOffset;

export function createCustomerRecord(
  state: PaymentsState,
  fields: {
    email: string | null;
    name: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
  },
): CustomerRecord {
  const customer: CustomerRecord = {
    id: newId('cus'),
    created: realNow(),
    email: fields.email,
    name: fields.name,
    description: fields.description ?? null,
    phone: fields.phone ?? null,
    metadata: fields.metadata ?? {},
    defaultPaymentMethod: null,
    invoicePrefix: randomToken(8).toUpperCase(),
    nextInvoiceSequence: 1,
    clockOffset: 0,
    deleted: false,
  };
  state.customers.set(customer.id, customer);
  return customer;
}

/** A customer that exists and is not deleted. */
export function liveCustomer(state: PaymentsState, id: string): CustomerRecord | undefined {
  const customer = state.customers.get(id);
  return customer && !customer.deleted ? customer : undefined;
}
