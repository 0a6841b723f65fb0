import { NavLink } from '#web/lib/page-router.tsx';
import type { NavItem } from './navigation.ts';

/** A link of the desktop bar, marked while its page is open. */
export function BarLink({ item }: { item: NavItem }) {
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
