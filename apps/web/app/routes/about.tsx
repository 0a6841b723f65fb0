import { CtaBand } from '#web/components/marketing/cta-band.tsx';
import { InitialsAvatar } from '#web/components/marketing/initials-avatar.tsx';
import { PageHeader } from '#web/components/marketing/page-header.tsx';
import { SectionHeading } from '#web/components/marketing/section-heading.tsx';
import { config } from '#web/config.ts';
import { islandsPage } from '#web/islands/island.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const handle = islandsPage;

export const meta = () =>
  pageMeta({
    title: 'About us',
    path: '/about',
    description: `Meet the team behind ${config.appName} and see what we have built so far.`,
  });

const stats = [
  { label: 'Projects', value: '3,500+' },
  { label: 'Clients', value: '260+' },
  { label: 'Earnings', value: '175k+' },
];

const team = [
  { name: 'Olivia Bennett', role: 'Co-founder & CEO' },
  { name: 'Marcus Chen', role: 'Co-founder & CTO' },
  { name: 'Priya Raman', role: 'Head of Product' },
  { name: 'Lucas Moreau', role: 'Lead Designer' },
  { name: 'Amara Nwosu', role: 'Senior Engineer' },
  { name: 'Jonas Weber', role: 'Customer Success' },
];

/** One figure of the story, its value shown above its label (the `dt` still comes first to read). */
function StatCard({ label, value }: (typeof stats)[number]) {
  return (
    <div className="flex flex-col-reverse rounded-lg border border-slate-200 bg-slate-50 p-6 text-center">
      <dt className="mt-2 text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-4xl font-bold tracking-tight text-brand-700">{value}</dd>
    </div>
  );
}

export default function About() {
  return (
    <>
      <PageHeader eyebrow="About us" title="We help teams launch subscription products">
        {config.appName} started as the toolkit we kept rebuilding for our own products. Today it powers
        thousands of launches, from side projects to growing businesses.
      </PageHeader>

      <section className="section" aria-labelledby="story-title">
        <div className="container-page grid gap-12 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading
              id="story-title"
              eyebrow="Our story"
              title="Less plumbing, more product"
              align="left"
            />
            <div className="mt-6 space-y-4 text-base text-slate-600">
              <p>
                Every subscription product needs the same foundations: sign-in, billing, teams, a dashboard
                and a marketing site that loads fast. We spent years building them again and again before
                deciding to build them once, properly.
              </p>
              <p>
                We are a small, remote team that cares about accessible interfaces, honest pricing and
                software that stays out of your way. We ship improvements every week and listen closely to the
                people who build with us.
              </p>
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {stats.map((stat) => (
              <StatCard key={stat.label} {...stat} />
            ))}
          </dl>
        </div>
      </section>

      <section className="section below-fold bg-slate-50" aria-labelledby="team-title">
        <div className="container-page">
          <SectionHeading id="team-title" eyebrow="Team" title="Meet the people behind the product">
            Designers, engineers and support specialists working together from four countries.
          </SectionHeading>
          <ul className="mt-12 grid grid-cols-1 gap-6 sm:mt-16 sm:grid-cols-2 lg:grid-cols-3">
            {team.map((person, index) => (
              <li
                key={person.name}
                className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
              >
                <InitialsAvatar name={person.name} tint={index} className="size-14 text-lg" />
                <div>
                  <h3 className="text-base font-semibold text-slate-900">{person.name}</h3>
                  <p className="text-sm text-slate-600">{person.role}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBand
        title="Build your next product with us"
        text="Pick a plan that fits today and change it whenever you grow."
        linkLabel="See pricing plans"
        to="/pricing"
      />
    </>
  );
}
