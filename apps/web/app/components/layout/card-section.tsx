import type { ReactNode } from 'react';

type CardSectionProps = { titleId: string; testId: string; className?: string; children: ReactNode };

/** A signed-in page's panel: a white card, named for assistive technology by its heading (`titleId`). */
export function CardSection({ titleId, testId, className = '', children }: CardSectionProps) {
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`.trim()}
      data-testid={testId}
    >
      {children}
    </section>
  );
}
