import { formatLongDate } from '@launchkit/plans';
import { type ReactNode, useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { ComputerIcon, PhoneIcon, TabletIcon } from '#web/components/icons.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import {
  endOtherSessions,
  endSession,
  listSessions,
  type SignInSession,
  sessionName,
} from '#web/lib/sign-in-sessions.ts';

const deviceIcons = { desktop: ComputerIcon, mobile: PhoneIcon, tablet: TabletIcon, unknown: ComputerIcon };

// Active within the last two minutes reads as now: the API notes activity once a minute.
const activeNowMs = 2 * 60_000;

function lastActive(session: SignInSession): string {
  if (session.current || Date.now() - Date.parse(session.lastActiveAt) < activeNowMs) return 'Active now';
  return `Last active ${formatLongDate(session.lastActiveAt)}`;
}

/**
 * Settings → Security: where the account is signed in, each sign-in by browser, system and kind of
 * device (as the browser named itself; no place is looked up). Any of them, or all but this one, can
 * be signed out: at once on every server, with open lists closing (docs/identity.md, "Sessions").
 */
export function SessionSettings() {
  const sessions = useApiResource(listSessions);
  const { outcome, confirming, setConfirming, endOne, endOthers, endThisOne, dialog } = useSessionEnding(
    sessions.reload,
  );

  let body: ReactNode;
  if (sessions.error) {
    body = <LoadFailure error={sessions.error} onRetry={sessions.retry} />;
  } else if (!sessions.data) {
    body = <p className="text-sm text-slate-600">Loading…</p>;
  } else {
    const list = sessions.data.sessions;
    body = (
      <>
        <SettingsList labelledBy="sessions-title">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={() => (session.current ? void endThisOne(session) : setConfirming(session))}
            />
          ))}
        </SettingsList>
        {list.some((session) => !session.current) && (
          <Button className="mt-4" variant="secondary" onClick={() => setConfirming('others')}>
            Sign out of other sessions
          </Button>
        )}
      </>
    );
  }

  return (
    <SettingsCard
      id="sessions"
      title="Sessions"
      intro="Where your account is signed in. If you do not recognise a session, sign it out and change your password."
    >
      <div className="mt-4 space-y-4">
        {body}
        <FormOutcome outcome={outcome} />
      </div>
      {confirming === 'others' && (
        <ConfirmDialog
          id="end-other-sessions"
          title="Sign out of other sessions?"
          description="Every other browser and device signed in to your account is signed out at once, and its open pages stop updating. This one stays signed in."
          confirmLabel="Sign out of other sessions"
          onConfirm={() => void endOthers()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming && confirming !== 'others' && (
        <ConfirmDialog
          id="end-session"
          title={`Sign out ${sessionName(confirming)}?`}
          description="That browser is signed out at once, and its open pages stop updating. Whoever uses it must sign in again."
          confirmLabel="Sign out"
          onConfirm={() => void endOne(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {dialog}
    </SettingsCard>
  );
}

/**
 * Signing sessions out: another one or all others (asking for a recent sign-in, the API's rule, then
 * loading the list again), or this one, which signs out here. `confirming`: the one asked about.
 */
function useSessionEnding(reload: () => void) {
  const { signout } = useAuth();
  const reauthentication = useReauthentication();
  const { outcome, run } = useOutcome();
  const [confirming, setConfirming] = useState<SignInSession | 'others' | null>(null);

  const endOne = async (session: SignInSession) => {
    setConfirming(null);
    await run(async () => {
      await reauthentication.run(() => endSession(session.id));
      reload();
      return `${sessionName(session)} was signed out.`;
    });
  };
  const endOthers = async () => {
    setConfirming(null);
    await run(async () => {
      const { ended } = await reauthentication.run(endOtherSessions);
      reload();
      return ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`;
    });
  };
  const endThisOne = async (session: SignInSession) => {
    await run(async () => {
      await endSession(session.id);
      await signout();
      return null;
    });
  };
  return {
    outcome,
    confirming,
    setConfirming,
    endOne,
    endOthers,
    endThisOne,
    dialog: reauthentication.dialog,
  };
}

function SessionRow({ session, onEnd }: { session: SignInSession; onEnd: () => void }) {
  const Icon = deviceIcons[session.deviceType];
  const name = sessionName(session);
  return (
    <li className="flex items-start gap-4 p-4" data-testid="session">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
        <Icon className="size-6" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
            {name}
            {session.current && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                This device
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            Signed in {formatLongDate(session.signedInAt)} · {lastActive(session)}
          </p>
        </div>
        <Button
          className="self-start sm:self-auto"
          variant="secondary"
          onClick={onEnd}
          aria-label={session.current ? undefined : `Sign out ${name}`}
        >
          {session.current ? 'Sign out of this one' : 'Sign out'}
        </Button>
      </div>
    </li>
  );
}
