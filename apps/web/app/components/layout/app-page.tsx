import type { ReactNode } from 'react';

/** A signed-in page's frame: its heading, an optional line about what the page is for, then its content. */
export function AppPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro && <p className="mt-2 max-w-2xl text-slate-600">{intro}</p>}
      {children}
    </div>
  );
}
