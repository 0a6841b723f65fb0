import { StateFile as JsonStateFile } from '@launchkit/state-file';
import type { PaymentsState } from './payments-state.ts';

export function emptyState(): PaymentsState {
  return {
    customers: new Map(),
    paymentMethods: new Map(),
    setupIntents: new Map(),
    testClocks: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoiceItems: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    events: new Map(),
    webhookEndpoints: new Map(),
    deliveries: new Map(),
    idempotency: new Map(),
    meters: new Map(),
    meterEvents: new Map(),
    coupons: new Map(),
    promotionCodes: new Map(),
    customerBalanceTransactions: new Map(),
  };
}

/** The emulator's state file (`<PAYMENTS_DATA_DIR>/state.json`). */
export type StateFile = JsonStateFile<PaymentsState>;
export const StateFile = {
  open: (dir: string): Promise<StateFile> =>
    JsonStateFile.open(dir, { owner: 'payments emulator', contents: 'customers', emptyState }),
};
