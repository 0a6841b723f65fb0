import type { CreatedScimToken, ScimToken } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// The workspace's SCIM tokens (docs/scim.md), as its owner manages them in Settings → Provisioning:
// `workspace` is the `?workspace=` of the workspace worked in (null: the person's own).

export type { CreatedScimToken, ScimToken };

const tokensPath = (workspace: string | null, id?: string) => {
  const path = id === undefined ? 'scim-tokens' : `scim-tokens/${encodeURIComponent(id)}`;
  return workspace === null ? path : `${path}?${new URLSearchParams({ workspace })}`;
};

export const listScimTokens = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<ScimToken[]>(tokensPath(workspace), { signal });

/** Makes a token: the answer holds its secret, the one time the server sends it. */
export const createScimToken = (workspace: string | null) =>
  apiRequest<CreatedScimToken>(tokensPath(workspace), { method: 'POST', body: {} });

/** Revokes a token: the identity provider's next request is refused. */
export const revokeScimToken = (workspace: string | null, id: string) =>
  apiRequest<{ id: string }>(tokensPath(workspace, id), { method: 'DELETE' });

/** The SCIM base URL an identity provider is given: this site's /scim/v2. */
export const scimBaseUrl = () => `${window.location.origin}/scim/v2`;
