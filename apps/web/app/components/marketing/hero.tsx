import { Link } from 'react-router';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { ArrowRightIcon } from '#web/components/icons.tsx';
import { config } from '#web/config.ts';

export function Hero() {
  return (
    <section className="overflow-hidden bg-linear-to-b from-brand-50 to-white" aria-labelledby="hero-title">
      <div className="container-page grid items-center gap-16 py-16 sm:py-24 lg:grid-cols-2 lg:gap-12">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            <span className="size-2 rounded-full bg-brand-600" aria-hidden="true" />
            New: passkeys and two-factor sign-in
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl xl:text-6xl"
          >
            Launch your subscription product in days, not months
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">
            {config.appName} gives you sign-in, billing, team management and a fast marketing site out of the
            box, so you can spend your time on what makes your product special.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to="/pricing" className={buttonClasses({ size: 'lg' })}>
              Join us today
              <ArrowRightIcon />
            </Link>
            <Link to="/about" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Learn more
              {/* Says where the link goes for screen readers and search engines ("Learn more" alone is generic). */}
              <span className="sr-only"> about {config.appName}</span>
            </Link>
          </div>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

const bars = ['h-[35%]', 'h-[50%]', 'h-[42%]', 'h-[64%]', 'h-[58%]', 'h-[76%]', 'h-[70%]', 'h-[92%]'];

/** A drawing of the dashboard made of boxes: no image to download, and hidden from screen readers. */
function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg lg:max-w-none">
      {/* A soft glow drawn as a gradient: a blur filter over this much area delayed the heading's first
          paint on slow phones (the page's largest contentful paint; docs/performance.md). */}
      <div className="absolute -inset-8 bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]" />
      <div className="relative rounded-lg border border-slate-200 bg-white shadow-xl">
        <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-3">
          <span className="size-2.5 rounded-full bg-rose-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 h-2.5 w-32 rounded-full bg-slate-100" />
        </div>
        <div className="grid gap-4 p-4 sm:p-6">
          <div className="grid grid-cols-3 gap-3">
            {[
              ['Revenue', '$48.2k', 'text-emerald-700'],
              ['Customers', '1,284', 'text-brand-700'],
              ['Churn', '1.9%', 'text-rose-700'],
            ].map(([label, value, tone]) => (
              <div key={label} className="rounded-lg border border-slate-200 p-3">
                <div className="text-xs text-slate-600">{label}</div>
                <div className={`mt-1 text-base font-semibold sm:text-lg ${tone}`}>{value}</div>
              </div>
            ))}
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <div className="flex items-center justify-between">
              <span className="h-2.5 w-24 rounded-full bg-slate-200" />
              <span className="h-2.5 w-12 rounded-full bg-brand-100" />
            </div>
            <div className="mt-4 flex h-32 items-end gap-2 sm:h-40">
              {bars.map((height, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list.
                  key={index}
                  className={`flex-1 rounded-t-md ${height} ${index === bars.length - 1 ? 'bg-brand-600' : 'bg-brand-200'}`}
                />
              ))}
            </div>
          </div>
          <div className="hidden space-y-2 sm:block">
            {['w-3/4', 'w-2/3', 'w-1/2'].map((width) => (
              <div
                key={width}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5"
              >
                <span className="size-6 rounded-full bg-slate-100" />
                <span className={`h-2.5 rounded-full bg-slate-200 ${width}`} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
