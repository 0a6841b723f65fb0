import { useState } from 'react';
import { useOutcome } from './use-app-form.ts';

/**
 * The changes made from a panel's rows (revoke, remove, turn off…): `act(id, change)` marks the row
 * busy, shows the success message `change` answers or its error as the panel's outcome, then loads the
 * list again; it resolves to whether the change was made.
 */
export function useRowActions(reload: () => void) {
  const { outcome, setOutcome, run } = useOutcome();
  const [busyId, setBusyId] = useState<string | null>(null);
  const act = async (id: string, change: () => Promise<string>) => {
    setBusyId(id);
    const isDone = await run(change);
    setBusyId(null);
    reload();
    return isDone;
  };
  return { busyId, outcome, setOutcome, act };
}
