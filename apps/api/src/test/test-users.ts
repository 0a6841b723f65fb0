import type { PlanId } from '@launchkit/plans';
import { eq } from 'drizzle-orm';
import { developmentDefaults } from '#api/config/production-settings.ts';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import type { TestIdentityProvider } from './test-identity-provider.ts';

export type TestUser = { email: string; uid: string; token: string };
export type NewUser = (options?: { verified?: boolean }) => Promise<TestUser>;

/**
 * Signs up and signs in a new person on the test identity provider (no user document yet), who has
 * followed the verification link mailed to them unless `verified: false`.
 */
export function createTestUsers(identity: TestIdentityProvider): NewUser {
  let sequence = 0;
  return async function newUser(options = {}): Promise<TestUser> {
    sequence += 1;
    const email = `person-${Date.now()}-${sequence}@example.com`;
    const { _id } = await identity.signUp(email);
    if (options.verified ?? true) await identity.verifyEmail(email);
    const { access_token: token } = await identity.signIn(email);
    return { email, uid: `auth0|${_id}`, token };
  };
}

/** Writes plan fields as the billing webhook will; the user document must exist. */
export async function setPlan(db: Database, uid: string, plan: Partial<typeof users.$inferInsert>) {
  const updated = await db
    .update(users)
    .set({ ...plan, updatedAt: new Date() })
    .where(eq(users.id, uid))
    .returning({ id: users.id });
  if (updated.length !== 1) throw new Error(`no user document for ${uid}`);
}

/** The plan columns of an owner paid up on `plan` (the test app's catalogue), for setPlan. */
export const onPlan = (plan: PlanId) => ({
  stripePriceId: developmentDefaults.prices[plan],
  stripeSubscriptionStatus: 'active',
});
