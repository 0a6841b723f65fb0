import { trialInvitation } from '@launchkit/plans';
import { CtaBand } from '#web/components/marketing/cta-band.tsx';
import { Features } from '#web/components/marketing/features.tsx';
import { Hero } from '#web/components/marketing/hero.tsx';
import { LogoCloud } from '#web/components/marketing/logo-cloud.tsx';
import { NewsletterSection } from '#web/components/marketing/newsletter-section.tsx';
import { Testimonials } from '#web/components/marketing/testimonials.tsx';
import { AccountDeletedNotice } from '#web/components/settings/account-deleted-notice.tsx';
import { islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { offer } from '#web/lib/offer.ts';

export const handle = islandsPage;

// No title: the home page gets the default title of pageMeta.
export const meta = () => pageMeta({ path: '/' });

export default function Home() {
  return (
    <>
      <AccountDeletedNotice />
      <Hero />
      <LogoCloud />
      <Features />
      <Testimonials />
      <CtaBand
        title="Ready to launch your product?"
        text={trialInvitation(offer) ?? 'Choose a plan and start today. You can cancel at any time.'}
        linkLabel="Let's get started"
        to="/pricing"
      />
      <NewsletterSection />
    </>
  );
}
