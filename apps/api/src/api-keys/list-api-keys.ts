import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { type ApiKey, apiKeyColumns } from './api-key-document.ts';

/** A workspace's keys that are not revoked, newest first; expired ones stay listed until revoked. */
export const listApiKeys = (db: Database, workspace: string): Promise<ApiKey[]> =>
  db
    .select(apiKeyColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.workspace, workspace), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
