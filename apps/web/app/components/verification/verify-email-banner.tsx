import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { BreakableText } from '#web/components/layout/breakable-text.tsx';
import { useResendVerification } from './resend-verification.tsx';

const notYetText =
  'Your email address is not verified yet. Open the link in the mail we sent you, then try again.';

/**
 * On every signed-in page while the account's address is unproven (docs/identity.md, "Verified
 * email"): what waits for it, "Resend" for the mail, and a check once the link has been opened in
 * another tab (the provider's profile is read again). The provider decides what is verified: a social
 * account whose provider vouches for the address never sees this.
 */
export function VerifyEmailBanner() {
  const { user, refreshUser } = useAuth();
  const resend = useResendVerification((email) => `We sent a new link to ${email}.`);
  const [isChecking, setIsChecking] = useState(false);
  if (!user || user.emailVerified) return null;

  const check = async () => {
    setIsChecking(true);
    try {
      const refreshed = await refreshUser({ rereadProfile: true });
      if (!refreshed.emailVerified) resend.setOutcome({ variant: 'error', text: notYetText });
    } catch (failure) {
      resend.setOutcome({ variant: 'error', text: errorMessage(failure) });
    }
    setIsChecking(false);
  };

  return (
    <section aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      <div className="container-page flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-amber-900">
          <span className="font-semibold">Verify your email address.</span> Open the link we mailed to{' '}
          <span className="font-medium wrap-break-word">
            <BreakableText text={user.email} />
          </span>
          . Until then you cannot join a workspace you are invited to.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            busy={resend.isSending}
            busyLabel="Sending…"
            onClick={() => void resend.send()}
          >
            Resend
          </Button>
          <Button variant="secondary" busy={isChecking} busyLabel="Checking…" onClick={() => void check()}>
            I have verified it
          </Button>
        </div>
      </div>
      {resend.outcome && (
        <div className="container-page pb-3">
          <Alert variant={resend.outcome.variant}>{resend.outcome.text}</Alert>
        </div>
      )}
    </section>
  );
}
