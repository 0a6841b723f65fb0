import { Link } from 'react-router';
import { ChevronDownIcon } from '#web/components/icons.tsx';
import type { NavGroup } from './navigation.ts';
import { useDisclosure } from './use-disclosure.ts';

/** A disclosure menu of the desktop bar: a button (aria-expanded/aria-controls) and a panel of links. */
export function NavDropdown({ group }: { group: NavGroup }) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDisclosure();
  // An explicit id: generated ids differ between the prerendering (React) and the browser (Preact).
  const panelId = `nav-menu-${group.label.toLowerCase()}`;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {group.label}
        <ChevronDownIcon
          className={`size-4 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
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
