import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ManagementClient } from '#api/auth/management-client.ts';
import { signInSessions, users } from '#api/db/schema.ts';
import type { SessionEnding, SessionEndings } from '#api/sessions/session-endings.ts';
import { announce } from '#api/sessions/sign-in-sessions.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

type EndDeps = AuditDeps & { management: ManagementClient; sessionEndings: Pick<SessionEndings, 'apply'> };

/**
 * Ends every session of a person, as their own "Sign out of other sessions" does but keeping none: the
 * mark on their row and the ending are written and announced in one transaction, so every instance
 * refuses their tokens at once (sessions/session-endings.ts); then the provider's refresh tokens and
 * sign-in sessions go, so no renewal brings one back. A provider that cannot be asked is logged: the
 * product's ending holds without it.
 */
export function endCustomerSessions(
  deps: EndDeps,
  operator: Operator,
  person: string,
  reason: string,
): Promise<{ done: true }> {
  return audited(deps, operator, { action: 'sessions.ended', person, reason }, async () => {
    const before = Math.floor(Date.now() / 1000);
    // kept: 0 is the sign-in time of no session, so none is kept.
    const ending: SessionEnding = { uid: person, before, kept: 0 };
    const found = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ otherSessionsEndedAt: new Date(before * 1000), keptSessionSignedInAt: new Date(0) })
        .where(eq(users.id, person))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      await tx
        .update(signInSessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(signInSessions.userId, person), isNull(signInSessions.endedAt)));
      await announce(tx, ending);
      return true;
    });
    if (!found) throw operatorNotFound('person');
    deps.sessionEndings.apply(ending);
    await revokeAtProvider(deps, person);
    return { done: true as const };
  });
}

async function revokeAtProvider(deps: EndDeps, person: string) {
  try {
    const tokens = await deps.management.listRefreshTokens(person);
    for (const token of tokens) await deps.management.deleteRefreshToken(token.id);
    await deps.management.deleteUserSessions(person);
  } catch (error) {
    deps.log.warn({ err: error, person }, 'the provider did not end the sessions: the product ending holds');
  }
}
