import { type Tab, TabNav } from '#web/components/layout/tab-nav.tsx';

export type SettingsSection = 'general' | 'password' | 'security' | 'notifications' | 'billing' | 'account';

const tabs: Tab[] = [
  { to: '/settings/general', label: 'General' },
  { to: '/settings/password', label: 'Password' },
  { to: '/settings/security', label: 'Security' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/billing', label: 'Billing' },
  { to: '/settings/account', label: 'Account' },
];

/**
 * docs/product.md §2: the General, Password and Billing tabs, Security (two-factor, sessions),
 * Notifications (optional mail) and Account (the person's data); the open one is marked as the current
 * page.
 */
export function SettingsTabs({ active }: { active: SettingsSection }) {
  return <TabNav label="Settings sections" tabs={tabs} current={`/settings/${active}`} />;
}
