import { ActivityLog } from '#web/components/activity/activity-log.tsx';
import { OwnerPage } from '#web/components/workspaces/owner-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Activity', path: '/activity' });

/** Teams: what happened in the signed-in owner's workspace. The owner's page (OwnWorkspaceOnly). */
export default function Activity() {
  return (
    <OwnerPage
      title="Activity"
      intro="Who added, renamed, deleted or featured items in your workspace, and who was invited, joined, left or was removed."
      // Keyed by the user: another user signing in here loads their own log.
      panel={(user) => <ActivityLog key={user.uid} />}
    />
  );
}
