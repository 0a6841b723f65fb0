// An operator's "view as" in this tab (docs/operations.md): the grant the back office answered, kept in
// sessionStorage (this tab only, gone with it), sent by lib/api.ts beside the operator's own token on
// every call but the back office's. The server checks it on each request; when it answers that the view
// ended, or its time is up here, the tab goes back to the back office.
import type { Impersonation } from '@launchkit/api-contract';

const storageKey = 'launchkit_impersonation';

export type ActiveImpersonation = Impersonation & {
  /** The reason the operator gave for writing; unset, the view is read-only (writes are refused). */
  writeReason?: string;
};

export function currentImpersonation(): ActiveImpersonation | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = window.sessionStorage.getItem(storageKey);
    return stored ? (JSON.parse(stored) as ActiveImpersonation) : null;
  } catch {
    return null;
  }
}

export function storeImpersonation(impersonation: ActiveImpersonation): void {
  window.sessionStorage.setItem(storageKey, JSON.stringify(impersonation));
}

export function clearImpersonation(): void {
  window.sessionStorage.removeItem(storageKey);
}

/** Where the tab goes when a view ends: the back office, which says so. */
export const viewEndedPath = '/admin?view=ended';

/** Ends the view in this tab and reloads the back office as the operator. */
export function leaveImpersonation(path = viewEndedPath): void {
  clearImpersonation();
  window.location.assign(path);
}

/** The headers a call to /api/{path} carries for the view: none for the back office's own calls. */
export function impersonationHeaders(path: string, method: string): Record<string, string> {
  const active = currentImpersonation();
  if (!active || path.startsWith('admin/')) return {};
  const headers: Record<string, string> = { 'x-impersonation': active.grant };
  if (method !== 'GET' && active.writeReason) {
    headers['x-impersonation-write-reason'] = encodeURIComponent(active.writeReason);
  }
  return headers;
}
