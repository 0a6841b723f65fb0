import { config } from '#web/config.ts';
import { Link } from '#web/lib/page-router.tsx';

/** The brand mark: the same shape as public/favicon.svg. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M9 22.5 16 8l7 14.5-7-3.5-7 3.5Z" fill="#fff" />
    </svg>
  );
}

/** Logo and product name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2.5 rounded-md ${className}`.trim()}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">{config.appName}</span>
    </Link>
  );
}
