import type { MemberRole } from '@launchkit/api-contract';
import type { WorkspaceHappening } from '#api/events/record-workspace-event.ts';

type Happening = Omit<WorkspaceHappening, 'workspace' | 'actor'>;
type MemberRow = { id: string; email: string; memberId: string | null };

/**
 * What a deleted membership row logs, whether the team page or a provider's SCIM call deleted it: a
 * member removed, with the member.left event, or an invitation withdrawn, which is no member leaving,
 * so the log alone hears of it.
 */
export const removalHappening = (removed: MemberRow, role: MemberRole): Happening => ({
  action: removed.memberId ? 'member.removed' : 'member.invitation-withdrawn',
  subject: removed.email,
  ...(removed.memberId && {
    event: {
      type: 'member.left',
      data: {
        member: { id: removed.id, email: removed.email, userId: removed.memberId, role },
        removed: true,
      },
    },
  }),
});

/** What a membership's new role logs, with the role before, by the team page or a provider's SCIM call. */
export const roleChangeHappening = (member: MemberRow, previous: string, role: MemberRole): Happening => ({
  action: 'member.role_changed',
  subject: member.email,
  previous,
  event: {
    type: 'member.role_changed',
    data: {
      member: { id: member.id, email: member.email, userId: member.memberId, role },
      previousRole: previous as MemberRole,
    },
  },
});
