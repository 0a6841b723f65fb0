import { UnsubscribePage } from '#web/components/mail/unsubscribe-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

// The unsubscribe link of optional mails. Rendered in the browser only: it reads the address's query.
export const meta = () => unlistedPageMeta({ title: 'Unsubscribe', path: '/unsubscribe' });

export default function Unsubscribe() {
  return <UnsubscribePage />;
}
