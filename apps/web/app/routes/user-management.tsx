import { MembersPanel } from '#web/components/user-management/members-panel.tsx';
import { OwnershipTransferCard } from '#web/components/user-management/ownership-transfer-card.tsx';
import { SecondFactorRequirement } from '#web/components/user-management/second-factor-requirement.tsx';
import { WorkspacePage } from '#web/components/workspaces/workspace-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'User Management', path: '/userManagement' });

/**
 * docs/product.md §2: the people of the current workspace, up to the seats of its owner's plan. For its
 * owner and its admins (members.read, docs/team.md Roles); anyone else is told so (PermissionGate).
 */
export default function UserManagement() {
  return (
    <WorkspacePage
      title="User Management"
      intro="Add the people who work with you, each with a role. Each one takes a seat of the plan."
      permission="members.read"
      // Keyed by the user and the workspace: either changing loads that list.
      panel={(user, { workspace, param }) => (
        <>
          <MembersPanel
            key={`${user.uid} ${workspace.id}`}
            seats={param === null ? user.quantity : workspace.seats}
            workspace={param}
            role={workspace.role}
          />
          <SecondFactorRequirement user={user} workspace={workspace} param={param} />
          {/* Only the owner gives the workspace away, and only their own (workspace.own). */}
          {param === null && <OwnershipTransferCard key={user.uid} />}
        </>
      )}
    />
  );
}
