import type { AddMemberRequest, Member, WorkspaceSecurity } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// The member calls of docs/team.md (the spec's UserManagement records), typed by the API contract and
// scoped by the server to the signed-in owner. Each member is also an invitation to, then a membership
// of, the owner's workspace.

export type { Member };
export type NewMember = AddMemberRequest;

// "sub-users" in the paths: the API's since the first release; the domain's word is member.
const membersPath = 'sub-users';
const memberPath = (id: string) => `${membersPath}/${encodeURIComponent(id)}`;

export const listMembers = (signal?: AbortSignal) => apiRequest<Member[]>(membersPath, { signal });

/** Adds a person and mails them an invitation (pending invitations hold a seat). */
export const addMember = (member: NewMember) =>
  apiRequest<Member>(membersPath, { method: 'POST', body: member });

/** Sends a new invitation link; the previous one stops working. */
export const resendInvitation = (id: string) =>
  apiRequest<Member>(`${memberPath(id)}/invitation`, { method: 'POST' });

/** Withdraws an invitation or removes a member; their seat is free at once. */
export const removeMember = (id: string) => apiRequest<{ id: string }>(memberPath(id), { method: 'DELETE' });

/** Whether members must sign in with a second factor to open the owner's workspace. */
export const setWorkspaceSecurity = (setting: WorkspaceSecurity) =>
  apiRequest<WorkspaceSecurity>('workspace/security', { method: 'PATCH', body: setting });
