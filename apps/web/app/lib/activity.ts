import type { ActivityEntry, ActivityPage } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans';
import { apiRequest } from './api.ts';

// The activity log of a workspace (GET /api/activity, newest first, a page at a time: the caller's own,
// or with `workspace` one they administer), and how the page words each entry: "<who> <what>", when.

export type { ActivityEntry, ActivityPage };

/**
 * The path of a page: the newest without a cursor, else the one after the page that gave `before`; of
 * the caller's own workspace without `workspace`.
 */
export function activityPagePath(before: string | null = null, workspace: string | null = null) {
  const query = new URLSearchParams();
  if (before !== null) query.set('before', before);
  if (workspace !== null) query.set('workspace', workspace);
  return query.size === 0 ? 'activity' : `activity?${query}`;
}

/** A page of the log at the server's page size: the newest (`before` null), or the next older one. */
export const listActivity = (before: string | null, workspace: string | null, signal?: AbortSignal) =>
  apiRequest<ActivityPage>(activityPagePath(before, workspace), { signal });

/**
 * The log as the page holds it while it follows the stream: the first page it loaded (`base`, whose
 * cursor the older pages continue) and the entries that arrived since (`fresh`, newest first).
 */
export type LiveActivityLog = { base: ActivityPage; fresh: ActivityEntry[] };

/**
 * The log after fetching the newest page again: the entries it lacked go on top, in the page's order.
 * When none of the page's entries is one it holds and there are older ones (more arrived than a page
 * holds), the page starts the log afresh: what lay between is not known, and older pages follow it.
 */
export function withNewestPage(log: LiveActivityLog | null, page: ActivityPage): LiveActivityLog {
  if (log === null) return { base: page, fresh: [] };
  const held = new Set([...log.fresh, ...log.base.entries].map((entry) => entry.id));
  const arrived = page.entries.filter((entry) => !held.has(entry.id));
  if (arrived.length === page.entries.length && page.nextCursor !== null) {
    return { base: page, fresh: [] };
  }
  if (arrived.length === 0) return log;
  return { base: log.base, fresh: [...arrived, ...log.fresh] };
}

/** Entries once each, the first of each id kept: an older page may hold an entry that arrived live. */
export function distinctEntries(entries: ActivityEntry[]): ActivityEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}

const quoted = (name: string) => `“${name}”`;

/**
 * Who did it: a person by their email, an API key (`actorId` `api-key:<id>`) by its name, or a SCIM
 * token (`scim-token:<id>`) as the server names it (`SCIM token scim_…`).
 */
export const describeActor = (entry: Pick<ActivityEntry, 'actorId' | 'actorEmail'>): string =>
  entry.actorId.startsWith('api-key:') ? `API key ${quoted(entry.actorEmail)}` : entry.actorEmail;

/** What happened, after the person who did it: `added “Report”`, `invited ada@example.com`. */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'subject' | 'previous'>): string {
  const { subject, previous } = entry;
  switch (entry.action) {
    case 'item.created':
      return `added ${quoted(subject)}`;
    case 'item.renamed':
      return previous === null
        ? `renamed an item to ${quoted(subject)}`
        : `renamed ${quoted(previous)} to ${quoted(subject)}`;
    case 'item.deleted':
      return `deleted ${quoted(subject)}`;
    case 'item.featured':
      return `featured ${quoted(subject)}`;
    case 'item.unfeatured':
      return `unfeatured ${quoted(subject)}`;
    case 'member.invited':
      return `invited ${subject}`;
    case 'member.invitation-resent':
      return `sent a new invitation to ${subject}`;
    case 'member.invitation-withdrawn':
      return `withdrew the invitation of ${subject}`;
    case 'member.joined':
      return 'joined';
    case 'member.removed':
      return `removed ${subject}`;
    case 'member.left':
      return 'left';
    case 'member.role_changed':
      return previous === null
        ? `changed the role of ${subject}`
        : `changed the role of ${subject} from ${previous}`;
    case 'api-key.created':
      return `created the API key ${quoted(subject)}`;
    case 'api-key.revoked':
      return `revoked the API key ${quoted(subject)}`;
    case 'scim-token.created':
      return `created the SCIM token ${subject}`;
    case 'scim-token.revoked':
      return `revoked the SCIM token ${subject}`;
    case 'workspace.transferred':
      return `transferred the workspace to ${subject}`;
    case 'ownership.offered':
      return `offered the workspace to ${subject}`;
    case 'ownership.withdrawn':
      return `withdrew the offer of the workspace to ${subject}`;
    case 'ownership.declined':
      return 'declined the offer of the workspace';
    default:
      return describeSsoActivity(entry);
  }
}

/** Single sign-on's entries (docs/sso.md), after the person who did it. */
function describeSsoActivity(entry: Pick<ActivityEntry, 'action' | 'subject' | 'previous'>): string {
  const { subject, previous } = entry;
  switch (entry.action) {
    case 'sso.connection-saved':
      return `set up the single sign-on connection ${subject}`;
    case 'sso.connection-tested':
      return `tested the single sign-on connection ${subject}`;
    case 'sso.turned-on':
      return 'turned single sign-on on';
    case 'sso.turned-off':
      return 'turned single sign-on off';
    case 'sso.required':
      return 'required single sign-on of members';
    case 'sso.no-longer-required':
      return 'stopped requiring single sign-on of members';
    case 'sso.auto-join-changed':
      return `set joining by verified domain to ${subject}${previous ? ` (was ${previous})` : ''}`;
    case 'sso.domain-added':
      return `added the domain ${subject}`;
    case 'sso.domain-verified':
      return `verified the domain ${subject}`;
    case 'sso.domain-removed':
      return `removed the domain ${subject}`;
    default:
      // An action this build does not know yet (a newer server): said plainly rather than hidden.
      return `${String(entry.action)} ${subject}`.trim();
  }
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * When, as the log shows it: relative within the last week (`just now`, `5 minutes ago`, `3 hours
 * ago`, `yesterday`, `4 days ago`), then the long date of docs/product.md §9 (`November 21st 2026`). A
 * time in the future (a clock ahead of the browser's) reads as `just now`.
 */
export function describeWhen(createdAt: string, now: Date = new Date()): string {
  const then = new Date(createdAt);
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < minute) return 'just now';
  if (elapsed < hour) return plural(Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return plural(Math.floor(elapsed / hour), 'hour');
  const days = calendarDaysBetween(then, now);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatLongDate(then);
}

/** Midnight to midnight in the browser's time zone: 23:00 to 01:00 is a day. */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end.getTime() - start.getTime()) / day);
}
