import { useState } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '#web/auth/session.ts';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { setWorkspaceSecurity } from '#web/lib/team/members.ts';
import { type Workspace, workspaces } from '#web/lib/team/workspaces.ts';

const titleId = 'member-security-title';

/**
 * The workspace's requirement of a second factor for members (docs/team.md), set by its owner or an
 * admin (workspace.security). The server decides it from each member's token; turning it on needs the
 * person signed in with a second factor themselves, which the server checks and this card explains.
 * `param`: the `?workspace=` of another's workspace, null for the person's own.
 */
export function SecondFactorRequirement({
  user,
  workspace,
  param,
}: {
  user: AuthUser;
  workspace: Workspace;
  param: string | null;
}) {
  // The person's own workspace is in the list once it has loaded (before, its setting is not known).
  const snapshot = useWorkspaces();
  const listed = snapshot.workspaces?.find((candidate) => candidate.id === workspace.id);
  const whose = param === null ? 'your workspace' : 'this workspace';
  // The box shows the choice at once; it goes back if the server refuses it.
  const [saving, setSaving] = useState<boolean | null>(null);
  const { outcome, run } = useOutcome();

  const onChange = async (requiresSecondFactor: boolean) => {
    setSaving(requiresSecondFactor);
    await run(async () => {
      await setWorkspaceSecurity({ requiresSecondFactor }, param);
      await workspaces.refresh();
      return requiresSecondFactor
        ? `Members now need two-factor authentication to open ${whose}.`
        : `Members no longer need two-factor authentication to open ${whose}.`;
    });
    setSaving(null);
  };

  return (
    <CardSection titleId={titleId} testId="member-security" className="mt-8">
      <div className="space-y-4 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Member security
        </h2>
        <div className="flex items-start gap-3">
          <input
            id="require-second-factor"
            type="checkbox"
            className={checkboxClasses}
            checked={saving ?? listed?.requiresSecondFactor ?? false}
            disabled={!listed || saving !== null}
            aria-describedby="require-second-factor-hint"
            onChange={(event) => void onChange(event.currentTarget.checked)}
          />
          <div>
            <label htmlFor="require-second-factor" className="text-sm font-medium text-slate-900">
              Require two-factor authentication
            </label>
            <p id="require-second-factor-hint" className="mt-1 text-sm text-slate-600">
              Members who did not sign in with a code from an authenticator app cannot open {whose} until they
              do.
              {!user.signedInWithSecondFactor && (
                <>
                  {' '}
                  To turn it on, use it yourself first:{' '}
                  <Link to="/settings/security" className="font-medium text-brand-700 underline">
                    set up two-factor
                  </Link>
                  , then sign in again with your code.
                </>
              )}
            </p>
          </div>
        </div>
        <FormOutcome outcome={outcome} />
      </div>
    </CardSection>
  );
}
