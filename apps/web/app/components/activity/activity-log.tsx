import { formatLongDate } from '@launchkit/plans';
import { useEffect, useRef } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { BreakableText } from '#web/components/layout/breakable-text.tsx';
import { CardHeading, CardSection } from '#web/components/layout/card-section.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import {
  type ActivityEntry,
  describeActivity,
  describeActor,
  describeWhen,
  distinctEntries,
} from '#web/lib/activity.ts';
import { useLiveActivity } from './use-live-activity.ts';
import { type OlderActivity, useOlderActivity } from './use-older-activity.ts';

const titleId = 'activity-log-title';

/**
 * A workspace's activity log (Teams), for its owner and admins: who did what in it and when, newest
 * first and live (a new entry appears on top as it happens: useLiveActivity), a page at a time into
 * the past ("Show older activity" loads the next). One entry per line, so it reads the same on a phone
 * as on a desk: `<who> <what>` with the time under it. `workspace`: the `?workspace=` of another's
 * workspace, null for the caller's own.
 */
export function ActivityLog({
  workspace,
  onAccessLost,
}: {
  workspace: string | null;
  /** The caller can no longer open the workspace (removed, left, no seat). */
  onAccessLost?: () => void;
}) {
  const { log, error } = useLiveActivity(workspace, onAccessLost);
  const older = useOlderActivity(log?.base ?? null, workspace);
  // A failed fetch keeps the entries it had; the alert says why they may be out of date.
  return (
    <CardSection titleId={titleId} testId="activity">
      <div className="border-b border-slate-200 p-4 sm:p-6">
        <CardHeading titleId={titleId} title="Latest changes">
          <p className="mt-1 text-sm text-slate-600">Items and people, newest first, as they happen.</p>
        </CardHeading>
      </div>
      {error !== null && (
        <div className="px-4 pt-4 sm:px-6">
          <Alert variant="error">{errorMessage(error)}</Alert>
        </div>
      )}
      <ActivityBody
        entries={log && distinctEntries([...log.fresh, ...log.base.entries, ...older.entries])}
        focusId={older.firstOfLastPage}
        isFailing={Boolean(error)}
      />
      {log && <OlderActivityFooter older={older} />}
    </CardSection>
  );
}

function ActivityBody({
  entries,
  focusId,
  isFailing,
}: {
  entries: ActivityEntry[] | null;
  /** The first entry of the older page loaded last: it takes the focus, where reading goes on. */
  focusId: string | null;
  isFailing: boolean;
}) {
  const focused = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusId) focused.current?.focus();
  }, [focusId]);
  if (entries === null) return isFailing ? null : <LoadingStatus className="py-12" />;
  if (entries.length === 0) {
    return (
      <div className="px-4 py-12 text-center sm:px-6" data-testid="activity-empty">
        <p className="font-medium text-slate-900">No activity yet</p>
        <p className="mt-1 text-sm text-slate-600">
          What you and the people in your workspace do with items and invitations appears here.
        </p>
      </div>
    );
  }
  const now = new Date();
  return (
    <ol aria-labelledby={titleId} className="divide-y divide-slate-200">
      {entries.map((entry) => {
        const takesFocus = entry.id === focusId;
        return (
          <li
            key={entry.id}
            ref={takesFocus ? focused : undefined}
            tabIndex={takesFocus ? -1 : undefined}
            className="px-4 py-3 focus-visible:-outline-offset-2 sm:px-6"
            data-testid="activity-entry"
          >
            <p className="wrap-break-word text-sm text-slate-900">
              <span className="font-medium">
                <BreakableText text={describeActor(entry)} />
              </span>{' '}
              {describeActivity(entry)}
            </p>
            <p className="mt-0.5 text-xs text-slate-600">
              <time dateTime={entry.createdAt} title={formatLongDate(entry.createdAt)}>
                {describeWhen(entry.createdAt, now)}
              </time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** Under the entries: the button to the next older page, why it failed, or that the log ends here. */
function OlderActivityFooter({ older }: { older: OlderActivity }) {
  if (!older.hasOlder && !older.reachedFirstEntry) return null;
  return (
    <div className="flex flex-col items-center gap-3 border-t border-slate-200 p-4 sm:p-6">
      {older.error !== null && (
        <Alert variant="error" className="w-full">
          {errorMessage(older.error)}
        </Alert>
      )}
      {older.hasOlder ? (
        <Button
          variant="secondary"
          busy={older.loading}
          busyLabel="Loading older activity…"
          onClick={older.loadOlder}
        >
          Show older activity
        </Button>
      ) : (
        <p className="text-sm text-slate-600" data-testid="activity-end">
          No older activity.
        </p>
      )}
    </div>
  );
}
