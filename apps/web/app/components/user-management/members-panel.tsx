import { isAtSeatLimit } from '@launchkit/plans';
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { CardSection, PanelHeader, PanelNotices } from '#web/components/layout/card-section.tsx';
import { EmptyList } from '#web/components/layout/list-states.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useDialogOpener } from '#web/hooks/use-dialog-opener.ts';
import { useRowActions } from '#web/hooks/use-row-actions.ts';
import {
  changeMemberRole,
  listMembers,
  type Member,
  removeMember,
  resendInvitation,
} from '#web/lib/team/members.ts';
import {
  assignableRoles,
  canManage,
  type MemberRole,
  roleNames,
  type WorkspaceRole,
} from '#web/lib/team/roles.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { fullName, type MemberActions, MemberRow } from './member-row.tsx';

// "sub-users" in the test ids (data-testid): the browser tests' names for this panel since the first release.
const titleId = 'members-title';
const limitId = 'members-limit';

type Confirming = { kind: 'withdraw' | 'remove'; user: Member };

const count = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

/**
 * Over the limit (the plan now has fewer seats than people): nobody's data goes, the newest have no
 * seat, and the owner chooses whom to keep by removing people.
 */
export function overLimitMessage(seats: number, people: number): string {
  return (
    `Your plan has ${count(seats, 'seat', 'seats')} for ${count(people, 'person', 'people')}. ` +
    'Remove people to choose who keeps a seat; until then the newest have no access and no one can be added.'
  );
}

/**
 * docs/product.md §2 /userManagement: the workspace's members and the Add User dialog. §4: Add User is
 * disabled once the users reach the plan's seats (quantity); the server holds the same limit. Each
 * person added is invited by mail with a role (docs/team.md): the owner, or an admin for the roles
 * below admin, can resend or withdraw the invitation, change a role, and remove a member; withdrawing
 * and removing ask first. `workspace`: the `?workspace=` of another's workspace, null for the person's
 * own; `role`: theirs in it.
 */
export function MembersPanel({
  seats,
  workspace,
  role,
}: {
  seats: number;
  workspace: string | null;
  role: WorkspaceRole;
}) {
  const { data: users, error, reload } = useApiResource((signal) => listMembers(workspace, signal));
  const loadError = error && errorMessage(error);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const changes = useMemberChanges({ workspace, reload, titleRef });
  const { confirming } = changes;
  // A success is done with once the dialog opens; an error stays until the next change.
  const adding = useDialogOpener(() => {
    if (changes.outcome?.variant === 'success') changes.setOutcome(null);
  });

  const people = users?.length ?? 0;
  const onAdded = (user: Member) => {
    adding.close();
    changes.setOutcome({ variant: 'success', message: `Invitation sent to ${user.email}.` });
    reload();
  };

  return (
    <CardSection titleId={titleId} testId="sub-users">
      <MembersHeader
        seats={seats}
        people={users === null ? null : people}
        titleRef={titleRef}
        addButtonRef={adding.buttonRef}
        onAdd={adding.open}
      />
      <PanelNotices>
        {users !== null && <SeatLimitNotice seats={seats} people={people} workspace={workspace} />}
        {loadError && <Alert variant="error">{loadError}</Alert>}
        <FormOutcome outcome={changes.outcome} />
      </PanelNotices>
      <MembersBody
        users={users}
        isFailing={Boolean(loadError)}
        busyId={changes.busyId}
        actions={changes.actions}
        role={role}
      />
      {adding.isOpen && (
        <AddUserDialog
          workspace={workspace}
          roles={assignableRoles(role)}
          onAdded={onAdded}
          onClose={adding.cancel}
        />
      )}
      {confirming && (
        <RemovalDialog
          confirming={confirming}
          workspace={workspace}
          onConfirm={() => void changes.confirm(confirming)}
          onCancel={() => changes.setConfirming(null)}
        />
      )}
    </CardSection>
  );
}

/** The title, the seats taken (`people`, null while loading) and Add User, disabled at the seat limit. */
function MembersHeader({
  seats,
  people,
  titleRef,
  addButtonRef,
  onAdd,
}: {
  seats: number;
  people: number | null;
  titleRef: RefObject<HTMLHeadingElement | null>;
  addButtonRef: RefObject<HTMLButtonElement | null>;
  onAdd: () => void;
}) {
  const isAtLimit = people !== null && isAtSeatLimit(people, seats);
  return (
    <PanelHeader
      titleId={titleId}
      title="Users"
      titleRef={titleRef}
      action={{
        label: 'Add User',
        ref: addButtonRef,
        disabled: people === null || isAtLimit,
        describedBy: isAtLimit ? limitId : undefined,
        onClick: onAdd,
      }}
    >
      <p className="mt-1 text-sm text-slate-600" data-testid="seats">
        {people === null ? `${seats} seats` : `${people} of ${seats} users`}
      </p>
    </PanelHeader>
  );
}

