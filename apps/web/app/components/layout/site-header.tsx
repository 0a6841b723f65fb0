import { useAuth } from '#web/auth/auth-context.tsx';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { Link, NavLink } from '#web/lib/page-router.tsx';
import { AccountMenu } from './account-menu.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { dashboardLink, type NavItem, navGroups, navLinks, signInLink } from './navigation.ts';

/**
 * The top bar (§2). Visitors: dropdowns, About, Pricing and Sign in. Signed-in users: Dashboard and
 * the Account menu. While the auth state is unknown it is the visitor bar, as prerendered.
 */
export function SiteHeader() {
  const { user, signout } = useAuth();
  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80"
      data-testid="site-header"
    >
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Logo />
        {user ? (
          <nav aria-label="Main" className="hidden flex-1 items-center justify-end gap-2 md:flex">
            <BarLink item={dashboardLink} />
            <AccountMenu email={user.email} onSignOut={() => void signout()} />
          </nav>
        ) : (
          <nav aria-label="Main" className="hidden flex-1 items-center justify-between md:flex">
            <ul className="flex items-center gap-1">
              {navGroups.map((group) => (
                <li key={group.label}>
                  <NavDropdown group={group} />
                </li>
              ))}
              {navLinks.map((item) => (
                <li key={item.to}>
                  <BarLink item={item} />
                </li>
              ))}
            </ul>
            <Link to={signInLink.to} className={buttonClasses({ variant: 'secondary' })}>
              {signInLink.label}
            </Link>
          </nav>
        )}
        <MobileMenu isSignedIn={Boolean(user)} onSignOut={() => void signout()} />
      </div>
    </header>
  );
}

function BarLink({ item }: { item: NavItem }) {
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        `rounded-md px-3 py-2 text-sm font-medium hover:text-slate-900 ${isActive ? 'text-brand-700' : 'text-slate-700'}`
      }
    >
      {item.label}
    </NavLink>
  );
}
