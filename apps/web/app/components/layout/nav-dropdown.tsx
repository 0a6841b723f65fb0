import { Link } from '#web/lib/page-router.tsx';
import { DropdownMenu } from './dropdown-menu.tsx';
import type { NavGroup } from './navigation.ts';

/** A menu of the desktop bar for a group of links (Solutions, Resources), each with its description. */
export function NavDropdown({ group }: { group: NavGroup }) {
  return (
    <DropdownMenu
      label={group.label}
      panelId={`nav-menu-${group.label.toLowerCase()}`}
      panelClassName="absolute top-full left-1/2 z-50 mt-2 w-80 -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
    >
      {(close) => (
        <ul>
          {group.items.map((item) => (
            <li key={item.label}>
              <Link to={item.to} onClick={close} className="block rounded-md px-3 py-2.5 hover:bg-slate-50">
                <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                {item.description && (
                  <span className="mt-0.5 block text-sm text-slate-600">{item.description}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DropdownMenu>
  );
}
