import { useState } from 'react';
import { sendVerificationEmail } from '#web/auth/session.ts';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';

type Outcome = { variant: 'success' | 'error'; text: string };

/**
 * Has the identity provider mail the verification link again (once a minute, counted by the API), and
 * says where it went or why it did not: the one way to ask for the mail, wherever it is offered.
 */
export function useResendVerification(sentText: (email: string) => string) {
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = async () => {
    setIsSending(true);
    try {
      const { email } = await sendVerificationEmail();
      setOutcome({ variant: 'success', text: sentText(email) });
    } catch (failure) {
      setOutcome({ variant: 'error', text: errorMessage(failure) });
    }
    setIsSending(false);
  };
  return { isSending, outcome, setOutcome, send };
}

/** The invitation page's offer of the mail: a full-width button under the refusal. */
export function ResendVerification({ sentText }: { sentText: (email: string) => string }) {
  const { isSending, outcome, send } = useResendVerification(sentText);
  return (
    <div className="space-y-3">
      {outcome && <Alert variant={outcome.variant}>{outcome.text}</Alert>}
      <Button
        variant="secondary"
        className="w-full"
        busy={isSending}
        busyLabel="Sending…"
        onClick={() => void send()}
      >
        Send the verification email again
      </Button>
    </div>
  );
}
