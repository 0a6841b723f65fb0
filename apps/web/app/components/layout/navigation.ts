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

/** A placeholder of the menus and the footer: it leads home until its page exists. */
const placeholder = (label: string, description?: string): NavItem =>
  description ? { label, to: '/', description } : { label, to: '/' };

export const navGroups: NavGroup[] = [
  {
    label: 'Solutions',
    items: [
      placeholder('Analytics', 'See how customers use your product, in real time.'),
      placeholder('Automation', 'Put billing, onboarding and reminders on autopilot.'),
      placeholder('Integrations', 'Connect the tools your team already relies on.'),
      placeholder('Security', 'Keep customer data safe with built-in controls.'),
    ],
  },
  {
    label: 'Resources',
    items: [
      placeholder('Documentation', 'Guides and references for every feature.'),
      placeholder('Blog', 'Product news, tips and stories from our team.'),
      placeholder('Community', 'Ask questions and share what you have built.'),
      placeholder('Changelog', 'Everything we shipped, release by release.'),
    ],
  },
];

// The bar's links stand again in the footer: one object each, so a changed path changes both.
const aboutLink: NavItem = { label: 'About', to: '/about' };
const pricingLink: NavItem = { label: 'Pricing', to: '/pricing' };

export const navLinks: NavItem[] = [aboutLink, pricingLink];

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
      pricingLink,
      { label: 'FAQ', to: '/faq' },
      { label: 'Features', to: '/#features' },
      placeholder('Solutions'),
      placeholder('Resources'),
    ],
  },
  {
    label: 'Company',
    items: [
      aboutLink,
      { label: 'Contact', to: '/contact' },
      placeholder('Blog'),
      { label: 'Terms', to: '/legal/terms-of-service' },
      { label: 'Privacy', to: '/legal/privacy-policy' },
    ],
  },
];
