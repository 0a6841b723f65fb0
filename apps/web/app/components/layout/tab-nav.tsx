import { Link } from 'react-router';

export type Tab = { to: string; label: string };

/** A row of tabs that are links to sibling pages; the one at `current` is marked as the current page. */
export function TabNav({ label, tabs, current }: { label: string; tabs: Tab[]; current: string }) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      {/* Tabs wider than the screen wrap onto a second row: every tab stays in sight. */}
      <ul className="-mb-px flex flex-wrap gap-x-6 gap-y-2">
        {tabs.map((tab) => {
          const isCurrent = tab.to === current;
          return (
            <li key={tab.to}>
              <Link
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
