import { eq, sql } from 'drizzle-orm';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

export type UserRow = typeof users.$inferSelect;

/** The user document as the browser sees it (§3), keyed by the identity provider's subject. */
export function toUserDocument(row: UserRow) {
  return {
    uid: row.id,
    email: row.email,
    name: row.name,
    picture: row.picture,
    createdAt: row.createdAt.toISOString(),
  };
}

export type UserDocument = ReturnType<typeof toUserDocument>;

type IdentityProfile = { sub: string; email?: string; name?: string; picture?: string };

/** The provider's `/userinfo` for the caller's own token: the trustworthy source of their email. */
async function fetchIdentityProfile(identity: IdentityConfig, token: string): Promise<IdentityProfile> {
  const response = await fetch(`${identity.origin}/userinfo`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (response?.status === 401) {
    throw new AppError(
      401,
      'auth/invalid-user-token',
      'Your session is no longer valid. Please sign in again.',
    );
  }
  if (!response?.ok) {
    throw new AppError(
      503,
      'identity_unavailable',
      'The sign-in service is not reachable. Try again shortly.',
    );
  }
  return (await response.json()) as IdentityProfile;
}

/**
 * §4: the first authenticated call creates the user document with the email. Concurrent first calls
 * are safe: the insert does nothing when another request created the row a moment earlier.
 */
export async function findOrCreateUser(
  db: Database,
  identity: IdentityConfig,
  caller: { uid: string; token: string },
): Promise<UserRow> {
  const [existing] = await db.select().from(users).where(eq(users.id, caller.uid));
  if (existing) return existing;
  const profile = await fetchIdentityProfile(identity, caller.token);
  if (profile.sub !== caller.uid) {
    throw new AppError(
      401,
      'auth/invalid-user-token',
      'Your session is no longer valid. Please sign in again.',
    );
  }
  await db
    .insert(users)
    .values({
      id: caller.uid,
      email: profile.email ?? '',
      name: profile.name ?? null,
      picture: profile.picture ?? null,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(users).where(eq(users.id, caller.uid));
  if (!created) throw new Error(`user ${caller.uid} missing right after its insert`);
  return created;
}

export async function updateUserRow(
  db: Database,
  uid: string,
  changes: Partial<Pick<UserRow, 'email' | 'name' | 'picture'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, uid))
    .returning();
  if (!row) throw new Error(`user ${uid} vanished during an update`);
  return row;
}
