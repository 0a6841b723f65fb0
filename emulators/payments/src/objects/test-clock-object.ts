import type Stripe from 'stripe';
import type { TestClockRecord } from '#payments/storage/payments-state.ts';

/** A test clock; `advancingTo` renders it mid-advance (the advance answer and its `advancing` event). */
export function testClockObject(
  clock: TestClockRecord,
  options: { advancingTo?: number } = {},
): Stripe.TestHelpers.TestClock {
  return {
    id: clock.id,
    object: 'test_helpers.test_clock',
    created: clock.created,
    deletes_after: clock.deletesAfter,
    frozen_time: clock.frozenTime,
    livemode: false,
    name: clock.name,
    status: options.advancingTo === undefined ? 'ready' : 'advancing',
    status_details:
      options.advancingTo === undefined ? {} : { advancing: { target_frozen_time: options.advancingTo } },
  };
}
