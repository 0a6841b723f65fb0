import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorCircleIcon } from '#web/components/icons.tsx';

export type AlertVariant = 'success' | 'error';

const styles: Record<AlertVariant, string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-800',
};

type AlertProps = { variant: AlertVariant; title?: string; children: ReactNode; className?: string };

/**
 * A message after an action. Errors use role="alert" (announced at once); successes use
 * role="status" (announced politely), so a screen reader hears both without moving focus.
 */
export function Alert({ variant, title, children, className = '' }: AlertProps) {
  const Icon = variant === 'error' ? ErrorCircleIcon : CheckCircleIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      className={`flex gap-3 rounded-lg border p-4 text-sm ${styles[variant]} ${className}`.trim()}
    >
      <Icon className="mt-px size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        <div className={title ? 'mt-1' : undefined}>{children}</div>
      </div>
    </div>
  );
}
