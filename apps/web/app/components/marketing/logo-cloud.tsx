import type { ReactNode } from 'react';

// Made-up customers: a small mark (decorative) beside the company name as text, which is also the
// wordmark's accessible name.
const companies: { name: string; mark: ReactNode; wordClass: string }[] = [
  {
    name: 'Quantia',
    mark: <circle cx="12" cy="12" r="8" strokeWidth="3" stroke="currentColor" fill="none" />,
    wordClass: 'font-bold tracking-tight',
  },
  {
    name: 'Northwave',
    mark: <path d="M3 12c3-6 6-6 9 0s6 6 9 0" strokeWidth="3" stroke="currentColor" fill="none" />,
    wordClass: 'font-semibold',
  },
  {
    name: 'HEXAGON',
    mark: <path d="M12 3 20 7.5v9L12 21l-8-4.5v-9Z" fill="currentColor" />,
    wordClass: 'font-extrabold tracking-widest text-base',
  },
  {
    name: 'Lumen',
    mark: (
      <path
        d="M12 2v4M12 18v4M2 12h4M18 12h4M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z"
        strokeWidth="2.5"
        stroke="currentColor"
        fill="none"
      />
    ),
    wordClass: 'font-serif font-semibold italic',
  },
  {
    name: 'Orbitly',
    mark: (
      <>
        <circle cx="12" cy="12" r="4" fill="currentColor" />
        <ellipse cx="12" cy="12" rx="10" ry="4" strokeWidth="2" stroke="currentColor" fill="none" />
      </>
    ),
    wordClass: 'font-bold',
  },
  {
    name: 'Stackwise',
    mark: <path d="M4 7h16M4 12h16M4 17h16" strokeWidth="3" strokeLinecap="round" stroke="currentColor" />,
    wordClass: 'font-semibold tracking-tight',
  },
];

export function LogoCloud() {
  return (
    <section
      className="below-fold border-y border-slate-200 bg-white py-12 sm:py-16"
      aria-labelledby="logos-title"
    >
      <div className="container-page">
        <h2 id="logos-title" className="text-center text-sm font-semibold text-balance text-slate-600">
          Trusted by fast-growing teams around the world
        </h2>
        <ul className="mt-8 grid grid-cols-2 items-center gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
          {companies.map(({ name, mark, wordClass }) => (
            <li key={name} className="flex items-center justify-center gap-2 text-slate-600">
              <svg className="size-6 shrink-0" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {mark}
              </svg>
              <span className={`text-lg ${wordClass}`}>{name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
