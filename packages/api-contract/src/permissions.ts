// Who may do what in a workspace (docs/team.md, "Roles"): one table, read by every endpoint and stream
// of the API (apps/api/src/access/require-permission.ts) and by the screens, which offer only what the
// role may do. No imports: the browser bundles this file.

/** A person's place in a workspace: its one owner, then admins, members and viewers (each holds a seat). */
export const workspaceRoles = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** The roles a person can be invited with or given; the owner is made only by a transfer. */
export const memberRoles = ['admin', 'member', 'viewer'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** How the caller reached the API: signed in (a person's session) or with a workspace's API key. */
export type CallerKind = 'session' | 'api-key';

type Rule = {
  /** The roles allowed, whoever asks. */
  roles: readonly WorkspaceRole[];
  /** Whether an API key of one of those roles may do it; keys never reach billing, members or keys. */
  apiKeys: boolean;
};

export const permissions = {
  /** See the items, live. */
  'items.read': { roles: ['owner', 'admin', 'member', 'viewer'], apiKeys: true },
  /** Create, rename, delete and (as the plan allows) feature items. */
  'items.write': { roles: ['owner', 'admin', 'member'], apiKeys: true },
  /** Read the workspace's activity log. */
  'activity.read': { roles: ['owner', 'admin'], apiKeys: true },
  /** See the members and invitations (User Management). */
  'members.read': { roles: ['owner', 'admin'], apiKeys: false },
  /** Invite, resend, withdraw, remove, and change roles below admin. */
  'members.manage': { roles: ['owner', 'admin'], apiKeys: false },
  /** Make someone an admin, or an admin something else. */
  'admins.manage': { roles: ['owner'], apiKeys: false },
  /** Require a second factor of members. */
  'workspace.security': { roles: ['owner', 'admin'], apiKeys: false },
  /** Set up single sign-on, require it, prove domains (decision 0055: the owner only). */
  'sso.manage': { roles: ['owner'], apiKeys: false },
  /** Buy, change or cancel the plan; open the billing portal. */
  'billing.manage': { roles: ['owner'], apiKeys: false },
  /** Hand the workspace to a member; delete it. */
  'workspace.own': { roles: ['owner'], apiKeys: false },
  /** Create, list and revoke API keys. */
  'api-keys.manage': { roles: ['owner', 'admin'], apiKeys: false },
  /** Make and revoke the workspace's SCIM tokens (docs/scim.md): they add and remove people. */
  'scim.manage': { roles: ['owner'], apiKeys: false },
  /** Register, change and remove webhook endpoints; read and redeliver their deliveries. */
  'webhooks.manage': { roles: ['owner', 'admin'], apiKeys: false },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof permissions;

/** Whether `role`, calling as `kind`, may do what `permission` names. */
export function can(role: WorkspaceRole, permission: Permission, kind: CallerKind = 'session'): boolean {
  const rule: Rule = permissions[permission];
  return rule.roles.includes(role) && (kind === 'session' || rule.apiKeys);
}
