import type { ReactNode, Ref } from 'react';
import { Button } from '#web/components/forms/button.tsx';

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

/**
 * A card's title, the heading that names it (`titleId`), with what it says under the title (`children`);
 * focusable through `titleRef`, where focus goes when a row it was on goes away.
 */
export function CardHeading({
  titleId,
  title,
  titleRef,
  children,
}: {
  titleId: string;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div>
      <h2
        id={titleId}
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
        className="text-lg font-semibold text-slate-900"
      >
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The button of a panel's head: what it does, and where its dialog puts focus back (`ref`). */
type PanelAction = {
  label: string;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  /** The id of what says why it is disabled. */
  describedBy?: string;
};

/**
 * The head of a panel that lists things: its title (focusable through `titleRef`, where focus goes when
 * a row it was on goes away), what it says under the title, and the panel's action (Add…, Create…).
 */
export function PanelHeader({
  titleId,
  title,
  titleRef,
  children,
  action: { label, ref, describedBy, ...button },
}: {
  titleId: string;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  action: PanelAction;
}) {
  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <CardHeading titleId={titleId} title={title} titleRef={titleRef}>
        {children}
      </CardHeading>
      <Button ref={ref} aria-describedby={describedBy} {...button}>
        {label}
      </Button>
    </div>
  );
}

/** The panel's messages above its list (outcomes, limits); takes no room when there are none. */
export function PanelNotices({ children }: { children: ReactNode }) {
  return <div className="space-y-3 px-4 pt-4 empty:hidden sm:px-6">{children}</div>;
}
