import type { CreateItemRequest, DeletedItem, Item, ItemChangeRequest } from '@app/api-contract';
import { apiRequest } from './api.ts';

// The item calls of docs/workspace.md, typed by the API contract (packages/api-contract). The server
// scopes every one to the signed-in user.

export type { Item };

const itemPath = (id: string) => `items/${encodeURIComponent(id)}`;

export const createItem = (name: string) =>
  apiRequest<Item>('items', { method: 'POST', body: { name } satisfies CreateItemRequest });

export const renameItem = (id: string, name: string) =>
  apiRequest<Item>(itemPath(id), { method: 'PATCH', body: { name } satisfies ItemChangeRequest });

export const setItemFeatured = (id: string, featured: boolean) =>
  apiRequest<Item>(itemPath(id), { method: 'PATCH', body: { featured } satisfies ItemChangeRequest });

export const deleteItem = (id: string) => apiRequest<DeletedItem>(itemPath(id), { method: 'DELETE' });
