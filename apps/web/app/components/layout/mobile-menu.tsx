import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { CloseIcon, MenuIcon } from '#web/components/icons.tsx';
import { Link } from '#web/lib/page-router.tsx';
import { DisclosureButton } from './menu-button.tsx';
import { MenuLink } from './menu-link.tsx';
import { navGroups, navLinks, signInLink } from './navigation.ts';
import { useSignedInNav } from './signed-in-nav-loader.ts';
import { useOnNewPath } from './use-disclosure.ts';

/**
 * The menu below the md breakpoint: a toggle button and a panel with every link of the desktop bar
 * (the visitor's, or the signed-in user's workspace switcher, Dashboard and Account links; none while
 * a kept session is restored). The panel closes on navigation (and on a tap of the current page's
 * link), on choosing a workspace and on Escape.
 */
export function MobileMenu({
  isSignedIn,
  isRestoring,
  onSignOut,
}: {
  isSignedIn: boolean;
  /** The auth state is unknown and a session is kept: neither the visitor's links nor the signed-in ones yet. */
  isRestoring: boolean;
  onSignOut: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const signedInNav = useSignedInNav(isSignedIn || isRestoring);
  const panelId = 'mobile-menu-panel';
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setIsOpen(false);

  useOnNewPath(close);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The workspace menu inside the panel closes first; the next Escape closes the panel.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setIsOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return (
    <div className="md:hidden">
      <DisclosureButton
        isOpen={isOpen}
        panelId={panelId}
        buttonRef={toggleRef}
        onToggle={() => setIsOpen((open) => !open)}
        className="-mr-2 inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        aria-label={isOpen ? 'Close menu' : 'Open menu'}
        data-testid="mobile-menu-toggle"
      >
        {isOpen ? <CloseIcon /> : <MenuIcon />}
      </DisclosureButton>
      <div
        id={panelId}
        hidden={!isOpen}
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg"
      >
        {isSignedIn || isRestoring ? (
          <nav aria-label="Mobile" className="container-page space-y-6 py-6">
            {isSignedIn && signedInNav && (
              <signedInNav.SignedInMobileNav toggleRef={toggleRef} onClose={close} onSignOut={onSignOut} />
            )}
          </nav>
        ) : (
          <VisitorMobileNav onClose={close} />
        )}
      </div>
    </div>
  );
}

/** The visitor's links of the panel: the bar's groups, About and Pricing, and Sign in. */
function VisitorMobileNav({ onClose }: { onClose: () => void }) {
  return (
    <nav aria-label="Mobile" className="container-page space-y-6 py-6">
      {navGroups.map((group) => (
        <div key={group.label}>
          <p className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.label}</p>
          <ul className="mt-2 grid grid-cols-1 gap-1 min-[440px]:grid-cols-2">
            {group.items.map((item) => (
              <MenuLink key={item.label} to={item.to} label={item.label} onClick={onClose} />
            ))}
          </ul>
        </div>
      ))}
      <ul className="space-y-1 border-t border-slate-200 pt-4">
        {navLinks.map((item) => (
          <MenuLink key={item.to} to={item.to} label={item.label} onClick={onClose} />
        ))}
      </ul>
      <Link to={signInLink.to} onClick={onClose} className={buttonClasses({ className: 'w-full' })}>
        {signInLink.label}
      </Link>
    </nav>
  );
}
