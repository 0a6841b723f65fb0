import type { Workspace } from '@launchkit/api-contract';
import { Link } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Button, buttonClasses } from '#web/components/forms/button.tsx';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { workspaceLabel } from '#web/lib/team/workspaces.ts';

const titleId = 'second-factor-gate-title';

/**
 * In place of the items of a workspace whose owner requires a second factor, for a member whose sign-in
 * did not pass one: what to do. The API refuses them anyway (workspaces/second-factor-required).
 */
export function SecondFactorGate({
  workspace,
  className = '',
}: {
  workspace: Workspace;
  className?: string;
}) {
  const { signout } = useAuth();
  return (
    <CardSection titleId={titleId} testId="second-factor-gate" className={className}>
      <div className="space-y-4 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Two-factor authentication required
        </h2>
        <p className="text-sm text-slate-700">
          {workspaceLabel(workspace)} asks its members to sign in with two-factor authentication.
        </p>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Turn it on in Settings → Security, if you have not yet.</li>
          <li>Sign out, then sign in again with the code from your authenticator app.</li>
        </ol>
        <div className="flex flex-wrap gap-3">
          <Link to="/settings/security" className={buttonClasses()}>
            Set up two-factor
          </Link>
          <Button variant="secondary" onClick={() => void signout()}>
            Sign out
          </Button>
        </div>
      </div>
    </CardSection>
  );
}
