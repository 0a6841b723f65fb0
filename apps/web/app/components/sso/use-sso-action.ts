import { useState } from 'react';
import type { SingleSignOn } from '#web/lib/sso.ts';

/** One change of the settings at a time: the call, what it answered, or why it failed. */
export function useSsoAction(onChange: (settings: SingleSignOn) => void) {
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
