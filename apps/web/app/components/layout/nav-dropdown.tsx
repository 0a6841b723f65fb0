import { Link } from '#web/lib/page-router.tsx';
import { MenuButton } from './menu-button.tsx';
import type { NavGroup } from './navigation.ts';
import { useDisclosure } from './use-disclosure.ts';

/** A disclosure menu of the desktop bar: a button (aria-expanded/aria-controls) and a panel of links. */
export function NavDropdown({ group }: { group: NavGroup }) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDisclosure();
  // An explicit id: generated ids differ between the prerendering (React) and the browser (Preact).
  const panelId = `nav-menu-${group.label.toLowerCase()}`;

  return (
    <div ref={rootRef} className="relative">
      <MenuButton
        isOpen={isOpen}
        panelId={panelId}
        buttonRef={buttonRef}
        onToggle={() => setIsOpen((open) => !open)}
      >
        {group.label}
      </MenuButton>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full left-1/2 z-50 mt-2 w-80 -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul>
          {group.items.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                onClick={() => setIsOpen(false)}
                className="block rounded-md px-3 py-2.5 hover:bg-slate-50"
              >
                <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                {item.description && (
                  <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
