import { formatLongDate } from '@launchkit/plans';
import { Link } from 'react-router';

/**
 * docs/product.md §9: while the plan is on trial (CurrentTrial), its end date ('MMMM Do YYYY') and a
 * link to My Account.
 */
export function TrialBanner({ endDate }: { endDate: string | null }) {
  const formatted = endDate ? formatLongDate(endDate) : '';
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="trial-banner"
    >
      <p>
        <span className="font-semibold">You are on a free trial.</span>{' '}
        {formatted ? `Your trial ends on ${formatted}.` : 'Your trial ends soon.'}
      </p>
      <Link to="/myAccount" className="link shrink-0 text-brand-800">
        Manage your plan in My Account
      </Link>
    </div>
  );
}
