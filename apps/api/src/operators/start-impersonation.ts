import { randomBytes } from 'node:crypto';
import type { Impersonation } from '@launchkit/api-contract';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { grantHashOf } from '#api/caller/impersonation.ts';
import { impersonations, subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

type StartRequest = { person: string; reason: string; legalReason?: string | undefined };

const forbidden = () =>
  new AppError(
    403,
    'impersonation/forbidden-by-workspace',
    'A workspace this person belongs to forbids "view as" (its owner’s setting). Only a legal reason overrides it: give one, and it is recorded.',
  );

/**
 * Starts an operator's "view as" a person (docs/operations.md, decision 0053): a grant of 32 random
 * bytes, kept only as its SHA-256, valid for IMPERSONATION_SECONDS. Refused when the person's own
 * workspace, or one they joined, forbids it, unless the operator gives a legal reason, which the audit
 * entry and the row keep. The person sees it in Settings → Security.
 */
export function startImpersonation(
  deps: AuditDeps & { impersonationSeconds: number },
  operator: Operator,
  request: StartRequest,
): Promise<Impersonation> {
  const { person, reason } = request;
  const legalReason = request.legalReason?.trim() || null;
  const entry = { action: 'impersonation.started', person, reason, detail: { legalReason } };
  return audited(deps, operator, entry, async () => {
    const [target] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, person));
    if (!target) throw operatorNotFound('person');
    if (!legalReason && (await isForbidden(deps, person))) throw forbidden();
    const grant = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + deps.impersonationSeconds * 1000);
    const [row] = await deps.db
      .insert(impersonations)
      .values({
        operatorId: operator.uid,
        operatorEmail: operator.email,
        person,
        grantHash: grantHashOf(grant),
        reason,
        legalReason,
        expiresAt,
      })
      .returning({ id: impersonations.id });
    if (!row) throw new Error('the impersonation insert returned no row');
    return { id: row.id, grant, person, personEmail: target.email, expiresAt: expiresAt.toISOString() };
  });
}

/** Whether the person's own workspace, or one they joined, forbids "view as". */
async function isForbidden(deps: AuditDeps, person: string): Promise<boolean> {
  const joined = deps.db
    .select({ owner: subUsers.owner })
    .from(subUsers)
    .where(and(eq(subUsers.memberId, person), isNotNull(subUsers.joinedAt)));
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.forbidsImpersonation, true), or(eq(users.id, person), sql`${users.id} in (${joined})`)),
    )
    .limit(1);
  return row !== undefined;
}
