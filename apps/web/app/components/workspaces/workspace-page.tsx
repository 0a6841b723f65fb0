import type { Permission } from '@launchkit/api-contract/permissions';
import type { ReactNode } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import type { AuthUser } from '#web/auth/session.ts';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { type GatedWorkspace, PermissionGate } from './permission-gate.tsx';

type WorkspacePageProps = {
  title: string;
  intro: string;
  /** What the person's role in the current workspace must allow to see the panel. */
  permission: Permission;
  panel: (user: AuthUser, gated: GatedWorkspace) => ReactNode;
};

/** A signed-in page whose one panel only some roles of the current workspace see (PermissionGate). */
export function WorkspacePage({ title, intro, permission, panel }: WorkspacePageProps) {
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <AppPage title={title} intro={intro}>
      <div className="mt-8 max-w-3xl">
        <PermissionGate permission={permission}>{(gated) => panel(user, gated)}</PermissionGate>
      </div>
    </AppPage>
  );
}
