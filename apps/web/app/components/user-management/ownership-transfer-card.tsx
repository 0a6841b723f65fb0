import { ownershipTransferTtlDays } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { CardHeading, CardSection } from '#web/components/layout/card-section.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { listMembers, type Member } from '#web/lib/team/members.ts';
import { getOwnershipTransfer, offerOwnership, withdrawOwnership } from '#web/lib/team/ownership.ts';

const titleId = 'ownership-transfer-title';

/**
 * The owner's "Transfer ownership" card on User Management (docs/team.md, "Ownership transfer"): offer
 * the workspace to a joined member, who accepts it on their side; see and withdraw the open offer. The
 * offer needs a recent sign-in, so the sign-in dialog may open first. Only in the person's own
 * workspace: nobody else owns it.
 */
export function OwnershipTransferCard() {
  const transfer = useApiResource((signal) => getOwnershipTransfer(signal));
  const members = useApiResource((signal) => listMembers(null, signal));
  const joined = (members.data ?? []).filter((member) => member.status === 'member');
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const { outcome, run } = useOutcome();
  const reauthentication = useReauthentication();
  const open = transfer.data?.transfer ?? null;
  const memberId = chosen || joined[0]?.id || '';

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    await run(action);
    setBusy(false);
    transfer.reload();
  };

  const offer = () =>
    act(async () => {
      const made = await reauthentication.run(() => offerOwnership(memberId));
      return `Offer sent to ${made.email}. Nothing changes until they accept it.`;
    });
  const withdraw = () =>
    act(async () => {
      await withdrawOwnership();
      return 'Offer withdrawn.';
    });

  const failure = transfer.error ?? members.error;
  return (
    <CardSection titleId={titleId} testId="ownership-transfer" className="mt-8">
      <div className="space-y-4 p-4 sm:p-6">
        <CardHeading titleId={titleId} title="Transfer ownership">
          <p className="mt-1 text-sm text-slate-600">
            The new owner takes over the workspace with its plan and billing: the card, the seats and the
            invoices from then on. You stay as an admin. They have {ownershipTransferTtlDays} days to accept.
          </p>
        </CardHeading>
        {failure ? (
          <LoadFailure
            error={failure}
            onRetry={() => {
              transfer.retry();
              members.retry();
            }}
          />
        ) : open ? (
          <OpenOffer
            email={open.email}
            expiresAt={open.expiresAt}
            busy={busy}
            onWithdraw={() => void withdraw()}
          />
        ) : members.data && joined.length === 0 ? (
          <p className="text-sm text-slate-600">Once someone has joined, you can offer them the workspace.</p>
        ) : (
          <OfferForm
            joined={joined}
            memberId={memberId}
            disabled={busy || !members.data}
            busy={busy}
            onChoose={setChosen}
            onOffer={() => void offer()}
          />
        )}
        <FormOutcome outcome={outcome} />
      </div>
      {reauthentication.dialog}
    </CardSection>
  );
}

function OpenOffer({
  email,
  expiresAt,
  busy,
  onWithdraw,
}: {
  email: string;
  expiresAt: string;
  busy: boolean;
  onWithdraw: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-900" data-testid="ownership-transfer-open">
        You offered the workspace to <span className="font-medium">{email}</span>. They can accept until{' '}
        {formatLongDate(expiresAt)}.
      </p>
      <Button variant="secondary" busy={busy} onClick={onWithdraw}>
        Withdraw offer
      </Button>
    </div>
  );
}

/** The joined member to offer the workspace to (`memberId`: the first until another is chosen). */
function OfferForm({
  joined,
  memberId,
  disabled,
  busy,
  onChoose,
  onOffer,
}: {
  joined: Member[];
  memberId: string;
  disabled: boolean;
  busy: boolean;
  onChoose: (id: string) => void;
  onOffer: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="new-owner" className="text-sm font-medium text-slate-900">
          New owner
        </label>
        <select
          id="new-owner"
          value={memberId}
          disabled={disabled}
          onChange={(event) => onChoose(event.currentTarget.value)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:opacity-60"
        >
          {joined.map((member) => (
            <option key={member.id} value={member.id}>
              {member.email}
            </option>
          ))}
        </select>
      </div>
      <Button busy={busy} disabled={!memberId} onClick={onOffer}>
        Offer ownership
      </Button>
    </div>
  );
}
