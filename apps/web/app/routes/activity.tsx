import { ActivityExportForm } from '#web/components/activity/activity-export-form.tsx';
import { ActivityLog } from '#web/components/activity/activity-log.tsx';
import { WorkspacePage } from '#web/components/workspaces/workspace-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';
import { workspaces } from '#web/lib/team/workspaces.ts';

export const meta = () => unlistedPageMeta({ title: 'Activity', path: '/activity' });

/**
 * Teams: what happened in the current workspace, and its export over a range of days, for its owner and
 * its admins (activity.read); anyone else is told so (PermissionGate).
 */
export default function Activity() {
  return (
    <WorkspacePage
      title="Activity"
      intro="Who added, renamed, deleted or featured items in this workspace, and who was invited, joined, left, was removed or changed role."
      permission="activity.read"
      // Keyed by the user and the workspace: either changing loads that log and starts a fresh export.
      panel={(user, { workspace, param }) => (
        <>
          <ActivityExportForm key={`export ${user.uid} ${workspace.id}`} workspace={param} />
          <ActivityLog
            key={`${user.uid} ${workspace.id}`}
            workspace={param}
            onAccessLost={() => workspaces.accessLost(workspace.id)}
          />
        </>
      )}
    />
  );
}
