import type { ReactNode } from 'react';

/**
 * A section of the settings pages: a white card named by its heading, what it is for
 * (`intro`), then its content. `isDanger` rings it red (Delete my account).
 */
export function SettingsCard({
  id,
  title,
  intro,
  testId,
  isDanger = false,
  children,
}: {
  /** Names the section: its heading is `${id}-title`. */
  id: string;
  title: string;
  intro?: ReactNode;
  testId?: string;
  isDanger?: boolean;
  children?: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-lg bg-white p-6 ring-1 ${isDanger ? 'ring-red-200' : 'ring-slate-200'}`}
      data-testid={testId}
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-3 text-sm text-slate-700">{intro}</p>}
      {children}
    </section>
  );
}

/** A list inside a settings section (sessions, passkeys, archives), named by `labelledBy`. */
export function SettingsList({
  labelledBy,
  className = '',
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className={`divide-y divide-slate-200 rounded-md ring-1 ring-slate-200 ${className}`.trim()}
    >
      {children}
    </ul>
  );
}
