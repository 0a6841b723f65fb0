import { useState } from 'react';
import type { SingleSignOn } from '#web/lib/sso.ts';

/** What a part of the settings page is given: the settings, whether it may change them, and where a change goes. */
export type SsoSectionProps = {
  settings: SingleSignOn;
  disabled: boolean;
  onChange: (settings: SingleSignOn) => void;
};

/** One change of the settings at a time: the call, what it answered, or why it failed. */
export function useSsoAction(onChange: SsoSectionProps['onChange']) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  async function run(name: string, call: () => Promise<SingleSignOn>, success?: string) {
    setBusy(name);
    setError(null);
    setMessage(null);
    try {
      onChange(await call());
      if (success) setMessage(success);
      return true;
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Something went wrong');
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, message, run };
}
