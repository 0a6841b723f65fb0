import type { MemberStatus } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans';
import { RowAction } from '#web/components/forms/button.tsx';
import { Options } from '#web/components/forms/text-field.tsx';
import { BreakableText } from '#web/components/layout/breakable-text.tsx';
import type { Member } from '#web/lib/team/members.ts';
import { type MemberRole, roleNames } from '#web/lib/team/roles.ts';

export type MemberActions = {
  onResend: (user: Member) => void;
  onChangeRole: (user: Member, role: MemberRole) => void;
  onWithdraw: (user: Member) => void;
  onRemove: (user: Member) => void;
};

// "Joined" rather than "Member" for a member who joined: the role (Member, Admin, Viewer) sits beside it.
const statusTexts: Record<MemberStatus, string> = {
  invited: 'Invited',
  expired: 'Invitation expired',
  member: 'Joined',
};

const badgeStyles: Record<MemberStatus | 'no-seat', string> = {
  invited: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  member: 'bg-green-50 text-green-800 ring-green-600/20',
  'no-seat': 'bg-red-50 text-red-800 ring-red-600/20',
};

export const fullName = (user: Pick<Member, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

const hasOwnName = (user: Member) => {
  const name = fullName(user);
  return name !== '' && name !== user.email;
};

/** The line under the email: when the link expires, that it has, or since when the person is in. */
function detailOf(user: Member): string {
  if (user.status === 'member') {
    const joined = formatLongDate(user.joinedAt);
    return joined ? `Joined ${joined}` : 'Joined';
  }
  if (user.status === 'invited') {
    const expires = formatLongDate(user.invitationExpiresAt);
    return expires ? `The invitation link works until ${expires}` : 'The invitation link was sent';
  }
  return 'Send a new invitation for a link that works';
}

/**
 * One member on user management: name, email, role, where they stand (`Invited`, `Invitation
 * expired`, `Joined`, and `No seat` when the plan's seats do not reach them), and what the person
 * managing may do (`actions`; none for someone only the owner manages, an admin for an admin): change
 * the role among `roles`, resend or withdraw an invitation, remove a member. The controls' names are
 * the actions alone; the person's name is their description.
 */
export function MemberRow({
  user,
  isBusy,
  actions,
  roles,
}: {
  user: Member;
  isBusy: boolean;
  actions: MemberActions | null;
  roles: readonly MemberRole[];
}) {
  const nameId = `member-${user.id}-name`;
  // "sub-user" in the test ids below: the browser tests' names for the row since the first release.
  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:px-6" data-testid="sub-user-row">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
      </span>
      <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-56">
          {/* A person known only by their address (an owner who gave no name) shows it once, as their name. */}
          {hasOwnName(user) ? (
            <>
              <p id={nameId} className="wrap-break-word font-medium text-slate-900">
                {fullName(user)}
              </p>
              <p className="wrap-break-word text-sm text-slate-600">
                <BreakableText text={user.email} />
              </p>
            </>
          ) : (
            <p id={nameId} className="wrap-break-word font-medium text-slate-900">
              <BreakableText text={user.email} />
            </p>
          )}
          <p className="mt-2 flex flex-wrap gap-1.5" data-testid="sub-user-status">
            <Badge style={user.status}>{statusTexts[user.status]}</Badge>
            {!user.hasSeat && <Badge style="no-seat">No seat</Badge>}
          </p>
          <p className="mt-1.5 text-xs text-slate-600">{detailOf(user)}</p>
        </div>
        <div className="-ml-2.5 flex flex-wrap items-center gap-1 sm:-mr-2.5 sm:ml-auto sm:justify-end">
          {actions ? (
            <MemberControls user={user} nameId={nameId} isBusy={isBusy} actions={actions} roles={roles} />
          ) : (
            <span className="px-2.5 text-sm text-slate-600">
              Role{' '}
              <span className="font-medium text-slate-900" data-testid="sub-user-role">
                {roleNames[user.role]}
              </span>
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

/** What the person managing may do to `user`: the role select, then resend or withdraw, or remove. */
function MemberControls({
  user,
  nameId,
  isBusy,
  actions,
  roles,
}: {
  user: Member;
  nameId: string;
  isBusy: boolean;
  actions: MemberActions;
  roles: readonly MemberRole[];
}) {
  const roleId = `member-${user.id}-role`;
  const control = { disabled: isBusy, 'aria-describedby': nameId };
  return (
    <>
      <span className="flex items-center gap-2 px-2.5">
        <label htmlFor={roleId} className="text-sm text-slate-600">
          Role
        </label>
        <select
          id={roleId}
          value={user.role}
          {...control}
          onChange={(event) => actions.onChangeRole(user, event.currentTarget.value as MemberRole)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:opacity-60"
          data-testid="sub-user-role"
        >
          <Options values={roles} labels={roleNames} />
        </select>
      </span>
      {user.status !== 'member' ? (
        <>
          <RowAction {...control} onClick={() => actions.onResend(user)}>
            Resend invitation
          </RowAction>
          <RowAction {...control} isDanger onClick={() => actions.onWithdraw(user)}>
            Withdraw invitation
          </RowAction>
        </>
      ) : (
        <RowAction {...control} isDanger onClick={() => actions.onRemove(user)}>
          Remove
        </RowAction>
      )}
    </>
  );
}

function Badge({ style, children }: { style: keyof typeof badgeStyles; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeStyles[style]}`}
    >
      {children}
    </span>
  );
}
