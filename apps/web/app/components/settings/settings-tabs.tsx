import { type Tab, TabNav } from '#web/components/layout/tab-nav.tsx';

export type SettingsSection = 'general' | 'password' | 'security' | 'billing';

const tabs: Tab[] = [
  { to: '/settings/general', label: 'General' },
  { to: '/settings/password', label: 'Password' },
  { to: '/settings/security', label: 'Security' },
  { to: '/settings/billing', label: 'Billing' },
];

/**
 * docs/product.md §2: the General, Password and Billing tabs, and Security (two-factor); the open one
 * is marked as the current page.
 */
export function SettingsTabs({ active }: { active: SettingsSection }) {
  return <TabNav label="Settings sections" tabs={tabs} current={`/settings/${active}`} />;
}
