import type { SsoJoin } from '@launchkit/api-contract';
import { isAtSeatLimit } from '@launchkit/plans';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { workspaceNotFound } from '#api/access/authorize-workspace.ts';
import type { Caller } from '#api/caller/authenticate.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { subUsers, users, workspaceDomains, workspaceSso } from '#api/db/schema.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import { AppError } from '#api/http/app-error.ts';
import { notAnOrganizationSignIn } from './sso-errors.ts';

const noSeatToJoin = () =>
  new AppError(
    403,
    'workspaces/no-seat',
    'The workspace has no free seat for you to join. Ask its owner to add seats, or to invite you once one is free.',
  );

/** Whether the address's domain is one the workspace verified. */
async function isAtVerifiedDomain(db: Queryable, workspace: string, email: string) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const rows = await db
    .select({ id: workspaceDomains.id })
    .from(workspaceDomains)
    .where(
      and(
        eq(workspaceDomains.workspace, workspace),
        eq(workspaceDomains.domain, domain),
        isNotNull(workspaceDomains.verifiedAt),
      ),
    );
  return rows.length > 0;
}

/**
 * After a sign-in through an organization: the workspace is the one whose organization the token names
 * (never one the request names), and the caller's place in it. Its owner, or a member already, is
 * answered as such; someone else joins with the workspace's default role when its owner allows joining
 * by domain and the caller's address is at a domain the workspace verified, a seat being free (the
 * owner's row locked for the count and the insert, as adding a member does). Anyone else is not a member.
 */
export async function joinSsoWorkspace(
  deps: { db: Database; log: FastifyBaseLogger },
  caller: Caller,
): Promise<SsoJoin> {
  if (!caller.organization || caller.apiKey) throw notAnOrganizationSignIn();
  const organization = caller.organization;
  return deps.db.transaction(async (tx) => {
    const [sso] = await tx.select().from(workspaceSso).where(eq(workspaceSso.organizationId, organization));
    if (!sso) throw workspaceNotFound();
    if (sso.workspace === caller.uid) return { workspace: sso.workspace, role: 'owner', joined: false };
    const [owner] = await tx
      .select({ quantity: users.quantity })
      .from(users)
      .where(eq(users.id, sso.workspace))
      .for('no key update');
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.uid));
    if (!owner || !me) throw workspaceNotFound();
    const [membership] = await tx
      .select({ role: subUsers.role, joinedAt: subUsers.joinedAt })
      .from(subUsers)
      .where(and(eq(subUsers.owner, sso.workspace), eq(subUsers.memberId, caller.uid)));
    if (membership?.joinedAt) return { workspace: sso.workspace, role: membership.role, joined: false };
    if (!sso.autoJoin || !(await isAtVerifiedDomain(tx, sso.workspace, me.email))) throw workspaceNotFound();
    const email = me.email.toLowerCase();
    // A pending invitation to the address holds its seat already.
    const [invited] = await tx
      .select({ id: subUsers.id })
      .from(subUsers)
      .where(and(eq(subUsers.owner, sso.workspace), eq(subUsers.email, email)));
    const [taken] = await tx
      .select({ seats: count() })
      .from(subUsers)
      .where(eq(subUsers.owner, sso.workspace));
    if (!invited && isAtSeatLimit(taken?.seats ?? 0, owner.quantity)) throw noSeatToJoin();
    const [name = '', ...rest] = email.slice(0, email.indexOf('@')).split('.');
    await tx
      .insert(subUsers)
      .values({
        owner: sso.workspace,
        email,
        firstName: name || email,
        lastName: rest.join(' '),
        memberId: caller.uid,
        joinedAt: sql`now()`,
        role: sso.autoJoinRole,
      })
      // An invitation to the same address, not yet accepted, becomes the membership.
      .onConflictDoUpdate({
        target: [subUsers.owner, subUsers.email],
        set: { memberId: caller.uid, joinedAt: sql`now()` },
      });
    await recordWorkspaceEvent(tx, {
      workspace: sso.workspace,
      actor: caller.uid,
      action: 'member.joined',
      subject: email,
    });
    deps.log.info({ workspace: sso.workspace, role: sso.autoJoinRole }, 'joined through single sign-on');
    return { workspace: sso.workspace, role: sso.autoJoinRole, joined: true };
  });
}
