import type { Database } from '#api/db/database.ts';
import { newsletterSubscriptions } from '#api/db/schema.ts';

/** Stores the address once; subscribing again is not an error. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}
