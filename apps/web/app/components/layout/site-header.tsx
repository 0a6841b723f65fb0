import { Link, NavLink } from 'react-router';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { navGroups, navLinks, signInLink } from './navigation.ts';

/** The top bar for visitors (§2): dropdowns, About, Pricing and Sign in; a menu toggle below md. */
export function SiteHeader() {
  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80"
      data-testid="site-header"
    >
      <div className="container-page flex h-16 items-center justify-between gap-6">
        <Logo />
        <nav aria-label="Main" className="hidden flex-1 items-center justify-between md:flex">
          <ul className="flex items-center gap-1">
            {navGroups.map((group) => (
              <li key={group.label}>
                <NavDropdown group={group} />
              </li>
            ))}
            {navLinks.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium hover:text-slate-900 ${isActive ? 'text-brand-700' : 'text-slate-700'}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link to={signInLink.to} className={buttonClasses({ variant: 'secondary' })}>
            {signInLink.label}
          </Link>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
