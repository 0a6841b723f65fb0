import { apiKeyDefaultDays, type CreateApiKeyRequest, type CreatedApiKey } from '@launchkit/api-contract';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { hashApiKeySecret, newApiKeySecret } from '#api/caller/api-key-secret.ts';
import type { Database } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import { apiKeyColumns } from './api-key-document.ts';

const limitReached = (limit: number) =>
  new AppError(
    409,
    'api-keys/limit-reached',
    `This workspace has ${limit} ${limit === 1 ? 'key' : 'keys'}, the most its plan allows. Revoke one you no longer use first.`,
  );

/**
 * Makes a key for the workspace (docs/api-keys.md): its owner's or an admin's (`api-keys.manage`),
 * with a role below owner and an expiry (apiKeyDefaultDays unless the request says otherwise, null:
 * none), as many as the workspace's plan allows. Only the secret's SHA-256 is stored; the secret is
 * in this answer and nowhere else. The owner's row is locked for the count and the insert, so
 * concurrent creates never pass the limit; the activity log records it in the same transaction.
 */
export async function createApiKey(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  request: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const { secret, prefix } = newApiKeySecret();
  return inWorkspace(
    db,
    caller,
    workspace,
    'api-keys.manage',
    async (tx, access, record) => {
      const [held] = await tx
        .select({ keys: count() })
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.workspace, access.workspace),
            isNull(apiKeys.revokedAt),
            // An expired key works no more, so it takes no place either.
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
          ),
        );
      if ((held?.keys ?? 0) >= access.limits.apiKeys) throw limitReached(access.limits.apiKeys);
      const key = writtenRow(
        await tx
          .insert(apiKeys)
          .values({
            workspace: access.workspace,
            name: request.name,
            role: request.role,
            prefix,
            secretHash: hashApiKeySecret(secret),
            createdBy: caller.uid,
            expiresAt: expiryOf(request.expiresInDays),
          })
          .returning(apiKeyColumns),
        'the API key insert',
      );
      await record({
        action: 'api-key.created',
        subject: key.name,
      });
      return { key, secret };
    },
    { lockOwnerRow: true },
  );
}

/** When a key made now stops working: `days` from now, the default without a choice, never for null. */
const expiryOf = (days: number | null | undefined) =>
  days === null ? null : sql`now() + make_interval(days => ${days ?? apiKeyDefaultDays})`;
