import { useEffect, useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import {
  type ActiveImpersonation,
  currentImpersonation,
  leaveImpersonation,
  storeImpersonation,
} from '#web/lib/impersonation.ts';
import { endImpersonation } from '#web/lib/operators.ts';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * On every page of an operator's "view as" (docs/operations.md): whose account it is, that it is
 * read-only (or the reason the operator gave for writing), when it ends, and the way out. At its end
 * the tab goes back to the back office; the server refuses the grant from then on anyway.
 */
export function ImpersonationBanner() {
  const [active, setActive] = useState<ActiveImpersonation | null>(null);
  const [isAskingReason, setIsAskingReason] = useState(false);
  const [reason, setReason] = useState('');
  // Read after hydration: the prerendered page never views as anyone.
  useEffect(() => setActive(currentImpersonation()), []);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => leaveImpersonation(), Date.parse(active.expiresAt) - Date.now());
    return () => window.clearTimeout(timer);
  }, [active]);
  if (!active) return null;

  const allowWrites = () => {
    const next = { ...active, writeReason: reason.trim() };
    storeImpersonation(next);
    setActive(next);
    setIsAskingReason(false);
  };
  const end = async () => {
    await endImpersonation(active.id).catch(() => undefined);
    leaveImpersonation('/admin');
  };
  return (
    <section
      aria-label="Viewing as another person"
      className="border-b border-amber-300 bg-amber-50"
      data-testid="impersonation-banner"
    >
      <div className="container-page flex flex-col gap-3 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold">You are viewing as {active.personEmail}.</span>{' '}
          {active.writeReason
            ? `Writes are allowed and recorded, for: ${active.writeReason}.`
            : 'Read-only: changes are refused unless you give a reason.'}{' '}
          Ends at {timeOf(active.expiresAt)}.
        </p>
        <div className="flex flex-wrap gap-2">
          {!active.writeReason && !isAskingReason && (
            <Button variant="secondary" onClick={() => setIsAskingReason(true)}>
              Allow writes…
            </Button>
          )}
          <Button variant="secondary" onClick={() => void end()}>
            End view
          </Button>
        </div>
      </div>
      {isAskingReason && (
        <form
          className="container-page flex flex-col gap-2 pb-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) allowWrites();
          }}
        >
          <TextField
            id="impersonation-write-reason"
            label="Reason for writing as this person"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            className="sm:w-96"
          />
          <Button type="submit" disabled={!reason.trim()}>
            Allow writes
          </Button>
        </form>
      )}
    </section>
  );
}
