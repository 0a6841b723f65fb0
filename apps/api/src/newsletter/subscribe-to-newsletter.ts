import { z } from 'zod';
import type { Database } from '#api/db/database.ts';
import { newsletterSubscriptions } from '#api/db/schema.ts';
import { emailAddress } from '#api/http/fields.ts';

export const newsletterRequest = z.object({ email: emailAddress });

/** Stores the address once; subscribing again is not an error. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}
