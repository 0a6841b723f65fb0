import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { endOtherSessions } from '#web/lib/sign-in-sessions.ts';

/**
 * Offered after a change that locks a stranger out of future sign-ins but not out of a browser already
 * signed in (a new password, a passkey removed): signing out every other session as well.
 */
export function EndOtherSessionsOffer({ change }: { change: string }) {
  const reauthentication = useReauthentication();
  const { outcome, run } = useOutcome();
  const [isDone, setIsDone] = useState(false);

  const endOthers = () =>
    run(async () => {
      const { ended } = await reauthentication.run(endOtherSessions);
      setIsDone(true);
      if (ended === 0) return 'There were no other sessions: only this one is signed in.';
      return ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`;
    });

  return (
    <div
      className="rounded-md bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
      data-testid="end-other-sessions-offer"
    >
      <p className="text-slate-700">
        {change} Browsers and devices that are already signed in stay signed in until you sign them out.
      </p>
      {!isDone && (
        <Button className="mt-3" variant="secondary" onClick={() => void endOthers()}>
          Sign out of other sessions
        </Button>
      )}
      <div className="mt-3 empty:hidden">
        <FormOutcome outcome={outcome} />
      </div>
      {reauthentication.dialog}
    </div>
  );
}
