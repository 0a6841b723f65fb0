import type { PaymentsContext } from '#payments/context.ts';
import { realNow } from '#payments/ids.ts';
import { automaticOrigin } from '#payments/webhooks/emit-event.ts';
import { runDueWork } from './billing-clock.ts';
import { expireCheckoutSession } from './complete-checkout.ts';
import { deleteTestClock } from './test-clocks.ts';

const idempotencyLifetimeMs = 24 * 60 * 60 * 1000;
// Stripe keeps events for 30 days.
const eventLifetime = 30 * 24 * 60 * 60;

/**
 * What happens with real time alone: renewals and trial ends of customers without a test clock, test
 * clocks expiring,
 * checkout sessions expiring after 24 hours; and forgetting idempotency keys after 24 hours and
 * events after 30 days. Run at start and every minute.
 */
export function sweep(context: PaymentsContext): boolean {
  const { state } = context.store;
  let changed = false;
  const now = realNow();
  // Customers on a test clock move only when it is advanced.
  for (const customer of state.customers.values()) {
    if (customer.deleted || customer.testClock) continue;
    if (runDueWork(context, [customer], now) > 0) changed = true;
  }
  // Stripe deletes a test clock, with its customers, when its time is up.
  for (const clock of [...state.testClocks.values()]) {
    if (clock.deletesAfter <= now) {
      deleteTestClock(context, clock, automaticOrigin);
      changed = true;
    }
  }
  for (const session of state.checkoutSessions.values()) {
    if (session.status === 'open' && session.expiresAt <= now) {
      expireCheckoutSession(context, session, automaticOrigin);
      changed = true;
    }
  }
  const oldestKey = Date.now() - idempotencyLifetimeMs;
  for (const [key, record] of state.idempotency) {
    if (record.createdAtMs < oldestKey) {
      state.idempotency.delete(key);
      changed = true;
    }
  }
  const pendingEvents = new Set<string>();
  for (const delivery of state.deliveries.values()) {
    if (delivery.state === 'pending') pendingEvents.add(delivery.event);
  }
  for (const [id, record] of state.events) {
    if (record.event.created < now - eventLifetime && !pendingEvents.has(id)) {
      state.events.delete(id);
      changed = true;
    }
  }
  for (const [id, delivery] of state.deliveries) {
    if (!state.events.has(delivery.event)) state.deliveries.delete(id);
  }
  return changed;
}
