import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// The workspace's API keys (docs/api-keys.md), as its owner or an admin manages them on /developers:
// `workspace` is the `?workspace=` of the workspace worked in (null: the person's own).

export type { ApiKey, CreatedApiKey };
export type NewApiKey = CreateApiKeyRequest;

const keysPath = (workspace: string | null, id?: string) => {
  const path = id === undefined ? 'api-keys' : `api-keys/${encodeURIComponent(id)}`;
  return workspace === null ? path : `${path}?${new URLSearchParams({ workspace })}`;
};

export const listApiKeys = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<ApiKey[]>(keysPath(workspace), { signal });

/** Makes a key: the answer holds its secret, the one time the server sends it. */
export const createApiKey = (workspace: string | null, key: NewApiKey) =>
  apiRequest<CreatedApiKey>(keysPath(workspace), { method: 'POST', body: key });

/** Revokes a key: its next request is refused. */
export const revokeApiKey = (workspace: string | null, id: string) =>
  apiRequest<{ id: string }>(keysPath(workspace, id), { method: 'DELETE' });