/**
 * The changes to people made from their rows: resend an invitation and change a role at once; withdraw
 * an invitation or remove a member once confirmed (`confirming`), after which focus goes to the
 * panel's title (the row and its buttons are gone).
 */
function useMemberChanges({
  workspace,
  reload,
  titleRef,
}: {
  workspace: string | null;
  reload: () => void;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { busyId, outcome, setOutcome, act } = useRowActions(reload);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const actions: MemberActions = {
    onResend: (user) =>
      void act(user.id, async () => {
        await resendInvitation(user.id, workspace);
        return `Invitation sent to ${user.email}.`;
      }),
    onChangeRole: (user, newRole: MemberRole) =>
      void act(user.id, async () => {
        await changeMemberRole(user.id, newRole, workspace);
        return `${fullName(user)} is now ${roleNames[newRole].toLowerCase()}.`;
      }),
    onWithdraw: (user) => setConfirming({ kind: 'withdraw', user }),
    onRemove: (user) => setConfirming({ kind: 'remove', user }),
  };

  const confirm = async ({ kind, user }: Confirming) => {
    setConfirming(null);
    const isRemoved = await act(user.id, async () => {
      await removeMember(user.id, workspace);
      return kind === 'withdraw' ? 'Invitation withdrawn.' : `${fullName(user)} was removed.`;
    });
    if (isRemoved) titleRef.current?.focus();
  };

  return { busyId, outcome, setOutcome, actions, confirming, setConfirming, confirm };
}

/**
 * Over the plan's seats: who has none and how to choose; at the limit: why Add User is disabled
 * (named by it, `limitId`) and, in one's own workspace, the plan to choose.
 */
function SeatLimitNotice({
  seats,
  people,
  workspace,
}: {
  seats: number;
  people: number;
  workspace: string | null;
}) {
  if (people > seats) {
    return (
      <Alert variant="error">
        <span id={limitId} data-testid="over-limit">
          {overLimitMessage(seats, people)}
        </span>
      </Alert>
    );
  }
  if (!isAtSeatLimit(people, seats)) return null;
  return (
    <p id={limitId} className="text-sm text-slate-700" data-testid="seat-limit">
      {workspace !== null ? (
        `All ${seats} seats of the plan are taken. Its owner can add seats.`
      ) : (
        <>
          {seats === 0
            ? 'Your account has no seats for more users. '
            : `You are using all ${seats} seats of your plan. `}
          <Link to="/pricing" className="link">
            {seats === 0 ? 'Choose a plan' : 'Upgrade your plan'}
          </Link>{' '}
          to add users.
        </>
      )}
    </p>
  );
}

function RemovalDialog({
  confirming: { kind, user },
  workspace,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming;
  workspace: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (kind === 'withdraw') {
    return (
      <ConfirmDialog
        id="withdraw-invitation"
        title="Withdraw the invitation?"
        description={
          <p>
            The link sent to <span className="font-medium text-slate-900">{user.email}</span> stops working,
            and the seat is free at once.
          </p>
        }
        confirmLabel="Withdraw invitation"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    );
  }
  return (
    <ConfirmDialog
      id="remove-member"
      title={`Remove ${fullName(user)}?`}
      description={
        <p>
          They lose access to {workspace === null ? 'your' : 'this'} workspace at once, and their seat is
          free. The items stay in the workspace.
        </p>
      }
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function MembersBody({
  users,
  isFailing,
  busyId,
  actions,
  role,
}: {
  users: Member[] | null;
  isFailing: boolean;
  busyId: string | null;
  actions: MemberActions;
  role: WorkspaceRole;
}) {
  if (users === null) return isFailing ? null : <LoadingStatus className="py-12" />;
  if (users.length === 0) {
    return (
      <EmptyList testId="sub-users-empty" title="No users yet">
        The people you add appear here.
      </EmptyList>
    );
  }
  return (
    <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
      {users.map((user) => (
        <MemberRow
          key={user.id}
          user={user}
          isBusy={busyId === user.id}
          actions={canManage(role, user.role) ? actions : null}
          roles={assignableRoles(role)}
        />
      ))}
    </ul>
  );
}
