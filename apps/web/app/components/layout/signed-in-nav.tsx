import type { RefObject } from 'react';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { currentWorkspace } from '#web/lib/team/workspaces.ts';
import { AccountMenu } from './account-menu.tsx';
import { BarLink } from './bar-link.tsx';
import { MenuLink } from './menu-link.tsx';
import { accountLinksFor, dashboardLink } from './navigation.ts';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

// The signed-in user's part of the top bar and of the mobile menu: the workspace switcher (Teams),
// Dashboard and the Account links. Loaded only once someone is signed in (signed-in-nav-loader.ts),
// so a visitor's first view of a public page carries none of it (docs/decisions/0010).

/** The owner-only links wait until the workspace is known to be the user's own. */
/** The signed-in person's role in the workspace they work in; null while it is not known. */
const useCurrentRole = () => currentWorkspace(useWorkspaces())?.role ?? null;

export function SignedInBar({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const role = useCurrentRole();
  return (
    <>
      <WorkspaceSwitcher variant="bar" />
      <BarLink item={dashboardLink} />
      <AccountMenu email={email} role={role} onSignOut={onSignOut} />
    </>
  );
}

export function SignedInMobileNav({
  toggleRef,
  onClose,
  onSignOut,
}: {
  toggleRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onSignOut: () => void;
}) {
  const role = useCurrentRole();
  return (
    <>
      <WorkspaceSwitcher
        variant="mobile"
        onChosen={() => {
          onClose();
          toggleRef.current?.focus();
        }}
      />
      <ul className="space-y-1">
        {[dashboardLink, ...accountLinksFor(role)].map((item) => (
          <MenuLink key={item.to} to={item.to} label={item.label} onClick={onClose} />
        ))}
      </ul>
      <button
        type="button"
        onClick={onSignOut}
        className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
      >
        Sign out
      </button>
    </>
  );
}
