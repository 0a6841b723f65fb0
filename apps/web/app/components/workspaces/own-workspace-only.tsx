import type { ReactNode } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { currentWorkspace, workspaceLabel, workspaces } from '#web/lib/team/workspaces.ts';

/**
 * What only a workspace's owner sees (user management, the activity log, billing): shown while the
 * person works in their own workspace. In someone else's, a panel says whose workspace this is and
 * offers the way back. The server holds the same line: these calls always act on the caller's own
 * account.
 */
export function OwnWorkspaceOnly({ children }: { children: ReactNode }) {
  const snapshot = useWorkspaces();
  const current = currentWorkspace(snapshot);
  if (!current || !snapshot.uid) return <LoadingStatus className="py-12" />;
  if (current.role === 'owner') return <>{children}</>;
  const ownId = snapshot.uid;
  return (
    <section
      className="max-w-xl rounded-lg border border-slate-200 bg-slate-50 p-6 text-sm text-slate-700"
      data-testid="own-workspace-only"
    >
      <p>
        You are working in {workspaceLabel(current)}. Only its owner sees its billing and manages its users.
      </p>
      <Button className="mt-4" onClick={() => workspaces.select(ownId)}>
        Switch to your workspace
      </Button>
    </section>
  );
}
