import type { MemberRole } from '@launchkit/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { apiKeys, users } from '#api/db/schema.ts';
import { type PlanColumns, planColumns } from '#api/plans/plan-status.ts';
import { apiKeyExpired, apiKeyRevoked, invalidApiKey } from './api-key-errors.ts';
import { hashApiKeySecret, isWellFormedApiKeySecret } from './api-key-secret.ts';
import { recordSecretUse } from './record-secret-use.ts';

/** A key that authenticated a request: what authorization and the activity log need of it. */
export type ApiKeyIdentity = {
  id: string;
  name: string;
  workspace: string;
  role: MemberRole;
  /** When it stops working (seconds since 1970), or null: until revoked. */
  expiresAt: number | null;
  /** The plan of the workspace's owner: its keys draw on the budget that plan allows (docs/limits.md). */
  ownerPlan: PlanColumns;
};

export type ApiKeyVerifier = (secret: string) => Promise<ApiKeyIdentity>;

/**
 * Checks the secret of each request against the database (docs/api-keys.md, decision 0034): one
 * prepared query by the secret's SHA-256, on the table's unique index, with the owner's plan. No instance keeps a key in
 * memory, so a revocation holds from the next request on every instance at once, with nothing to
 * announce or invalidate. `last_used_at` is written at most once a minute per key (a conditional
 * update, so instances racing for the same minute write once): a busy key costs no write per request.
 */
export function createApiKeyVerifier(db: Database): ApiKeyVerifier {
  const byHash = db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      workspace: apiKeys.workspace,
      role: sql<MemberRole>`${apiKeys.role}`,
      expiresAt: apiKeys.expiresAt,
      // The database's clock, as the write path's checks (authorize-workspace.ts) use it.
      isRevoked: sql<boolean>`${apiKeys.revokedAt} is not null`,
      isExpired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
      isUseToRecord: sql<boolean>`coalesce(${apiKeys.lastUsedAt} < now() - interval '1 minute', true)`,
      ownerPlan: planColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.workspace))
    .where(eq(apiKeys.secretHash, sql.placeholder('secretHash')))
    .prepare('api_key_by_hash');

  return async (secret) => {
    if (!isWellFormedApiKeySecret(secret)) throw invalidApiKey();
    const [key] = await byHash.execute({ secretHash: hashApiKeySecret(secret) });
    if (!key) throw invalidApiKey();
    if (key.isRevoked) throw apiKeyRevoked();
    if (key.isExpired) throw apiKeyExpired();
    if (key.isUseToRecord) {
      await recordSecretUse(db, apiKeys, key.id);
    }
    return {
      id: key.id,
      name: key.name,
      workspace: key.workspace,
      role: key.role,
      expiresAt: key.expiresAt ? Math.floor(key.expiresAt.getTime() / 1000) : null,
      ownerPlan: key.ownerPlan,
    };
  };
}

/** The `actorId` of a key in the activity log, and the caller's uid while it acts: `api-key:<id>`. */
export const apiKeyActorId = (id: string) => `api-key:${id}`;
