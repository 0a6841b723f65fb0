import { useAuth } from '#web/auth/auth-context.tsx';
import { MembersPanel } from '#web/components/user-management/members-panel.tsx';
import { OwnWorkspaceOnly } from '#web/components/workspaces/own-workspace-only.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () => [
  ...pageMeta({ title: 'User Management', path: '/userManagement' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * docs/product.md §2: the people the signed-in user adds to their account, up to the seats of their
 * plan. The owner's page: while working in someone else's workspace it says so instead
 * (OwnWorkspaceOnly).
 */
export default function UserManagement() {
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">User Management</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Add the people who work with you. Each one takes a seat of your plan.
      </p>
      <div className="mt-8 max-w-3xl">
        <OwnWorkspaceOnly>
          {/* Keyed by the user: another user signing in here loads their own list. */}
          <MembersPanel key={user.uid} seats={user.quantity} />
        </OwnWorkspaceOnly>
      </div>
    </div>
  );
}
