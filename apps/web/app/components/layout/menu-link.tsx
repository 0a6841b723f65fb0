import { Link } from '#web/lib/page-router.tsx';

/** A link of the mobile menu's panel. */
export function MenuLink({ to, label, onClick }: { to: string; label: string; onClick: () => void }) {
  return (
    <li>
      <Link
        to={to}
        onClick={onClick}
        className="block rounded-md px-2 py-2 text-base font-medium text-slate-900 hover:bg-slate-50"
      >
        {label}
      </Link>
    </li>
  );
}
