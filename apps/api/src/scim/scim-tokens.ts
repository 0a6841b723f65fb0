import { type CreatedScimToken, type ScimToken, scimTokensPerWorkspace } from '@launchkit/api-contract';
import { canProvisionWithScim } from '@launchkit/plans';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { isoTimestamp } from '#api/db/iso-timestamp.ts';
import { scimTokens } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import { planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { hashScimTokenSecret, newScimTokenSecret } from './scim-token-secret.ts';

/** The columns of a token as the API shows it: never its hash. */
const scimTokenColumns = {
  id: scimTokens.id,
  prefix: scimTokens.prefix,
  createdAt: isoTimestamp(scimTokens.createdAt),
  lastUsedAt: isoTimestamp(scimTokens.lastUsedAt),
};

const tokenNotFound = () =>
  new AppError(404, 'scim-tokens/not-found', 'There is no such SCIM token: it may be revoked already.');

const planRequired = () =>
  new AppError(
    403,
    'scim-tokens/plan-required',
    'SCIM provisioning is part of the Business plan. Change your plan in Settings → Plan to use it.',
  );

const limitReached = () =>
  new AppError(
    409,
    'scim-tokens/limit-reached',
    `This workspace has ${scimTokensPerWorkspace} SCIM tokens, the most it may hold. Revoke the one your identity provider no longer uses first.`,
  );

type Deps = { db: Database; plans: PlanCatalogue };

/** The workspace's tokens that are not revoked, newest first (the owner's: `scim.manage`). */
export const listScimTokens = (db: Database, workspace: string): Promise<ScimToken[]> =>
  db
    .select(scimTokenColumns)
    .from(scimTokens)
    .where(and(eq(scimTokens.workspace, workspace), isNull(scimTokens.revokedAt)))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));

/**
 * Makes a SCIM token (decision 0056): the owner's alone, on a plan that provisions, two at most. Only
 * the secret's SHA-256 is stored; the owner's row is locked for the count and the insert, so
 * concurrent makes never pass the limit. The log records it in the same transaction.
 */
export async function createScimToken(
  deps: Deps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
): Promise<CreatedScimToken> {
  const { secret, prefix } = newScimTokenSecret();
  return inWorkspace(
    deps.db,
    caller,
    workspace,
    'scim.manage',
    async (tx, access, record) => {
      if (!access.ownerPlan || !canProvisionWithScim(planStatusOf(access.ownerPlan, deps.plans))) {
        throw planRequired();
      }
      const [held] = await tx
        .select({ tokens: count() })
        .from(scimTokens)
        .where(and(eq(scimTokens.workspace, access.workspace), isNull(scimTokens.revokedAt)));
      if ((held?.tokens ?? 0) >= scimTokensPerWorkspace) throw limitReached();
      const token = writtenRow(
        await tx
          .insert(scimTokens)
          .values({
            workspace: access.workspace,
            prefix,
            secretHash: hashScimTokenSecret(secret),
            createdBy: caller.uid,
          })
          .returning(scimTokenColumns),
        'the SCIM token insert',
      );
      await record({ action: 'scim-token.created', subject: token.prefix });
      return { token, secret };
    },
    { lockOwnerRow: true },
  );
}

/**
 * Revokes one of the workspace's tokens. A SCIM write under way holds the token's row (FOR SHARE,
 * scim-caller.ts), so this waits for it, and every request after the commit finds the token revoked.
 */
export async function revokeScimToken(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(db, caller, workspace, 'scim.manage', async (tx, access, record) => {
    if (!isUuid(id)) throw tokenNotFound();
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(scimTokens.id, id), eq(scimTokens.workspace, access.workspace), isNull(scimTokens.revokedAt)),
      )
      .returning({ id: scimTokens.id, prefix: scimTokens.prefix });
    if (!revoked) throw tokenNotFound();
    await record({ action: 'scim-token.revoked', subject: revoked.prefix });
    return { id: revoked.id };
  });
}
