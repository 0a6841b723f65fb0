import type { SubscriptionChoice } from '@launchkit/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { type liveSubscriptionOf, seatsInUse } from './live-subscription.ts';

type Live = Awaited<ReturnType<typeof liveSubscriptionOf>>;

const seatsTaken = (taken: number) =>
  new AppError(
    409,
    'billing/seats-in-use',
    `${taken} seats are in use by members and open invitations. Remove some first, then choose fewer seats.`,
    { seats: `At least ${taken} seats: that many are in use.` },
  );

/**
 * The price an owner's choice buys, refused when it changes nothing or leaves fewer seats than are in
 * use (members and open invitations: the owner chooses whom to remove first).
 */
export function priceForChoice(
  plans: PlanCatalogue,
  live: Live,
  choice: SubscriptionChoice,
  taken: number,
): string {
  const price = choice.period === 'year' ? plans.yearlyPriceIds[choice.plan] : plans.priceIds[choice.plan];
  if (price === live.item.price.id && choice.seats === live.item.quantity) {
    throw new AppError(
      400,
      'billing/no-change',
      'This is your plan already. Choose another plan, billing period or number of seats.',
    );
  }
  if (choice.seats < taken) throw seatsTaken(taken);
  return price;
}

/**
 * Lowers the owner's seat limit before the provider is asked for fewer seats, under the owner's row
 * lock that adding a member takes too (team/add-member.ts): no one can join between the count and the
 * change. The write takes a plan-sync ticket, so a sync that read the provider before it cannot raise
 * the limit again; the sync after the provider's answer writes its truth either way.
 */
export async function lowerSeatLimit(db: Database, owner: string, seats: number) {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for('update');
    const taken = await seatsInUse(tx, owner);
    if (seats < taken) throw seatsTaken(taken);
    await tx
      .update(users)
      .set({ quantity: seats, planSyncTicket: sql`nextval('plan_sync_tickets')`, updatedAt: sql`now()` })
      .where(and(eq(users.id, owner), sql`${users.quantity} > ${seats}`));
  });
}

/**
 * "Now" as the provider bills the customer: the test clock's frozen time for a customer on one (the
 * emulator's and Stripe's test mode), else the real time. Prorations are computed from this second.
 */
export async function providerNow(stripe: Stripe, customerId: string): Promise<number> {
  const customer = await stripe.customers.retrieve(customerId);
  const clock = 'test_clock' in customer ? customer.test_clock : null;
  if (!clock) return Math.floor(Date.now() / 1000);
  const id = typeof clock === 'string' ? clock : clock.id;
  return (await stripe.testHelpers.testClocks.retrieve(id)).frozen_time;
}
