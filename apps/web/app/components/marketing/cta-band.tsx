import { Link } from 'react-router';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { ArrowRightIcon } from '#web/components/icons.tsx';

type CtaBandProps = { title: string; text: string; linkLabel: string; to: string };

/** The closing call to action of a marketing page. */
export function CtaBand({ title, text, linkLabel, to }: CtaBandProps) {
  return (
    <section className="section below-fold" aria-labelledby="cta-title">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-lg bg-brand-700 px-6 py-14 text-center shadow-lg sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 size-72 rounded-full bg-brand-600 opacity-60 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="absolute -bottom-28 -left-20 size-72 rounded-full bg-brand-800 opacity-70 blur-2xl"
          />
          <div className="relative">
            <h2
              id="cta-title"
              className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              {title}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">{text}</p>
            <Link to={to} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-8' })}>
              {linkLabel}
              <ArrowRightIcon />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
