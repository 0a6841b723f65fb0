import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

export const workspaceLocked = () =>
  new AppError(
    403,
    'workspaces/locked',
    "This workspace is locked by the product's operators, so nothing in it can be read or changed for now. Its owner can contact support to find out why.",
  );

/**
 * Refuses a workspace an operator locked (docs/operations.md): one read of the owner's row by its key,
 * in the caller's transaction when there is one, so a lock is seen by the next request on every
 * instance and a write that was authorized before it commits as it would have.
 */
export async function requireUnlocked(db: Queryable, workspace: string): Promise<void> {
  const [locked] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, workspace), isNotNull(users.lockedAt)));
  if (locked) throw workspaceLocked();
}
