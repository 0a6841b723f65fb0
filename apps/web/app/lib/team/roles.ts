import { can, type MemberRole, memberRoles, type WorkspaceRole } from '@launchkit/api-contract/permissions';

// How the screens word the roles of docs/team.md ("Roles"). What each role may do is the permission
// table's (@launchkit/api-contract/permissions), which the server enforces; the screens read it only to
// offer what the role may do.

export { can, type MemberRole, type WorkspaceRole };

export const roleNames: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** What a person in the role does, after "<Role>: you". */
export const roleDescriptions: Record<WorkspaceRole, string> = {
  owner: 'own it, its plan and its users',
  admin: 'see and change its items, and manage its users',
  member: 'see and change its items',
  viewer: 'see its items, live',
};

/** What the Add User dialog says of the role chosen. */
export const roleHints: Record<MemberRole, string> = {
  admin: 'Admins change items and manage users and their roles below admin; billing stays the owner’s.',
  member: 'Members see and change items.',
  viewer: 'Viewers see items, live, and change nothing.',
};

/** The roles someone in `role` may give (the owner any member role; an admin those below admin). */
export const assignableRoles = (role: WorkspaceRole): MemberRole[] =>
  memberRoles.filter((candidate) => candidate !== 'admin' || can(role, 'admins.manage'));

/** Whether someone in `role` may change or remove a person who is `target` (an admin only by the owner). */
export const canManage = (role: WorkspaceRole, target: MemberRole): boolean =>
  can(role, 'members.manage') && (target !== 'admin' || can(role, 'admins.manage'));
