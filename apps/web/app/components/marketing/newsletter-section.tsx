import { NewsletterForm } from '#web/components/newsletter/newsletter-form.tsx';
import { Island } from '#web/islands/island.tsx';

export function NewsletterSection() {
  return (
    <section className="below-fold pb-16 sm:pb-24" aria-labelledby="newsletter-title">
      <div className="container-page">
        <div className="grid items-center gap-8 rounded-lg border border-slate-200 bg-slate-50 p-6 sm:p-10 lg:grid-cols-2 lg:gap-12">
          <div>
            <h2
              id="newsletter-title"
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              Stay in the loop
            </h2>
            <p className="mt-3 text-base text-slate-600">
              Product updates, launch checklists and growth tips, once a month. Unsubscribe at any time.
            </p>
          </div>
          <Island name="newsletter" component={NewsletterForm} props={{ idPrefix: 'landing-newsletter' }} />
        </div>
      </div>
    </section>
  );
}
