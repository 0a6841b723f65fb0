import { type CallerKind, can, type Permission, type WorkspaceRole } from '@launchkit/api-contract';
import { AppError } from '#api/http/app-error.ts';

/** What a permission is checked on: the caller's role in the workspace, and how they called. */
export type RoleOfCaller = { role: WorkspaceRole; kind?: CallerKind };

export const forbidden = (role: WorkspaceRole, kind: CallerKind = 'session') =>
  new AppError(
    403,
    'workspaces/forbidden',
    kind === 'api-key'
      ? 'This API key cannot do this: API keys never reach billing, members or keys, and act with their role.'
      : `Your role in this workspace (${role}) does not allow this. Ask the workspace's owner or an admin.`,
  );

/**
 * The one check of the permission table (packages/api-contract/src/permissions.ts) on the server: every
 * endpoint and stream that acts in a workspace calls it with the access that authorization found.
 */
export function requirePermission(access: RoleOfCaller, permission: Permission): void {
  if (!can(access.role, permission, access.kind ?? 'session')) throw forbidden(access.role, access.kind);
}
