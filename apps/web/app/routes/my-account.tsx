import { storedUserId } from '#web/auth/stored-session.ts';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'My Account', path: '/myAccount' });

/**
 * docs/product.md §2: the account page comes from the separately hosted app, told whose account it is by
 * the uid stored under __user_id (quotes removed). The guard has signed the user in, so the uid is
 * stored.
 */
export default function MyAccount() {
  const accountToken = encodeURIComponent(storedUserId());
  return (
    <AppPage title="My Account">
      <iframe
        src={`/omniout/myAccount.html?c__accountToken=${accountToken}`}
        title="My account"
        className="mt-8 block h-[750px] w-full border-0"
        data-testid="my-account-frame"
      />
    </AppPage>
  );
}
