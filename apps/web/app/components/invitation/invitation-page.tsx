import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button, buttonClasses } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { LinkPageCard } from '#web/components/layout/link-page-card.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { ResendVerification } from '#web/components/verification/resend-verification.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useLinkPageAction } from '#web/hooks/use-link-page-action.ts';
import { useLinkToken } from '#web/hooks/use-link-token.ts';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { ApiError } from '#web/lib/api.ts';
import {
  acceptInvitation,
  forgetInvitationToken,
  type InvitationPreview,
  lookUpInvitation,
  takeInvitationToken,
} from '#web/lib/team/invitations.ts';
import { workspaces } from '#web/lib/team/workspaces.ts';

const expiredText = 'This invitation has expired. Ask the workspace owner to send it again.';
const usedText =
  'This invitation has already been used. Sign in with the invited email to open the workspace.';
const incompleteText =
  'This invitation link is incomplete. Open the link in the invitation email again, or ask the workspace owner to send it again.';

/**
 * The invitation link's page, `/invitation#<token>` (Teams). The token moves from the address to this
 * tab's session storage at once (lib/team/invitations.ts), so it survives signing up or in (`next` brings
 * the person back here) and never reaches a server in a URL. The page says who invited whom; a visitor
 * signs up or in to join, a signed-in person joins with one button and lands on the workspace's
 * dashboard. Refusals (another email, an expired or used link) are the server's words.
 */
export function InvitationPage() {
  // null when the address had none and none was kept.
  const token = useLinkToken(takeInvitationToken);

  const lookup = useApiResource(token ? (signal) => lookUpInvitation(token, signal) : null);

  if (token === undefined) return <LinkPageCard testId="invitation" busy />;
  if (token === null) return <LinkPageCard testId="invitation" title="Invitation" alert={incompleteText} />;
  if (lookup.error)
    return <LinkPageCard testId="invitation" title="Invitation" alert={errorMessage(lookup.error)} />;
  if (!lookup.data) return <LinkPageCard testId="invitation" busy />;
  return <Invitation token={token} preview={lookup.data} />;
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const owner = preview.ownerName || preview.ownerEmail;
  const title = `Join ${owner}'s workspace`;
  const intro = (
    <p className="mt-3 text-slate-700">
      {owner} invited <span className="font-medium break-words text-slate-900">{preview.email}</span> to work
      with them.
    </p>
  );
  if (preview.status === 'expired')
    return <LinkPageCard testId="invitation" title={title} intro={intro} alert={expiredText} />;
  if (preview.status === 'used') {
    return (
      <LinkPageCard testId="invitation" title={title} intro={intro} alert={usedText}>
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
          Go to your dashboard
        </Link>
      </LinkPageCard>
    );
  }
  return (
    <LinkPageCard testId="invitation" title={title} intro={intro}>
      <JoinActions token={token} invitedEmail={preview.email} />
    </LinkPageCard>
  );
}

/** Signed out: sign up or in, then back here. Signed in: join. */
function JoinActions({ token, invitedEmail }: { token: string; invitedEmail: string }) {
  const { user } = useAuth();
  // The store follows the signed-in person, so the joined workspace can become the current one.
  useWorkspaces();
  const navigate = useNavigate();
  const { isBusy: isJoining, error, run } = useLinkPageAction();
  // The server refuses an address its owner has not verified yet: the page offers the mail again.
  const [needsVerification, setNeedsVerification] = useState(false);

  if (user === null) return <LoadingStatus className="py-4" />;
  if (user === false) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/auth/signup?next=/invitation" className={buttonClasses({ className: 'flex-1' })}>
          Sign up to join
        </Link>
        <Link
          to="/auth/signin?next=/invitation"
          className={buttonClasses({ variant: 'secondary', className: 'flex-1' })}
        >
          Sign in to join
        </Link>
      </div>
    );
  }

  const join = () =>
    run(
      async () => {
        const workspace = await acceptInvitation(token);
        forgetInvitationToken();
        workspaces.joined(workspace);
        navigate('/dashboard');
      },
      (failure) =>
        setNeedsVerification(
          failure instanceof ApiError && failure.code === 'invitations/email-not-verified',
        ),
    );

  const isOtherEmail = user.email.toLowerCase() !== invitedEmail.toLowerCase();
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        You are signed in as <span className="font-medium break-words text-slate-900">{user.email}</span>.
        {isOtherEmail && ` This invitation is for ${invitedEmail}: sign in with that address to join.`}
      </p>
      {error && <Alert variant="error">{error}</Alert>}
      {needsVerification && (
        <ResendVerification sentText={(email) => `We sent a new link to ${email}. Open it, then join.`} />
      )}
      <Button className="w-full" busy={isJoining} busyLabel="Joining…" onClick={() => void join()}>
        Join workspace
      </Button>
    </div>
  );
}
