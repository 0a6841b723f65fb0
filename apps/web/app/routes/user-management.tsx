import { MembersPanel } from '#web/components/user-management/members-panel.tsx';
import { SecondFactorRequirement } from '#web/components/user-management/second-factor-requirement.tsx';
import { OwnerPage } from '#web/components/workspaces/owner-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'User Management', path: '/userManagement' });

/**
 * docs/product.md §2: the people the signed-in user adds to their account, up to the seats of their
 * plan. The owner's page: while working in someone else's workspace it says so instead
 * (OwnWorkspaceOnly).
 */
export default function UserManagement() {
  return (
    <OwnerPage
      title="User Management"
      intro="Add the people who work with you. Each one takes a seat of your plan."
      // Keyed by the user: another user signing in here loads their own list.
      panel={(user) => (
        <>
          <MembersPanel key={user.uid} seats={user.quantity} />
          <SecondFactorRequirement user={user} />
        </>
      )}
    />
  );
}
