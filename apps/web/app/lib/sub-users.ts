import { apiRequest } from './api.ts';

// The sub-user calls of docs/workspace.md (the spec's UserManagement records), scoped by the server
// to the signed-in owner.

export type SubUser = {
  id: string;
  owner: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
};

export type NewSubUser = Pick<SubUser, 'firstName' | 'lastName' | 'email'>;

export const listSubUsers = () => apiRequest<SubUser[]>('sub-users');

export const addSubUser = (user: NewSubUser) =>
  apiRequest<SubUser>('sub-users', { method: 'POST', body: user });
