// Avatars are initials on a tint instead of photos: nothing to download, and no stock portraits.
const tints = [
  'bg-brand-100 text-brand-800',
  'bg-sky-100 text-sky-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-violet-100 text-violet-800',
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** Decorative: the person's name is always written next to it. */
export function InitialsAvatar({
  name,
  tint = 0,
  className = 'size-12 text-base',
}: {
  name: string;
  tint?: number;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${tints[tint % tints.length]} ${className}`}
    >
      {initials(name)}
    </span>
  );
}
