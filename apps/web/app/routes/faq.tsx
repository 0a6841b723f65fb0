import { billingTerms, changeTerms, hasTrial, trialTerms } from '@launchkit/plans';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { ChevronDownIcon, ExternalLinkIcon } from '#web/components/icons.tsx';
import { PageHeader } from '#web/components/marketing/page-header.tsx';
import { config } from '#web/config.ts';
import { islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { offer } from '#web/lib/offer.ts';

export const handle = islandsPage;

export const meta = () =>
  pageMeta({
    title: 'Frequently asked questions',
    path: '/faq',
    description: `Answers about billing, seats, cancelling${hasTrial(offer) ? ', the free trial' : ''}, your data and support.`,
  });

const trial = trialTerms(offer);

// Each answer says only what the product does in its configuration (lib/offer.ts): the trial question
// is asked only when there is a trial, and paying takes its place (six questions either way).
const questions = [
  {
    question: 'How does billing work?',
    answer: `${billingTerms} ${changeTerms}`,
  },
  {
    question: 'Can I add more seats to my plan?',
    answer:
      'Yes. Each plan starts with a number of seats for team members. Add or remove seats in Settings → Plan whenever your team changes: you see what the change costs before you confirm it, and it is prorated.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Of course. Cancel from your account page whenever you like: your plan stays active until the end of the period you have paid for, and you will not be charged again.',
  },
  trial
    ? {
        question: 'Is there a free trial?',
        answer: `Yes. ${trial} We mail you a reminder three days before the trial ends.`,
      }
    : {
        question: 'How do I pay?',
        answer:
          "By card, on our payment provider's secure checkout page. A receipt is mailed after each payment, and your invoices are listed in Settings → Plan.",
      },
  {
    question: 'What happens to my data?',
    answer:
      'Your data is encrypted, stored in secure data centres and never sold. You can export everything at any time, and we delete it on request when you close your account.',
  },
  {
    question: 'How do I get help?',
    answer:
      'Our support team answers every message within 24 hours on weekdays. Business plans also get priority support and a dedicated onboarding call.',
  },
];

export default function Faq() {
  return (
    <>
      <PageHeader eyebrow="FAQ" title="Frequently asked questions">
        Everything you need to know about plans, billing and your data. Can't find an answer? Our support team
        is happy to help.
      </PageHeader>

      <section className="section" aria-label="Questions and answers">
        <div className="container-page max-w-3xl">
          <div className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {questions.map(({ question, answer }) => (
              <details key={question} className="group" data-testid="faq-item">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
                  {question}
                  <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                </summary>
                <p className="px-6 pb-6 text-base text-slate-600">{answer}</p>
              </details>
            ))}
          </div>

          <div className="mt-12 rounded-lg bg-slate-50 p-8 text-center ring-1 ring-slate-200">
            <h2 className="text-xl font-semibold text-slate-900">Still have questions?</h2>
            <p className="mt-2 text-base text-slate-600">
              Browse the guides in our help center or send a message to our support team.
            </p>
            <a
              href={config.helpCenterUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ className: 'mt-6' })}
            >
              Go to support center
              <ExternalLinkIcon />
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
