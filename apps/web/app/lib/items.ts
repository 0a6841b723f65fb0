import type { CreateItemRequest, DeletedItem, Item, ItemChangeRequest } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

// The item calls of docs/team.md, typed by the API contract (packages/api-contract). Each works
// in a workspace: the caller's own when `workspace` is null or absent, else the one whose id (its
// owner's uid) is given, which the server lets only its members open.

export type { Item };

/** The `?workspace=` query of another's workspace; nothing for the caller's own. */
export const workspaceQuery = (workspace?: string | null): string =>
  workspace ? `?workspace=${encodeURIComponent(workspace)}` : '';

const itemPath = (id: string, workspace?: string | null) =>
  `items/${encodeURIComponent(id)}${workspaceQuery(workspace)}`;

export const createItem = (name: string, workspace?: string | null) =>
  apiRequest<Item>(`items${workspaceQuery(workspace)}`, {
    method: 'POST',
    body: { name } satisfies CreateItemRequest,
  });

export const renameItem = (id: string, name: string, workspace?: string | null) =>
  apiRequest<Item>(itemPath(id, workspace), { method: 'PATCH', body: { name } satisfies ItemChangeRequest });

export const setItemFeatured = (id: string, featured: boolean, workspace?: string | null) =>
  apiRequest<Item>(itemPath(id, workspace), {
    method: 'PATCH',
    body: { featured } satisfies ItemChangeRequest,
  });

export const deleteItem = (id: string, workspace?: string | null) =>
  apiRequest<DeletedItem>(itemPath(id, workspace), { method: 'DELETE' });
