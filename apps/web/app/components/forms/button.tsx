import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg border font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-70';

const variants: Record<ButtonVariant, string> = {
  primary: 'border-transparent bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  /** An action that cannot be taken back (delete, remove). */
  danger: 'border-transparent bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
};

/**
 * One size per role: `lg` for a marketing page's calls to action and the full-width submit of the
 * sign-in pages, `md` for every form and action inside a page (contact, settings, dialogs).
 */
const sizes: Record<ButtonSize, string> = {
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** The button look, for links that should look like buttons (`<Link className={buttonClasses()}>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}

// `ref` is a prop of function components in React 19 and in Preact 11 alike: no forwardRef.
type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, marked aria-busy and shows a spinner with `busyLabel`. */
  busy?: boolean;
  busyLabel?: ReactNode;
};

export function Button({
  variant,
  size,
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ref,
  ...props
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

function Spinner() {
  return (
    <span
      className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
      aria-hidden="true"
    />
  );
}

const rowActionClasses =
  'rounded-md px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

/** A list row's small text action (Rename, Resend invitation); red when it cannot be taken back (Delete, Remove). */
export function RowAction({
  isDanger = false,
  className = '',
  ref,
  ...props
}: Omit<ComponentProps<'button'>, 'type'> & { isDanger?: boolean }) {
  const tone = isDanger ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100';
  return (
    <button
      ref={ref}
      type="button"
      className={`${rowActionClasses} ${tone} ${className}`.trim()}
      {...props}
    />
  );
}
