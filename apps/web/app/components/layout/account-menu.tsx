import type { WorkspaceRole } from '@launchkit/api-contract/permissions';
import { Link } from '#web/lib/page-router.tsx';
import { DropdownMenu } from './dropdown-menu.tsx';
import { accountLinksFor } from './navigation.ts';

const itemClasses =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-900 hover:bg-slate-50';

/**
 * docs/product.md §2: the signed-in user's Account menu of the desktop bar: My Account, User Management,
 * Activity, Settings, Sign out. User Management and Activity are the owner's: hidden while the user
 * works in someone else's workspace.
 */
export function AccountMenu({
  email,
  role,
  onSignOut,
}: {
  email: string;
  /** The person's role in the workspace they work in (null: not known yet): which links it offers. */
  role: WorkspaceRole | null;
  onSignOut: () => void;
}) {
  return (
    <DropdownMenu
      label="Account"
      panelId="account-menu-panel"
      panelClassName="absolute top-full right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
    >
      {(close) => (
        <>
          <p className="truncate px-3 pt-1 pb-2 text-xs text-slate-600">Signed in as {email}</p>
          <ul className="border-t border-slate-100 pt-1">
            {accountLinksFor(role).map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={close} className={itemClasses}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={onSignOut} className={itemClasses}>
                Sign out
              </button>
            </li>
          </ul>
        </>
      )}
    </DropdownMenu>
  );
}
