import { InitialsAvatar } from './initials-avatar.tsx';
import { SectionHeading } from './section-heading.tsx';

const testimonials = [
  {
    quote:
      'We replaced three internal tools and shipped our paid plans in two weeks. Our customers noticed how much faster everything got.',
    name: 'Maya Robinson',
    role: 'CTO, Northwave',
  },
  {
    quote:
      'The billing and team management just work, so our small team spends its time on the product instead of on plumbing.',
    name: 'Daniel Okafor',
    role: 'Founder, Quantia',
  },
  {
    quote:
      'Clean, accessible components and sensible defaults. It is the starting point I wish I had for every project before this one.',
    name: 'Sofia Lindqvist',
    role: 'Lead engineer, Lumen',
  },
];

export function Testimonials() {
  return (
    <section className="section below-fold bg-slate-50" aria-labelledby="testimonials-title">
      <div className="container-page">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Loved by product teams">
          Teams of every size use it to launch faster and sleep better.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:mt-16 lg:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                <svg
                  className="size-8 text-brand-200"
                  viewBox="0 0 32 32"
                  fill="currentColor"
                  aria-hidden="true"
                >
                  <path d="M9.3 24c-2.9 0-5.3-2.3-5.3-5.7C4 12.6 8 8.4 13 7l1 2c-3 1.3-5 3.5-5.3 6 .4-.2 1-.3 1.6-.3 2.6 0 4.6 2 4.6 4.6 0 2.7-2.1 4.7-5.6 4.7Zm14 0c-2.9 0-5.3-2.3-5.3-5.7C18 12.6 22 8.4 27 7l1 2c-3 1.3-5 3.5-5.3 6 .4-.2 1-.3 1.6-.3 2.6 0 4.6 2 4.6 4.6 0 2.7-2.1 4.7-5.6 4.7Z" />
                </svg>
                <blockquote className="mt-4 flex-1 text-base text-slate-700">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
                  <InitialsAvatar name={testimonial.name} tint={index} className="size-11 text-sm" />
                  <div>
                    <div className="text-sm font-semibold text-slate-900">{testimonial.name}</div>
                    <div className="text-sm text-slate-600">{testimonial.role}</div>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
