import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('legal/:section', 'routes/legal.tsx'),
  route('auth/:type', 'routes/auth.tsx'),
  route('auth0-callback', 'routes/auth0-callback.tsx'),
  // Teams: the invitation link's page, for visitors and signed-in people alike (it signs them up or in).
  route('invitation', 'routes/invitation.tsx'),
  // The newsletter's confirmation link (double opt-in).
  route('newsletter', 'routes/newsletter.tsx'),
  // The unsubscribe link of optional mails (Settings → Notifications).
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  // Signed-in only, with its own guard: a visitor who chose a plan signs up first (routes/purchase.tsx).
  route('purchase/:plan', 'routes/purchase.tsx'),
  // Signed-in only: the layout's guard sends visitors to /auth/signin?next=… (docs/product.md §2).
  layout('routes/signed-in-layout.tsx', [
    route('dashboard', 'routes/dashboard.tsx'),
    route('myAccount', 'routes/my-account.tsx'),
    route('userManagement', 'routes/user-management.tsx'),
    route('activity', 'routes/activity.tsx'),
    // API keys and how to call the API (docs/api-keys.md): the workspace's owner and admins.
    route('developers', 'routes/developers.tsx'),
    route('settings/:section', 'routes/settings.tsx'),
    // An owner's offer of their workspace to the signed-in member (docs/team.md, Ownership transfer).
    route('ownership-offers/:workspace', 'routes/ownership-offer.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
