import type { Permission } from '@launchkit/api-contract/permissions';
import type { ReactNode } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { can } from '#web/lib/team/roles.ts';
import {
  currentWorkspace,
  type Workspace,
  workspaceLabel,
  workspaceParam,
  workspaces,
} from '#web/lib/team/workspaces.ts';

/** Why the page is not for the person's role there, after "You are working in <workspace>." */
const reasons: Partial<Record<Permission, string>> = {
  'billing.manage': 'Only its owner sees its billing and buys its plan.',
  'members.read': 'Only its owner and its admins manage its users.',
  'activity.read': 'Only its owner and its admins see its activity.',
  'api-keys.manage': 'Only its owner and its admins manage its API keys.',
  'scim.manage': 'Only its owner manages its provisioning.',
  'sso.manage': 'Only its owner sets up its single sign-on.',
};

/** What the gated page works in: the current workspace, and its `?workspace=` (null: the person's own). */
export type GatedWorkspace = { workspace: Workspace; param: string | null };

/**
 * A page (or panel) of the current workspace that only some roles see (docs/team.md, Roles): shown
 * when the person's role there has `permission`, the same table the server checks. Otherwise a panel
 * says whose workspace this is and offers the way back to their own, where they are the owner. Nothing
 * is shown, and nothing asked of the server, until the workspace is known.
 */
export function PermissionGate({
  permission,
  children,
}: {
  permission: Permission;
  children: (gated: GatedWorkspace) => ReactNode;
}) {
  const snapshot = useWorkspaces();
  const current = currentWorkspace(snapshot);
  if (!current || !snapshot.uid) return <LoadingStatus className="py-12" />;
  if (can(current.role, permission)) {
    return <>{children({ workspace: current, param: workspaceParam(snapshot) })}</>;
  }
  const ownId = snapshot.uid;
  return (
    <section
      className="max-w-xl rounded-lg border border-slate-200 bg-slate-50 p-6 text-left text-sm text-slate-700"
      data-testid="own-workspace-only"
    >
      <p>
        You are working in {workspaceLabel(current)}.{' '}
        {reasons[permission] ?? 'Your role there does not include this.'}
      </p>
      <Button className="mt-4" onClick={() => workspaces.select(ownId)}>
        Switch to your workspace
      </Button>
    </section>
  );
}
