import { apiKeysPerWorkspace, type CreateApiKeyRequest, type CreatedApiKey } from '@launchkit/api-contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { hashApiKeySecret, newApiKeySecret } from '#api/caller/api-key-secret.ts';
import type { Database } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import { apiKeyColumns } from './api-key-document.ts';

const limitReached = () =>
  new AppError(
    409,
    'api-keys/limit-reached',
    `This workspace has ${apiKeysPerWorkspace} keys, the most it can hold. Revoke one you no longer use first.`,
  );

/**
 * Makes a key for the workspace (docs/api-keys.md): its owner's or an admin's (`api-keys.manage`),
 * with a role below owner and an optional expiry. Only the secret's SHA-256 is stored; the secret is
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
        .where(and(eq(apiKeys.workspace, access.workspace), isNull(apiKeys.revokedAt)));
      if ((held?.keys ?? 0) >= apiKeysPerWorkspace) throw limitReached();
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
            expiresAt:
              request.expiresInDays === undefined
                ? null
                : sql`now() + make_interval(days => ${request.expiresInDays})`,
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
