import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Button, buttonClasses } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { type Outcome, useOutcome } from '#web/hooks/use-app-form.ts';
import { unlistedPageMeta } from '#web/lib/meta.ts';
import {
  acceptOwnershipOffer,
  declineOwnershipOffer,
  listOwnershipOffers,
  type OwnershipOffer as OwnershipOfferData,
} from '#web/lib/team/ownership.ts';
import { workspaces } from '#web/lib/team/workspaces.ts';

export const meta = () => unlistedPageMeta({ title: 'Ownership offer', path: '/ownership-offers' });

const titleId = 'ownership-offer-title';

/**
 * An owner's offer of their workspace to the signed-in member (docs/team.md, "Ownership transfer"), the
 * page the mail and the banner link to: what taking it over means, then Accept or Decline. Accepting
 * makes the person's own workspace the one they work in, now holding everything.
 */
export default function OwnershipOffer() {
  const { workspace = '' } = useParams();
  const { refreshUser } = useAuth();
  const navigate = useNavigate();
  const offers = useApiResource((signal) => listOwnershipOffers(signal));
  const offer = offers.data?.find((candidate) => candidate.workspace === workspace) ?? null;
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);
  const { outcome, run } = useOutcome();

  const accept = async () => {
    setBusy('accept');
    const done = await run(async () => {
      const own = await acceptOwnershipOffer(workspace);
      workspaces.select(own.id);
      await Promise.all([workspaces.refresh(), refreshUser()]);
    });
    setBusy(null);
    if (done) navigate('/dashboard');
  };
  const decline = async () => {
    setBusy('decline');
    const done = await run(async () => {
      await declineOwnershipOffer(workspace);
      return 'You declined the offer. The owner’s activity log records it.';
    });
    setBusy(null);
    if (done) setDeclined(true);
  };

  return (
    <AppPage title="Ownership offer">
      <CardSection titleId={titleId} testId="ownership-offer" className="mt-8 max-w-2xl">
        <div className="space-y-4 p-4 sm:p-6">
          {offers.error ? (
            <LoadFailure error={offers.error} onRetry={offers.retry} />
          ) : !offers.data ? (
            <LoadingStatus className="py-6" />
          ) : !offer || declined ? (
            <ClosedOffer isDeclined={declined} outcome={outcome} />
          ) : (
            <OpenOffer offer={offer} outcome={outcome} busy={busy} onAccept={accept} onDecline={decline} />
          )}
        </div>
      </CardSection>
    </AppPage>
  );
}

function ClosedOffer({ isDeclined, outcome }: { isDeclined: boolean; outcome: Outcome | null }) {
  return (
    <>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {isDeclined ? 'Offer declined' : 'This offer is no longer open'}
      </h2>
      {!isDeclined && (
        <p className="text-sm text-slate-600">
          The owner withdrew it or made another, it expired, or you are no longer a member of the workspace.
        </p>
      )}
      <FormOutcome outcome={outcome} />
      <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
        Go to the dashboard
      </Link>
    </>
  );
}

/** What taking the workspace over means, then Decline or Accept ownership (`busy`: the one under way). */
function OpenOffer({
  offer,
  outcome,
  busy,
  onAccept,
  onDecline,
}: {
  offer: OwnershipOfferData;
  outcome: Outcome | null;
  busy: 'accept' | 'decline' | null;
  onAccept: () => Promise<void>;
  onDecline: () => Promise<void>;
}) {
  const owner = offer.ownerName || offer.ownerEmail;
  return (
    <>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {owner} offers you their workspace
      </h2>
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
        <li>Its items join yours, and its members, invitations and activity log become your workspace’s.</li>
        <li>Its API keys and webhook endpoints keep working, in your workspace.</li>
        {offer.hasPlan ? (
          <li>
            Its plan comes with it: you pay for its seats from the next invoice on, with its card, which you
            can change in Settings → Billing. You cannot have a plan of your own as well.
          </li>
        ) : (
          <li>It has no plan: your own billing stays as it is.</li>
        )}
        <li>{owner} stays, as an admin.</li>
      </ul>
      <p className="text-sm text-slate-600">The offer is open until {formatLongDate(offer.expiresAt)}.</p>
      <FormOutcome outcome={outcome} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          busy={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void onDecline()}
        >
          Decline
        </Button>
        <Button busy={busy === 'accept'} disabled={busy !== null} onClick={() => void onAccept()}>
          Accept ownership
        </Button>
      </div>
    </>
  );
}
