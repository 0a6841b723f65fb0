import { formatLongDate } from '@launchkit/plans';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { type ActivityEntry, describeActivity, describeWhen, listActivity } from '#web/lib/activity.ts';

const titleId = 'activity-log-title';

/**
 * The owner's activity log (Teams): who did what in their workspace and when, newest first (the
 * latest 200). One entry per line, so it reads the same on a phone as on a desk: `<who> <what>` with
 * the time under it.
 */
export function ActivityLog() {
  const { data: entries, error, reload } = useApiResource(listActivity);
  // A failed refresh keeps the entries it had; the alert says why they may be out of date.
  return (
    <CardSection titleId={titleId} testId="activity">
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4 sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Latest changes
          </h2>
          <p className="mt-1 text-sm text-slate-600">Items and people, newest first.</p>
        </div>
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      </div>
      {error && (
        <div className="px-4 pt-4 sm:px-6">
          <Alert variant="error">{errorMessage(error)}</Alert>
        </div>
      )}
      <ActivityBody entries={entries} isFailing={Boolean(error)} />
    </CardSection>
  );
}

function ActivityBody({ entries, isFailing }: { entries: ActivityEntry[] | null; isFailing: boolean }) {
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
      {entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3 sm:px-6" data-testid="activity-entry">
          <p className="break-words text-sm text-slate-900">
            <span className="font-medium break-all">{entry.actorEmail}</span> {describeActivity(entry)}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            <time dateTime={entry.createdAt} title={formatLongDate(entry.createdAt)}>
              {describeWhen(entry.createdAt, now)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
