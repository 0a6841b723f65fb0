import { hasTrial } from '@launchkit/plans';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactForm } from '#web/components/contact/contact-form.tsx';
import { ClockIcon, MailIcon, MapPinIcon } from '#web/components/icons.tsx';
import { PageHeader } from '#web/components/marketing/page-header.tsx';
import { Island, islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { offer } from '#web/lib/offer.ts';

export const handle = islandsPage;

export const meta = () =>
  pageMeta({
    title: 'Contact us',
    path: '/contact',
    description: 'Questions about plans, billing or partnerships? Send us a message: we reply in 24hrs.',
  });

export default function Contact() {
  return (
    <>
      <PageHeader
        eyebrow={
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 normal-case tracking-normal shadow-sm ring-1 ring-brand-100">
            <ClockIcon className="size-5" />
            We reply in 24hrs
          </p>
        }
        title="Get in touch"
      >
        Questions about plans, billing or partnerships? Send us a message and a real person will get back to
        you.
      </PageHeader>

      <section className="section" aria-label="Contact form and details">
        <div className="container-page grid gap-10 lg:grid-cols-3 lg:gap-12">
          <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
            <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
            <p className="mt-1 mb-8 text-sm text-slate-600">
              Tell us a little about what you need and how we can help.
            </p>
            <Island name="contact-form" component={ContactForm} />
          </div>
          <div className="space-y-8">
            <h2 className="sr-only">Other ways to reach us</h2>
            <ContactDetail Icon={MailIcon} title="Email">
              <a className="link" href="mailto:hello@example.com">
                hello@example.com
              </a>
            </ContactDetail>
            <ContactDetail Icon={MapPinIcon} title="Office">
              <address className="not-italic">
                100 Market Street, Suite 300
                <br />
                San Francisco, CA 94105
              </address>
            </ContactDetail>
            <ContactDetail Icon={ClockIcon} title="Hours">
              Monday to Friday, 9:00 to 17:00 (PT)
            </ContactDetail>
            <div className="rounded-lg bg-slate-50 p-6 ring-1 ring-slate-200">
              <h3 className="text-base font-semibold text-slate-900">Looking for a quick answer?</h3>
              <p className="mt-2 text-sm text-slate-600">
                Many questions about billing, seats{hasTrial(offer) ? ', trials' : ''} and your data are
                answered in our{' '}
                <Link className="link" to="/faq">
                  frequently asked questions
                </Link>
                .
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

function ContactDetail({
  Icon,
  title,
  children,
}: {
  Icon: ComponentType<{ className?: string }>;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="size-6" />
      </span>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-600">{children}</div>
      </div>
    </div>
  );
}
