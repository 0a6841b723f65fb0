import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import type { UserRow } from '#api/users/user-document.ts';

/**
 * The user's customer at the payment provider, created on their first purchase and remembered. The
 * idempotency key is derived from the uid, so concurrent first purchases (or a retry after a failed
 * write) get the same customer from the provider instead of two.
 */
export async function ensureCustomer(deps: { db: Database; stripe: Stripe }, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await deps.stripe.customers.create(
    { email: user.email, ...(user.name && { name: user.name }), metadata: { uid: user.id } },
    { idempotencyKey: `customer-for-${user.id}` },
  );
  const [stored] = await deps.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ customerId: users.stripeCustomerId });
  if (stored?.customerId) return stored.customerId;
  // Another request stored one first: theirs is the user's customer.
  const [current] = await deps.db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, user.id));
  if (!current?.customerId) throw new Error(`user ${user.id} has no customer right after storing one`);
  return current.customerId;
}
