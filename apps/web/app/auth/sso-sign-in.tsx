import { useEffect, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { discoverSso, type SsoDiscovery } from '#web/lib/sso.ts';
import { startOrganizationSignIn } from './organization-sign-in.ts';
import { safeNextPath } from './safe-next.ts';

const looksComplete = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim());
// Asked once typing pauses, not on every key.
const pauseMs = 400;

/**
 * Home-realm discovery (docs/sso.md): once the email field holds an address, the API says whether its
 * domain signs in through a workspace's single sign-on. Null while unknown, or for any other address.
 */
export function useSsoDiscovery(email: string): SsoDiscovery | null {
  const [found, setFound] = useState<SsoDiscovery | null>(null);
  useEffect(() => {
    setFound(null);
    if (!looksComplete(email)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      discoverSso(email.trim(), controller.signal).then(
        (answer) => setFound(answer.organization ? answer : null),
        // Discovery failing leaves the password sign-in, which is always there.
        () => undefined,
      );
    }, pauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email]);
  return found;
}

/**
 * What the sign-in form shows for an address whose domain has single sign-on: the way to the company's
 * identity provider, and (for the workspace's owner, whose password and second factor still open it)
 * the password sign-in on request.
 */
export function SsoSignIn({
  discovery,
  email,
  onUsePassword,
}: {
  discovery: SsoDiscovery;
  email: string;
  onUsePassword: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await startOrganizationSignIn({
        organization: discovery.organization ?? '',
        connection: discovery.connection,
        email: email.trim(),
        purpose: 'sign-in',
        next: safeNextPath(new URLSearchParams(window.location.search).get('next')),
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The sign-in could not start.');
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3" data-testid="sso-sign-in">
      <p className="text-sm text-slate-700">{domain} signs in with your company's single sign-on.</p>
      <Button
        size="lg"
        className="w-full"
        onClick={go}
        busy={busy}
        busyLabel="Opening your company's sign-in…"
      >
        Continue with single sign-on
      </Button>
      {error && <Alert variant="error">{error}</Alert>}
      <button type="button" className="link text-sm" onClick={onUsePassword}>
        Sign in with a password instead
      </button>
    </div>
  );
}
