import { useAuth } from '#web/auth/auth-context.tsx';
import { ActivityLog } from '#web/components/activity/activity-log.tsx';
import { OwnWorkspaceOnly } from '#web/components/workspaces/own-workspace-only.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () => [
  ...pageMeta({ title: 'Activity', path: '/activity' }),
  { name: 'robots', content: 'noindex' },
];

/** Teams: what happened in the signed-in owner's workspace. The owner's page (OwnWorkspaceOnly). */
export default function Activity() {
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Activity</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Who added, renamed, deleted or featured items in your workspace, and who was invited, joined, left or
        was removed.
      </p>
      <div className="mt-8 max-w-3xl">
        <OwnWorkspaceOnly>
          {/* Keyed by the user: another user signing in here loads their own log. */}
          <ActivityLog key={user.uid} />
        </OwnWorkspaceOnly>
      </div>
    </div>
  );
}
