import type { ReactNode } from 'react';

type PageHeaderProps = { eyebrow?: ReactNode; title: string; children?: ReactNode };

/** The h1 block at the top of every inner page (about, FAQ, contact, pricing). */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <div className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
      <div className="container-page py-16 text-center sm:py-20">
        {eyebrow && (
          <div className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</div>
        )}
        <h1 className="mx-auto mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {children && <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">{children}</p>}
      </div>
    </div>
  );
}
