import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { roleDescriptions, roleNames } from '#web/lib/team/roles.ts';
import { type Workspace, workspaceLabel, workspaces } from '#web/lib/team/workspaces.ts';

const titleId = 'dashboard-workspace-title';

/**
 * In someone else's workspace the dashboard shows whose it is in place of the plan (which is the
 * owner's business), and the way out: Leave workspace, confirmed in a dialog. Leaving frees the seat
 * at once; the owner may invite the person again.
 */
export function WorkspacePanel({ workspace }: { workspace: Workspace }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = workspaceLabel(workspace);

  const leave = async () => {
    setIsLeaving(true);
    setError(null);
    try {
      // On success the store moves the person to their own workspace and this panel goes away.
      await workspaces.leave(workspace.id);
    } catch (failure) {
      setError(errorMessage(failure));
      setIsLeaving(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="dashboard-workspace"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Workspace
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600">You are working in</dt>
          <dd className="mt-0.5 break-words text-slate-900">{label}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Owner</dt>
          <dd className="mt-0.5 break-words text-slate-900">
            {workspace.ownerName && <span className="block">{workspace.ownerName}</span>}
            <span className="block">{workspace.ownerEmail}</span>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Your role</dt>
          <dd className="mt-0.5 text-slate-900" data-testid="workspace-role">
            {roleNames[workspace.role]}: you {roleDescriptions[workspace.role]}
          </dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          Leave workspace
        </Button>
      </div>
      {isConfirming && (
        <ConfirmDialog
          id="leave-workspace"
          title={`Leave ${label}?`}
          description={
            <p>
              You will no longer see its items, and your seat goes back to its owner. To come back, ask the
              owner to invite you again.
            </p>
          }
          confirmLabel="Leave workspace"
          onConfirm={() => void leave()}
          onCancel={() => {
            setIsConfirming(false);
            setError(null);
          }}
          busy={isLeaving}
          busyLabel="Leaving…"
          error={error}
        />
      )}
    </section>
  );
}
