import { NewsletterConfirmationPage } from '#web/components/newsletter/newsletter-confirmation-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

// The newsletter's confirmation link (double opt-in). Rendered in the browser only: the token is in the
// address's fragment, which only the browser sees.
export const meta = () => unlistedPageMeta({ title: 'Newsletter', path: '/newsletter' });

export default function Newsletter() {
  return <NewsletterConfirmationPage />;
}
