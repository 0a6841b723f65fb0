import type { MemberRole } from '@launchkit/api-contract';
import { sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import type { TestUser } from './test-users.ts';

/**
 * Makes `member` a joined member of `owner`'s workspace, as an accepted invitation leaves it: for
 * suites about what members may do, not about how they join (that is invitations' own suite). Both
 * user documents must exist; the owner's plan must have the seats (`setPlan`). A member unless `role`
 * says otherwise.
 */
export async function insertJoinedMember(
  db: Database,
  owner: TestUser,
  member: TestUser,
  role: MemberRole = 'member',
): Promise<{ id: string }> {
  const [row] = await db
    .insert(subUsers)
    .values({
      owner: owner.uid,
      email: member.email.toLowerCase(),
      firstName: 'Test',
      lastName: 'Member',
      memberId: member.uid,
      joinedAt: sql`now()`,
      role,
    })
    .returning({ id: subUsers.id });
  if (!row) throw new Error('the membership insert returned no row');
  return row;
}
