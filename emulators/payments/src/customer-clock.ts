import type Stripe from 'stripe';

// Moving a customer's time in tests, through Stripe's own test-clock API only: the same calls work
// against the emulator and against a Stripe test-mode account. Shared by the emulator's tests, the
// API's and the browser tests.

/** The customer's test clock, attached now (frozen at the present) when it has none. */
export async function customerClock(stripe: Stripe, customer: string): Promise<Stripe.TestHelpers.TestClock> {
  const current = (await stripe.customers.retrieve(customer)) as Stripe.Customer;
  if (typeof current.test_clock === 'string')
    return stripe.testHelpers.testClocks.retrieve(current.test_clock);
  return (
    current.test_clock ??
    stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), customer })
  );
}

/**
 * Moves a customer's time forward (trials end, renewals happen): in advances of at most 59 days
 * (Stripe allows two billing intervals per advance), each waited for until the clock is `ready`.
 */
export async function advanceCustomerClock(
  stripe: Stripe,
  customer: string,
  seconds: number,
): Promise<Stripe.TestHelpers.TestClock> {
  let clock = await customerClock(stripe, customer);
  const target = clock.frozen_time + seconds;
  while (clock.frozen_time < target) {
    const step = Math.min(target, clock.frozen_time + 59 * 24 * 60 * 60);
    clock = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: step });
    while (clock.status !== 'ready') {
      if (clock.status === 'internal_failure') throw new Error(`test clock ${clock.id} failed to advance`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock = await stripe.testHelpers.testClocks.retrieve(clock.id);
    }
  }
  return clock;
}
