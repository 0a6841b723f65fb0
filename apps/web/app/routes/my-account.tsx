import { storedUserId } from '#web/auth/stored-session.ts';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () => [
  ...pageMeta({ title: 'My Account', path: '/myAccount' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * docs/product.md §2: the account page comes from the separately hosted app, told whose account it is by
 * the uid stored under __user_id (quotes removed). The guard has signed the user in, so the uid is
 * stored.
 */
export default function MyAccount() {
  const accountToken = encodeURIComponent(storedUserId());
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      <iframe
        src={`/omniout/myAccount.html?c__accountToken=${accountToken}`}
        title="My account"
        className="mt-8 block h-[750px] w-full border-0"
        data-testid="my-account-frame"
      />
    </div>
  );
}
