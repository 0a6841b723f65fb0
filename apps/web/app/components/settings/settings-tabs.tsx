import { type Tab, TabNav } from '#web/components/layout/tab-nav.tsx';

const sectionLabels = {
  general: 'General',
  password: 'Password',
  security: 'Security',
  notifications: 'Notifications',
  // The plan, period and seats changed in the product; Billing opens the provider's portal (§4).
  plan: 'Plan',
  billing: 'Billing',
  // The workspace's identity provider and verified domains (docs/sso.md): its owner's.
  sso: 'Single sign-on',
  // SCIM tokens and the base URL an identity provider provisions people with (docs/scim.md).
  provisioning: 'Provisioning',
  // Named for what it holds: "Account" is the top bar's menu and the My Account page.
  data: 'Your data',
};

export type SettingsSection = keyof typeof sectionLabels;

/** The sections in the order of their tabs; each is the page /settings/<section>. */
export const settingsSections = Object.keys(sectionLabels) as SettingsSection[];

const tabs: Tab[] = settingsSections.map((section) => ({
  to: `/settings/${section}`,
  label: sectionLabels[section],
}));

/**
 * docs/product.md §2: the General, Password and Billing tabs, Security (two-factor, sessions),
 * Notifications (optional mail), Plan (plan, billing period, seats, invoices), Single sign-on
 * (identity provider, verified domains), Provisioning (SCIM) and Your data (export, deletion); the open
 * one is marked as the current page.
 */
export function SettingsTabs({ active }: { active: SettingsSection }) {
  return <TabNav label="Settings sections" tabs={tabs} current={`/settings/${active}`} />;
}
