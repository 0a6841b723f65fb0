import { useAuth } from '#web/auth/auth-context.tsx';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { Link } from '#web/lib/page-router.tsx';
import { BarLink } from './bar-link.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { navGroups, navLinks, signInLink } from './navigation.ts';
import { useSignedInNav } from './signed-in-nav-loader.ts';

/**
 * The top bar (docs/product.md §2). Visitors: dropdowns, About, Pricing and Sign in. Signed-in users:
 * the workspace switcher (Teams), Dashboard and the Account menu, loaded once someone is signed in.
 * While the auth state is unknown it is the visitor bar, as prerendered, unless this browser keeps a
 * session: a page restoring it shows the signed-in bar's shape, never "Sign in".
 */
export function SiteHeader() {
  const { user, isRestoring, signout } = useAuth();
  const signedInNav = useSignedInNav(Boolean(user) || isRestoring);
  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80"
      data-testid="site-header"
    >
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Logo />
        {user || isRestoring ? (
          <nav aria-label="Main" className="hidden flex-1 items-center justify-end gap-2 md:flex">
            {user && signedInNav ? (
              <signedInNav.SignedInBar email={user.email} onSignOut={() => void signout()} />
            ) : (
              <SignedInBarPlaceholder />
            )}
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
        <MobileMenu isSignedIn={Boolean(user)} isRestoring={isRestoring} onSignOut={() => void signout()} />
      </div>
    </header>
  );
}

/**
 * The signed-in bar's shape (workspace switcher, Dashboard, Account) while the session is restored or
 * its links load: the bar keeps its size and a signed-in person never sees the visitor's links.
 */
function SignedInBarPlaceholder() {
  return (
    <div aria-hidden="true" className="flex items-center gap-2" data-testid="signed-in-bar-placeholder">
      <span className="h-9 w-36 rounded-md bg-slate-100" />
      <span className="h-9 w-24 rounded-md bg-slate-100" />
      <span className="h-9 w-24 rounded-md bg-slate-100" />
    </div>
  );
}
