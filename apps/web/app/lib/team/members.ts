import type { AddMemberRequest, Member, MemberRole, WorkspaceSecurity } from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';
import { workspaceQuery } from '#web/lib/items.ts';

// The member calls of docs/team.md (the spec's UserManagement records), typed by the API contract. Each
// acts in a workspace: the caller's own when `workspace` is null, else the one whose id is given, which
// the server lets only its admins manage (docs/team.md, Roles). Each member is also an invitation to,
// then a membership of, the workspace.

export type { Member };
export type NewMember = AddMemberRequest;

// "sub-users" in the paths: the API's since the first release; the domain's word is member.
const membersPath = (workspace: string | null) => `sub-users${workspaceQuery(workspace)}`;
const memberPath = (id: string, workspace: string | null, then = '') =>
  `sub-users/${encodeURIComponent(id)}${then}${workspaceQuery(workspace)}`;

export const listMembers = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<Member[]>(membersPath(workspace), { signal });

/** Adds a person with a role and mails them an invitation (pending invitations hold a seat). */
export const addMember = (member: NewMember, workspace: string | null) =>
  apiRequest<Member>(membersPath(workspace), { method: 'POST', body: member });

/** Sends a new invitation link; the previous one stops working. */
export const resendInvitation = (id: string, workspace: string | null) =>
  apiRequest<Member>(memberPath(id, workspace, '/invitation'), { method: 'POST' });

/** Gives a person another role. */
export const changeMemberRole = (id: string, role: MemberRole, workspace: string | null) =>
  apiRequest<Member>(memberPath(id, workspace), { method: 'PATCH', body: { role } });

/** Withdraws an invitation or removes a member; their seat is free at once. */
export const removeMember = (id: string, workspace: string | null) =>
  apiRequest<{ id: string }>(memberPath(id, workspace), { method: 'DELETE' });

/** Whether members must sign in with a second factor to open the workspace. */
export const setWorkspaceSecurity = (setting: WorkspaceSecurity, workspace: string | null) =>
  apiRequest<WorkspaceSecurity>(`workspace/security${workspaceQuery(workspace)}`, {
    method: 'PATCH',
    body: setting,
  });
