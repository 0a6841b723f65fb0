// The navigation of docs/product.md §2, shared by the desktop bar, the mobile menu and the footer.
// Visitors get the Solutions and Resources placeholders (all leading home for now), About, Pricing and
// Sign in; signed-in users get Dashboard and the Account menu.

import { can, type Permission, type WorkspaceRole } from '@launchkit/api-contract/permissions';

export type NavItem = {
  label: string;
  to: string;
  description?: string;
  /** Shown only while the signed-in user's role in the workspace they work in allows it (Teams, Roles). */
  permission?: Permission;
};
export type NavGroup = { label: string; items: NavItem[] };

export const navGroups: NavGroup[] = [
  {
    label: 'Solutions',
    items: [
      { label: 'Analytics', to: '/', description: 'See how customers use your product, in real time.' },
      { label: 'Automation', to: '/', description: 'Put billing, onboarding and reminders on autopilot.' },
      { label: 'Integrations', to: '/', description: 'Connect the tools your team already relies on.' },
      { label: 'Security', to: '/', description: 'Keep customer data safe with built-in controls.' },
    ],
  },
  {
    label: 'Resources',
    items: [
      { label: 'Documentation', to: '/', description: 'Guides and references for every feature.' },
      { label: 'Blog', to: '/', description: 'Product news, tips and stories from our team.' },
      { label: 'Community', to: '/', description: 'Ask questions and share what you have built.' },
      { label: 'Changelog', to: '/', description: 'Everything we shipped, release by release.' },
    ],
  },
];

export const navLinks: NavItem[] = [
  { label: 'About', to: '/about' },
  { label: 'Pricing', to: '/pricing' },
];

export const signInLink: NavItem = { label: 'Sign in', to: '/auth/signin' };

export const dashboardLink: NavItem = { label: 'Dashboard', to: '/dashboard' };

/** The Account menu; Sign out follows these links. */
export const accountLinks: NavItem[] = [
  { label: 'My Account', to: '/myAccount' },
  { label: 'User Management', to: '/userManagement', permission: 'members.read' },
  { label: 'Activity', to: '/activity', permission: 'activity.read' },
  { label: 'Developers', to: '/developers', permission: 'api-keys.manage' },
  { label: 'Settings', to: '/settings/general' },
];

/** The Account menu's links for the user's role in the workspace they work in (null: not known yet). */
export const accountLinksFor = (role: WorkspaceRole | null): NavItem[] =>
  accountLinks.filter((link) => !link.permission || (role !== null && can(role, link.permission)));

export const footerGroups: NavGroup[] = [
  {
    label: 'Product',
    items: [
      { label: 'Pricing', to: '/pricing' },
      { label: 'FAQ', to: '/faq' },
      { label: 'Features', to: '/#features' },
      { label: 'Solutions', to: '/' },
      { label: 'Resources', to: '/' },
    ],
  },
  {
    label: 'Company',
    items: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Blog', to: '/' },
      { label: 'Terms', to: '/legal/terms-of-service' },
      { label: 'Privacy', to: '/legal/privacy-policy' },
    ],
  },
];
