import { describe, expect, it } from 'vitest';
import {
  type ActivityEntry,
  activityPagePath,
  describeActivity,
  describeActor,
  describeWhen,
  distinctEntries,
  withNewestPage,
} from './activity.ts';

const entry = (
  action: ActivityEntry['action'],
  subject: string,
  previous: string | null = null,
): Pick<ActivityEntry, 'action' | 'subject' | 'previous'> => ({ action, subject, previous });

describe('what the activity log says happened', () => {
  it.each([
    [entry('item.created', 'Quarterly report'), 'added “Quarterly report”'],
    [entry('item.renamed', 'Final report', 'Draft'), 'renamed “Draft” to “Final report”'],
    [entry('item.renamed', 'Final report'), 'renamed an item to “Final report”'],
    [entry('item.deleted', 'Old notes'), 'deleted “Old notes”'],
    [entry('item.featured', 'Launch plan'), 'featured “Launch plan”'],
    [entry('item.unfeatured', 'Launch plan'), 'unfeatured “Launch plan”'],
    [entry('member.invited', 'ada@example.com'), 'invited ada@example.com'],
    [entry('member.invitation-resent', 'ada@example.com'), 'sent a new invitation to ada@example.com'],
    [entry('member.invitation-withdrawn', 'ada@example.com'), 'withdrew the invitation of ada@example.com'],
    [entry('member.joined', 'ada@example.com'), 'joined'],
    [entry('member.removed', 'ada@example.com'), 'removed ada@example.com'],
    [entry('member.left', 'ada@example.com'), 'left'],
    [
      entry('member.role_changed', 'ada@example.com', 'viewer'),
      'changed the role of ada@example.com from viewer',
    ],
    [entry('workspace.transferred', 'ada@example.com'), 'transferred the workspace to ada@example.com'],
    [entry('api-key.created', 'Nightly export'), 'created the API key “Nightly export”'],
    [entry('api-key.revoked', 'Nightly export'), 'revoked the API key “Nightly export”'],
    [entry('scim-token.created', 'scim_ab12cd34'), 'created the SCIM token scim_ab12cd34'],
    [entry('scim-token.revoked', 'scim_ab12cd34'), 'revoked the SCIM token scim_ab12cd34'],
  ])('%j reads “%s”', (given, expected) => {
    expect(describeActivity(given)).toBe(expected);
  });

  it('names a person by their email, and an API key by its name', () => {
    expect(describeActor({ actorId: 'auth0|1', actorEmail: 'ada@example.com' })).toBe('ada@example.com');
    expect(
      describeActor({ actorId: 'api-key:0b0d3c55-4a5e-4f7a-9a43-3f1b8f1d2c11', actorEmail: 'Importer' }),
    ).toBe('API key “Importer”');
    // A SCIM token as the server names it (decision 0056).
    expect(
      describeActor({
        actorId: 'scim-token:0b0d3c55-4a5e-4f7a-9a43-3f1b8f1d2c11',
        actorEmail: 'SCIM token scim_ab12cd34',
      }),
    ).toBe('SCIM token scim_ab12cd34');
  });

  it('keeps an item’s name as it is, quotes and all', () => {
    expect(describeActivity(entry('item.created', 'The “best” <plan>'))).toBe('added “The “best” <plan>”');
  });
});

