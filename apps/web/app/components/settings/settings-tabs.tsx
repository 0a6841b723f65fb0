import { Link } from 'react-router';

export type SettingsSection = 'general' | 'password' | 'billing';

const tabs: { section: SettingsSection; label: string }[] = [
  { section: 'general', label: 'General' },
  { section: 'password', label: 'Password' },
  { section: 'billing', label: 'Billing' },
];

/**
 * docs/product.md §2: the General, Password and Billing tabs; the open one is marked as the current
 * page.
 */
export function SettingsTabs({ active }: { active: SettingsSection }) {
  return (
    <nav aria-label="Settings sections" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map(({ section, label }) => {
          const isActive = section === active;
          return (
            <li key={section}>
              <Link
                to={`/settings/${section}`}
                aria-current={isActive ? 'page' : undefined}
                className={`inline-block border-b-2 px-1 pb-3 text-sm font-semibold ${
                  isActive
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
