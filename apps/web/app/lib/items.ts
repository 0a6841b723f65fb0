import { apiRequest } from './api.ts';

// The item calls of docs/workspace.md. The server scopes every one to the signed-in user.

export type Item = { id: string; name: string; owner: string; featured: boolean; createdAt: string };

export const createItem = (name: string) => apiRequest<Item>('items', { method: 'POST', body: { name } });

export const renameItem = (id: string, name: string) =>
  apiRequest<Item>(`items/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });

export const setItemFeatured = (id: string, featured: boolean) =>
  apiRequest<Item>(`items/${encodeURIComponent(id)}`, { method: 'PATCH', body: { featured } });

export const deleteItem = (id: string) =>
  apiRequest<{ id: string }>(`items/${encodeURIComponent(id)}`, { method: 'DELETE' });
