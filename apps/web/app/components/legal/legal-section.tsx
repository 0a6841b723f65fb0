import type { ReactNode } from 'react';

/** One headed section of a legal document. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10 first:mt-0">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-4 text-base leading-7 text-slate-700">{children}</div>
    </section>
  );
}