describe('when it happened', () => {
  const now = new Date(2026, 10, 22, 15, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minute = 60_000;
  const hour = 60 * minute;

  it('is relative within the last week', () => {
    expect(describeWhen(ago(20_000), now)).toBe('just now');
    expect(describeWhen(ago(minute), now)).toBe('1 minute ago');
    expect(describeWhen(ago(45 * minute), now)).toBe('45 minutes ago');
    expect(describeWhen(ago(hour), now)).toBe('1 hour ago');
    expect(describeWhen(ago(5 * hour), now)).toBe('5 hours ago');
    expect(describeWhen(new Date(2026, 10, 21, 9, 0).toISOString(), now)).toBe('yesterday');
    expect(describeWhen(new Date(2026, 10, 18, 23, 0).toISOString(), now)).toBe('4 days ago');
  });

  it('is the long date from a week on', () => {
    expect(describeWhen(new Date(2026, 10, 15, 12, 0).toISOString(), now)).toBe('November 15th 2026');
    expect(describeWhen(new Date(2025, 0, 1, 12, 0).toISOString(), now)).toBe('January 1st 2025');
  });

  it('reads a time ahead of the browser’s clock as just now, and nothing for no date', () => {
    expect(describeWhen(ago(-5 * minute), now)).toBe('just now');
    expect(describeWhen('not a date', now)).toBe('');
  });
});

describe('the path of a page', () => {
  it('is the newest page without a cursor, and carries the cursor as it is otherwise', () => {
    expect(activityPagePath()).toBe('activity');
    expect(activityPagePath(null)).toBe('activity');
    expect(activityPagePath('MjAyNi0wNS0wMVQxMjowMDowMC4xMjM0NTZa_-')).toBe(
      'activity?before=MjAyNi0wNS0wMVQxMjowMDowMC4xMjM0NTZa_-',
    );
    // Whatever a cursor holds stays one parameter.
    expect(activityPagePath('a&limit=1 b')).toBe('activity?before=a%26limit%3D1+b');
    // Another's workspace (an admin's log) is named after the cursor, encoded.
    expect(activityPagePath(null, 'auth0|owner')).toBe('activity?workspace=auth0%7Cowner');
    expect(activityPagePath('abc', 'auth0|owner')).toBe('activity?before=abc&workspace=auth0%7Cowner');
  });
});

describe('the live log, as newest pages arrive', () => {
  const logged = (id: string): ActivityEntry => ({
    id,
    actorId: 'auth0|ada',
    actorEmail: 'ada@example.com',
    action: 'item.created',
    subject: id,
    previous: null,
    createdAt: '2026-11-29T10:00:00.000Z',
  });
  const page = (ids: string[], nextCursor: string | null = null) => ({
    entries: ids.map(logged),
    nextCursor,
  });
  const ids = (log: ReturnType<typeof withNewestPage>) => [
    ...log.fresh.map((entry) => entry.id),
    '|',
    ...log.base.entries.map((entry) => entry.id),
  ];

  it('starts with the first page, then adds on top only the entries it lacks', () => {
    const first = withNewestPage(null, page(['c', 'b', 'a'], 'after-a'));
    expect(ids(first)).toEqual(['|', 'c', 'b', 'a']);
    const second = withNewestPage(first, page(['e', 'd', 'c'], 'after-c'));
    expect(ids(second)).toEqual(['e', 'd', '|', 'c', 'b', 'a']);
    // The first page, and with it the older pages' cursor, stays.
    expect(second.base).toBe(first.base);
    expect(ids(withNewestPage(second, page(['f', 'e', 'd'], 'after-d')))).toEqual([
      'f',
      'e',
      'd',
      '|',
      'c',
      'b',
      'a',
    ]);
  });

  it('changes nothing when nothing is new', () => {
    const first = withNewestPage(null, page(['b', 'a']));
    expect(withNewestPage(first, page(['b', 'a']))).toBe(first);
  });

  it('starts afresh when more arrived than a page holds', () => {
    const first = withNewestPage(null, page(['b', 'a']));
    const next = page(['z', 'y'], 'after-y');
    expect(withNewestPage(first, next)).toEqual({ base: next, fresh: [] });
  });

  it('fills an empty log with a page that holds it all', () => {
    const empty = withNewestPage(null, page([]));
    expect(ids(withNewestPage(empty, page(['b', 'a'])))).toEqual(['b', 'a', '|']);
  });

  it('shows an entry once when an older page holds one that arrived live', () => {
    expect(distinctEntries([logged('b'), logged('a'), logged('b')]).map((entry) => entry.id)).toEqual([
      'b',
      'a',
    ]);
  });
});
