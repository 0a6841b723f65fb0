import { isAtSeatLimit } from '@launchkit/plans';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
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
  const [isAdding, setIsAdding] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const people = users?.length ?? 0;
  const isAtLimit = isAtSeatLimit(people, seats);
  const isOverLimit = users !== null && people > seats;
  const canAdd = users !== null && !isAtLimit;

  /** One change to a person; its outcome shows above the list, which then loads again. */
  const run = async (user: Member, change: () => Promise<string>, { rowGoes }: { rowGoes: boolean }) => {
    setBusyId(user.id);
    setSuccess(null);
    setActionError(null);
    try {
      setSuccess(await change());
      // The row and its buttons are gone: focus goes to the list's title rather than the page's start.
      if (rowGoes) titleRef.current?.focus();
    } catch (failure) {
      setActionError(errorMessage(failure));
    } finally {
      setBusyId(null);
      reload();
    }
  };

  const actions: MemberActions = {
    onResend: (user) =>
      void run(
        user,
        async () => {
          await resendInvitation(user.id, workspace);
          return `Invitation sent to ${user.email}.`;
        },
        { rowGoes: false },
      ),
    onChangeRole: (user, newRole: MemberRole) =>
      void run(
        user,
        async () => {
          await changeMemberRole(user.id, newRole, workspace);
          return `${fullName(user)} is now ${roleNames[newRole].toLowerCase()}.`;
        },
        { rowGoes: false },
      ),
    onWithdraw: (user) => setConfirming({ kind: 'withdraw', user }),
    onRemove: (user) => setConfirming({ kind: 'remove', user }),
  };

  const confirm = ({ kind, user }: Confirming) => {
    setConfirming(null);
    void run(
      user,
      async () => {
        await removeMember(user.id, workspace);
        return kind === 'withdraw' ? 'Invitation withdrawn.' : `${fullName(user)} was removed.`;
      },
      { rowGoes: true },
    );
  };

  const onAdded = (user: Member) => {
    setIsAdding(false);
    setActionError(null);
    setSuccess(`Invitation sent to ${user.email}.`);
    reload();
  };

  return (
    <CardSection titleId={titleId} testId="sub-users">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            Users
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="seats">
            {users === null ? `${seats} seats` : `${people} of ${seats} users`}
          </p>
        </div>
        <Button
          ref={addButtonRef}
          disabled={!canAdd}
          aria-describedby={users !== null && isAtLimit ? limitId : undefined}
          onClick={() => {
            setSuccess(null);
            setIsAdding(true);
          }}
        >
          Add User
        </Button>
      </div>
      <div className="space-y-3 px-4 pt-4 empty:hidden sm:px-6">
        {isOverLimit ? (
          <Alert variant="error">
            <span id={limitId} data-testid="over-limit">
              {overLimitMessage(seats, people)}
            </span>
          </Alert>
        ) : (
          users !== null &&
          isAtLimit && (
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
          )
        )}
        {loadError && <Alert variant="error">{loadError}</Alert>}
        {actionError && <Alert variant="error">{actionError}</Alert>}
        {success && <Alert variant="success">{success}</Alert>}
      </div>
      <MembersBody
        users={users}
        isFailing={Boolean(loadError)}
        busyId={busyId}
        actions={actions}
        role={role}
      />
      {isAdding && (
        <AddUserDialog
          workspace={workspace}
          roles={assignableRoles(role)}
          onAdded={onAdded}
          onClose={() => {
            setIsAdding(false);
            addButtonRef.current?.focus();
          }}
        />
      )}
      {confirming?.kind === 'withdraw' && (
        <ConfirmDialog
          titleId="withdraw-invitation-title"
          title="Withdraw the invitation?"
          description={
            <p>
              The link sent to <span className="font-medium text-slate-900">{confirming.user.email}</span>{' '}
              stops working, and the seat is free at once.
            </p>
          }
          confirmLabel="Withdraw invitation"
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
          testId="withdraw-invitation-dialog"
        />
      )}
      {confirming?.kind === 'remove' && (
        <ConfirmDialog
          titleId="remove-member-title"
          title={`Remove ${fullName(confirming.user)}?`}
          description={
            <p>
              They lose access to {workspace === null ? 'your' : 'this'} workspace at once, and their seat is
              free. The items stay in the workspace.
            </p>
          }
          confirmLabel="Remove"
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
          testId="remove-member-dialog"
        />
      )}
    </CardSection>
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
      <div className="px-4 py-12 text-center sm:px-6" data-testid="sub-users-empty">
        <p className="font-medium text-slate-900">No users yet</p>
        <p className="mt-1 text-sm text-slate-600">The people you add appear here.</p>
      </div>
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
