import type { UsageSummary } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

export type { UsageSummary };

/** The owner's usage this period (items created) and its projected charge; `workspace` as for the plan. */
export const getUsage = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<UsageSummary>(
    workspace === null ? 'billing/usage' : `billing/usage?${new URLSearchParams({ workspace })}`,
    { signal },
  );

/**
 * An amount in cents as money; `fractions` digits for a unit price below a cent (a metered price may be
 * a fraction of a cent), two otherwise.
 */
export function formatCents(cents: number, currency: string, fractions = 2): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: fractions,
  }).format(cents / 100);
}
