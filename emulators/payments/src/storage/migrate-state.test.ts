import { describe, expect, it } from 'vitest';
import { migrateState } from './migrate-state.ts';
import type { CustomerRecord, InvoiceRecord, PriceRecord, SubscriptionRecord } from './payments-state.ts';
import { emptyState } from './state-file.ts';

describe('state files from before test clocks', () => {
  it('puts customers whose old clock ran ahead back on real time, and fills in new fields', () => {
    const state = emptyState();
    const legacy = (record: object) => record as never;
    state.customers.set('cus_ahead', legacy({ id: 'cus_ahead', clockOffset: 86_400, deleted: false }));
    state.customers.set('cus_real', legacy({ id: 'cus_real', clockOffset: 0, deleted: false }));
    state.subscriptions.set('sub_1', legacy({ id: 'sub_1', status: 'trialing' }));
    state.subscriptions.set('sub_2', legacy({ id: 'sub_2', status: 'active' }));
    state.invoices.set('in_1', legacy({ id: 'in_1', status: 'paid', lines: [{ id: 'il_1' }] }));
    state.prices.set('price_1', legacy({ id: 'price_1' }));
    migrateState(state);

    const ahead = state.customers.get('cus_ahead') as CustomerRecord & { clockOffset?: number };
    expect(ahead).toMatchObject({ testClock: null, balance: 0 });
    expect(ahead.clockOffset).toBeUndefined();
    expect(state.testClocks.size).toBe(0);
    expect(state.customers.get('cus_real')?.testClock).toBeNull();
    expect((state.subscriptions.get('sub_1') as SubscriptionRecord).trialWillEndSent).toBe(false);
    expect((state.subscriptions.get('sub_2') as SubscriptionRecord).trialWillEndSent).toBe(true);
    expect((state.invoices.get('in_1') as InvoiceRecord).lines[0]).toMatchObject({
      invoiceItem: null,
      proration: false,
    });
    expect((state.invoices.get('in_1') as InvoiceRecord).endingBalance).toBe(0);
    expect((state.invoices.get('in_1') as InvoiceRecord).nextPaymentAttempt).toBeNull();
    expect((state.prices.get('price_1') as PriceRecord).type).toBe('recurring');

    // Running it again changes nothing.
    const before = JSON.stringify([...state.customers, ...state.subscriptions, ...state.invoices]);
    migrateState(state);
    expect(JSON.stringify([...state.customers, ...state.subscriptions, ...state.invoices])).toBe(before);
  });
});
