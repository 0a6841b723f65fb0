import { DeferredFrame } from '#web/components/deferred-frame.tsx';
import { PageHeader } from '#web/components/marketing/page-header.tsx';
import { islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const handle = islandsPage;

export const meta = () =>
  pageMeta({
    title: 'Pricing',
    path: '/pricing',
    description:
      'Simple plans for every stage: starter, pro and business, priced per seat, monthly or yearly.',
  });

// The plans come from the separately hosted pricing app (docs/product.md §2), served by the API at
// /omniout/.
export default function Pricing() {
  return (
    <>
      <PageHeader eyebrow="Pricing" title="Simple, transparent pricing">
        Pick the plan that fits your team, billed monthly or yearly. Add seats, switch plans or cancel at any
        time.
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        <DeferredFrame
          src="/omniout/"
          title="Pricing plans"
          className="block h-[950px] w-full border-0"
          data-testid="pricing-frame"
        />
      </div>
    </>
  );
}
