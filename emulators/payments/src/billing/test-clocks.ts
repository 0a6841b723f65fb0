import type { PaymentsContext } from '#payments/context.ts';
import { parameterInvalid } from '#payments/http/stripe-error.ts';
import { newId, realNow } from '#payments/ids.ts';
import { priceOf } from '#payments/objects/subscription-object.ts';
import { testClockObject } from '#payments/objects/test-clock-object.ts';
import type { CustomerRecord, TestClockRecord } from '#payments/storage/payments-state.ts';
import { type EventOrigin, emitEvent } from '#payments/webhooks/emit-event.ts';
import { runDueWork } from './billing-clock.ts';
import { addMonths } from './calendar.ts';
import { deleteCustomer, isEnded } from './subscriptions.ts';

/** Stripe deletes a test clock, and what it holds, seven days after its creation. */
export const testClockLifetime = 7 * 24 * 60 * 60;

export function createTestClock(
  context: PaymentsContext,
  fields: { frozenTime: number; name: string | null },
  origin: EventOrigin,
): TestClockRecord {
  const created = realNow();
  const clock: TestClockRecord = {
    id: newId('clock'),
    name: fields.name,
    frozenTime: fields.frozenTime,
    created,
    deletesAfter: created + testClockLifetime,
  };
  context.store.state.testClocks.set(clock.id, clock);
  emitEvent(context, 'test_helpers.test_clock.created', testClockObject(clock), { origin, customer: null });
  return clock;
}

export const clockCustomers = (context: PaymentsContext, clock: TestClockRecord): CustomerRecord[] =>
  [...context.store.state.customers.values()].filter(
    (customer) => customer.testClock === clock.id && !customer.deleted,
  );

/**
 * The latest time a clock may be advanced to, as Stripe limits it: two intervals of its shortest
 * subscription (two months, or two years when all are yearly), or two years without one.
 */
export function advanceLimit(context: PaymentsContext, clock: TestClockRecord): number {
  const { state } = context.store;
  const customers = new Set(clockCustomers(context, clock).map((customer) => customer.id));
  const intervals = [...state.subscriptions.values()]
    .filter((subscription) => customers.has(subscription.customer) && !isEnded(subscription))
    .map((subscription) => priceOf(state, subscription.item.price).interval);
  return addMonths(clock.frozenTime, intervals.includes('month') ? 2 : 24);
}

/** Refuses a target Stripe would refuse: not after the frozen time, or beyond the advance limit. */
export function checkAdvanceTarget(context: PaymentsContext, clock: TestClockRecord, frozenTime: number) {
  if (frozenTime <= clock.frozenTime) {
    throw parameterInvalid(
      'frozen_time',
      `The frozen_time (${frozenTime}) must be after the test clock's current frozen time (${clock.frozenTime}).`,
      'parameter_invalid_integer',
    );
  }
  const limit = advanceLimit(context, clock);
  if (frozenTime > limit) {
    throw parameterInvalid(
      'frozen_time',
      `Cannot advance the test clock to ${frozenTime}: it can move at most two intervals of its shortest subscription (or two years without one) at a time, so to ${limit} at most. Advance in steps.`,
      'parameter_invalid_integer',
    );
  }
}

/**
 * Moves a clock's time forward and runs what falls due for its customers on the way, in time order
 * (test_helpers.test_clock.advancing, then those events, then test_helpers.test_clock.ready).
 * Stripe advances in the background and answers `status: advancing`; here the work is done by the
 * time the answer leaves, so the first retrieve already reads `ready`.
 */
export function advanceTestClock(
  context: PaymentsContext,
  clock: TestClockRecord,
  frozenTime: number,
  origin: EventOrigin,
) {
  emitEvent(
    context,
    'test_helpers.test_clock.advancing',
    testClockObject(clock, { advancingTo: frozenTime }),
    { origin, customer: null },
  );
  clock.frozenTime = frozenTime;
  runDueWork(context, clockCustomers(context, clock), frozenTime);
  emitEvent(context, 'test_helpers.test_clock.ready', testClockObject(clock), { origin, customer: null });
}

/**
 * Deletes a clock and what it holds: its customers (their subscriptions canceled first), with the
 * events a customer's deletion has, then test_helpers.test_clock.deleted.
 */
export function deleteTestClock(context: PaymentsContext, clock: TestClockRecord, origin: EventOrigin) {
  const { state } = context.store;
  for (const customer of clockCustomers(context, clock)) deleteCustomer(context, customer, origin);
  state.testClocks.delete(clock.id);
  emitEvent(context, 'test_helpers.test_clock.deleted', testClockObject(clock), { origin, customer: null });
}

/**
 * The clock of a customer, made for it if it has none (frozen at its current time). Stripe attaches
 * an existing customer to a new clock with `test_clock.create({customer})`; the emulator-only clock
 * endpoint and the portal's clock box use this.
 */
export function clockOfCustomer(context: PaymentsContext, customer: CustomerRecord, origin: EventOrigin) {
  const existing = customer.testClock ? context.store.state.testClocks.get(customer.testClock) : undefined;
  if (existing) return existing;
  const clock = createTestClock(context, { frozenTime: realNow(), name: `Clock of ${customer.id}` }, origin);
  customer.testClock = clock.id;
  return clock;
}

/** Advances a clock by any amount, in steps Stripe would accept (the emulator-only endpoint, the portal). */
export function advanceTestClockBy(
  context: PaymentsContext,
  clock: TestClockRecord,
  seconds: number,
  origin: EventOrigin,
) {
  const target = clock.frozenTime + seconds;
  while (clock.frozenTime < target) {
    advanceTestClock(context, clock, Math.min(target, advanceLimit(context, clock)), origin);
  }
  return clock.frozenTime;
}
