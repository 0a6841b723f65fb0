import { newId, randomToken, realNow } from '#payments/ids.ts';
import type { CustomerRecord, Metadata, PaymentsState } from '#payments/storage/payments-state.ts';

/** A customer's time: its test clock's frozen time, or real time for a customer without one. */
export function customerNow(state: PaymentsState, customer: Pick<CustomerRecord, 'testClock'>): number {
  const clock = customer.testClock ? state.testClocks.get(customer.testClock) : undefined;
  return clock ? clock.frozenTime : realNow();
}

export function createCustomerRecord(
  state: PaymentsState,
  fields: {
    email: string | null;
    name: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
    testClock?: string | null;
  },
): CustomerRecord {
  const testClock = fields.testClock ?? null;
  const customer: CustomerRecord = {
    id: newId('cus'),
    created: customerNow(state, { testClock }),
    email: fields.email,
    name: fields.name,
    description: fields.description ?? null,
    phone: fields.phone ?? null,
    metadata: fields.metadata ?? {},
    defaultPaymentMethod: null,
    invoicePrefix: randomToken(8).toUpperCase(),
    nextInvoiceSequence: 1,
    testClock,
    balance: 0,
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
