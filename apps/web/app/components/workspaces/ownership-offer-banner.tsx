import { formatLongDate } from '@launchkit/plans';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { listOwnershipOffers, ownershipOfferPath } from '#web/lib/team/ownership.ts';

/**
 * On every signed-in page while an owner offers the person their workspace (docs/team.md, "Ownership
 * transfer"): who, until when, and the way to the offer's page. Loaded once while the signed-in pages
 * stay open, not on every navigation; hidden on the offer's own page, and loaded again on leaving it,
 * so it goes once the offer is answered.
 */
export function OwnershipOfferBanner() {
  const { pathname } = useLocation();
  return pathname.startsWith('/ownership-offers/') ? null : <OpenOffers />;
}

function OpenOffers() {
  const { data: offers } = useApiResource((signal) => listOwnershipOffers(signal));
  if (!offers?.length) return null;
  return (
    <section aria-label="Ownership offers" className="border-b border-brand-200 bg-brand-50">
      {offers.map((offer) => (
        <div
          key={offer.workspace}
          className="container-page flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm text-brand-900">
            <span className="font-semibold">
              {offer.ownerName || offer.ownerEmail} offers you their workspace.
            </span>{' '}
            You can accept until {formatLongDate(offer.expiresAt)}.
          </p>
          <Link to={ownershipOfferPath(offer.workspace)} className={buttonClasses({ className: 'shrink-0' })}>
            Review offer
          </Link>
        </div>
      ))}
    </section>
  );
}
