import type { CreateSubUserRequest, SubUser } from '@app/api-contract';
import { apiRequest } from './api.ts';

// The sub-user calls of docs/workspace.md (the spec's UserManagement records), typed by the API
// contract and scoped by the server to the signed-in owner.

export type { SubUser };
export type NewSubUser = CreateSubUserRequest;

export const listSubUsers = (signal?: AbortSignal) => apiRequest<SubUser[]>('sub-users', { signal });

export const addSubUser = (user: NewSubUser) =>
  apiRequest<SubUser>('sub-users', { method: 'POST', body: user });
