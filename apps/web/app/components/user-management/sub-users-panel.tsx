import { isAtSeatLimit } from '@app/plans';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { listSubUsers, type SubUser } from '#web/lib/sub-users.ts';
import { useApiResource } from '#web/lib/use-api-resource.ts';
import { AddUserDialog } from './add-user-dialog.tsx';

const titleId = 'sub-users-title';
const limitId = 'sub-users-limit';

/**
 * §2 /userManagement: the signed-in user's sub-users and the Add User dialog. §4: Add User is
 * disabled once the users reach the plan's seats (quantity); the server holds the same limit.
 */
export function SubUsersPanel({ seats }: { seats: number }) {
  const { data: users, error, reload } = useApiResource(listSubUsers);
  const loadError = error && errorMessage(error);
  const [isAdding, setIsAdding] = useState(false);
  const [addedName, setAddedName] = useState<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const count = users?.length ?? 0;
  const isAtLimit = isAtSeatLimit(count, seats);
  const canAdd = users !== null && !isAtLimit;

  const onAdded = (user: SubUser) => {
    setIsAdding(false);
    setAddedName(`${user.firstName} ${user.lastName}`);
    reload();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="sub-users"
    >
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Users
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="seats">
            {users === null ? `${seats} seats` : `${count} of ${seats} users`}
          </p>
        </div>
        <Button
          ref={addButtonRef}
          disabled={!canAdd}
          aria-describedby={users !== null && isAtLimit ? limitId : undefined}
          onClick={() => {
            setAddedName(null);
            setIsAdding(true);
          }}
        >
          Add User
        </Button>
      </div>
      <div className="space-y-3 px-4 pt-4 empty:hidden sm:px-6">
        {users !== null && isAtLimit && (
          <p id={limitId} className="text-sm text-slate-700" data-testid="seat-limit">
            {seats === 0
              ? 'Your account has no seats for more users. '
              : `You are using all ${seats} seats of your plan. `}
            <Link to="/pricing" className="link">
              {seats === 0 ? 'Choose a plan' : 'Upgrade your plan'}
            </Link>{' '}
            to add users.
          </p>
        )}
        {loadError && <Alert variant="error">{loadError}</Alert>}
        {addedName && <Alert variant="success">{addedName} has been added.</Alert>}
      </div>
      <SubUsersBody users={users} isFailing={Boolean(loadError)} />
      {isAdding && (
        <AddUserDialog
          onAdded={onAdded}
          onClose={() => {
            setIsAdding(false);
            addButtonRef.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function SubUsersBody({ users, isFailing }: { users: SubUser[] | null; isFailing: boolean }) {
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
      {users.map((user) => {
        const name = `${user.firstName} ${user.lastName}`;
        return (
          <li key={user.id} className="flex items-center gap-3 px-4 py-4 sm:px-6" data-testid="sub-user-row">
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
            >
              {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{name}</p>
              <p className="break-all text-sm text-slate-600">{user.email}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
