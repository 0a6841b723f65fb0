import type { CreateSubUserRequest, SubUser } from '@app/api-contract';
import { apiRequest } from './api.ts';

// The sub-user calls of docs/workspace.md (the spec's UserManagement records), typed by the API
// contract and scoped by the server to the signed-in owner. Each sub-user is also an invitation to,
// then a membership of, the owner's workspace.

export type { SubUser };
export type NewSubUser = CreateSubUserRequest;

const subUserPath = (id: string) => `sub-users/${encodeURIComponent(id)}`;

export const listSubUsers = (signal?: AbortSignal) => apiRequest<SubUser[]>('sub-users', { signal });

/** Adds a person and mails them an invitation (pending invitations hold a seat). */
export const addSubUser = (user: NewSubUser) =>
  apiRequest<SubUser>('sub-users', { method: 'POST', body: user });

/** Sends a new invitation link; the previous one stops working. */
export const resendInvitation = (id: string) =>
  apiRequest<SubUser>(`${subUserPath(id)}/invitation`, { method: 'POST' });

/** Withdraws an invitation or removes a member; their seat is free at once. */
export const removeSubUser = (id: string) =>
  apiRequest<{ id: string }>(subUserPath(id), { method: 'DELETE' });
