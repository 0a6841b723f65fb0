import type { ComponentType } from 'react';
import {
  BoltIcon,
  ChartIcon,
  GlobeIcon,
  LockIcon,
  SlidersIcon,
  SquaresIcon,
} from '#web/components/icons.tsx';
import { SectionHeading } from './section-heading.tsx';

// The titles are the spec's (docs/product.md §2); each text says only what the product does.
const features: { title: string; text: string; Icon: ComponentType<{ className?: string }> }[] = [
  {
    title: 'Customizable',
    text: 'Adapt colours, copy and components to your brand without fighting the framework.',
    Icon: SlidersIcon,
  },
  {
    title: 'Rich Statistics',
    text: 'See every change on a dashboard that updates as it happens, in every tab and on every device.',
    Icon: ChartIcon,
  },
  {
    title: 'Works globally',
    text: 'Serve customers wherever they are from prerendered pages, and run several instances behind one address.',
    Icon: GlobeIcon,
  },
  {
    title: 'Lighting fast UI',
    text: 'Prerendered pages and a tiny JavaScript bundle keep every screen snappy.',
    Icon: BoltIcon,
  },
  {
    title: 'Components',
    text: 'Accessible building blocks for forms, alerts, menus and more, ready to reuse.',
    Icon: SquaresIcon,
  },
  {
    title: 'Auto Auth',
    text: 'Sign-in, sign-up and password resets work from day one, social logins included.',
    Icon: LockIcon,
  },
];

export function Features() {
  return (
    <section id="features" className="section below-fold scroll-mt-16" aria-labelledby="features-title">
      <div className="container-page">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to ship faster">
          Skip months of plumbing. The essentials of a subscription business are built in and ready to adapt.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:mt-16 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, text, Icon }) => (
            <li
              key={title}
              className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-base text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
