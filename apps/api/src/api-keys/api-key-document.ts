import type { ApiKey, MemberRole } from '@launchkit/api-contract';
import { sql } from 'drizzle-orm';
import { isoTimestamp } from '#api/db/iso-timestamp.ts';
import { apiKeys } from '#api/db/schema.ts';

/** The columns of a key as the API shows it: never its hash. */
export const apiKeyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  role: sql<MemberRole>`${apiKeys.role}`,
  prefix: apiKeys.prefix,
  createdAt: isoTimestamp(apiKeys.createdAt),
  lastUsedAt: isoTimestamp(apiKeys.lastUsedAt),
  expiresAt: isoTimestamp(apiKeys.expiresAt),
};

export type { ApiKey };
