import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { finishOrganizationSignIn } from '#web/auth/organization-sign-in.ts';
import { Alert } from '#web/components/forms/alert.tsx';
import { joinSsoWorkspace, recordSsoTest } from '#web/lib/sso.ts';
import { workspaceStorageKey } from '#web/lib/team/workspaces.ts';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string; back: string; backLabel: string };

/**
 * Finishes a sign-in through an organization: a person's goes on into the workspace it opens (joined
 * there when the owner allows joining by domain); the owner's "Test connection" is reported to the API
 * and goes back to Settings → Single sign-on, their own session untouched.
 */
export function SsoCallbackPage() {
  const auth = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once: a code can be exchanged only once.
    if (started.current) return;
    started.current = true;
    let purpose: 'sign-in' | 'test' = 'sign-in';
    (async () => {
      const finished = await finishOrganizationSignIn(new URLSearchParams(window.location.search));
      purpose = finished.purpose;
      if (finished.purpose === 'test') {
        // The owner's own session (loaded first) sends the test's token; the test's tokens go no further.
        await auth.refreshUser();
        await recordSsoTest(finished.tokens.accessToken);
        window.location.replace('/settings/sso?test=passed');
        return;
      }
      const user = await auth.completeSignIn(finished.tokens);
      const place = await joinSsoWorkspace();
      try {
        if (place.workspace === user.uid) localStorage.removeItem(workspaceStorageKey);
        else localStorage.setItem(workspaceStorageKey, place.workspace);
      } catch {
        // Without storage the person starts in their own workspace and can switch.
      }
      window.location.replace(finished.next);
    })().catch((error: unknown) => {
      const message = error instanceof Error && error.message ? error.message : 'The sign-in did not finish.';
      setOutcome(
        purpose === 'test'
          ? { kind: 'failed', message, back: '/settings/sso', backLabel: 'Back to Single sign-on' }
          : { kind: 'failed', message, back: '/auth/signin', backLabel: 'Back to sign in' },
      );
    });
  }, [auth]);

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {outcome.kind === 'working' ? 'Signing in…' : 'The sign-in did not finish'}
      </h1>
      {outcome.kind === 'failed' && (
        <div className="mt-6 space-y-4">
          <Alert variant="error">{outcome.message}</Alert>
          <Link className="link" to={outcome.back}>
            {outcome.backLabel}
          </Link>
        </div>
      )}
    </section>
  );
}
