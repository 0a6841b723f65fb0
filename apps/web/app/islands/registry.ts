import type { ComponentType } from 'react';
import { VisitorFooter } from '#web/components/layout/site-footer.tsx';
import { SiteHeader } from '#web/components/layout/site-header.tsx';
import { NewsletterForm } from '#web/components/newsletter/newsletter-form.tsx';

// Every island a prerendered page can hold, by the name <Island> writes into the HTML. The header,
// the footer and the newsletter form are on every page and come with the runtime; a page's own form
// is fetched when its page has one.

// biome-ignore lint/suspicious/noExplicitAny: each island gets the props its page was prerendered with.
type AnyComponent = ComponentType<any>;

export const islands = {
  header: async () => SiteHeader,
  footer: async () => VisitorFooter,
  newsletter: async () => NewsletterForm,
  'contact-form': () =>
    import('#web/components/contact/contact-form.tsx').then((module) => module.ContactForm),
  'auth-page': () => import('#web/auth/auth-page.tsx').then((module) => module.AuthPage),
} satisfies Record<string, () => Promise<AnyComponent>>;

export type IslandName = keyof typeof islands;
