import { InvitationPage } from '#web/components/invitation/invitation-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

// Teams: the invitation link's page. Open to visitors (they sign up or in from here) and rendered in
// the browser only: the token is in the address's fragment, which only the browser sees.
export const meta = () => unlistedPageMeta({ title: 'Invitation', path: '/invitation' });

export default function Invitation() {
  return <InvitationPage />;
}
