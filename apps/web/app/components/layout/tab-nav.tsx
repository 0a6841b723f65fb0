import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

export type Tab = { to: string; label: string };

/** A row of tabs that are links to sibling pages; the one at `current` is marked as the current page. */
export function TabNav({ label, tabs, current }: { label: string; tabs: Tab[]; current: string }) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a narrow screen the row scrolls sideways: the open tab is brought into sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when another tab opens.
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      {/* One row that scrolls sideways when wider than the screen, as app tab bars do, rather than wrap. */}
      <ul className="-mb-px flex gap-x-6 overflow-x-auto [scrollbar-width:none]">
        {tabs.map((tab) => {
          const isCurrent = tab.to === current;
          return (
            <li key={tab.to} className="shrink-0">
              <Link
                ref={isCurrent ? currentRef : undefined}
                to={tab.to}
                aria-current={isCurrent ? 'page' : undefined}
                className={`inline-block border-b-2 px-1 pb-3 text-sm font-semibold whitespace-nowrap ${
                  isCurrent
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
