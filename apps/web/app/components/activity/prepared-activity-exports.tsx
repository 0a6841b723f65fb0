import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import type { ApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useReloadWhile } from '#web/hooks/use-reload-while.ts';
import {
  type ActivityExport,
  type ActivityExportList,
  activityExportFormatLabels,
  downloadPreparedActivityExport,
} from '#web/lib/activity-export.ts';

// A file is written within seconds; while one is prepared the list is read again this often.
const preparingRefreshMs = 3_000;

const statusLabels: Record<ActivityExport['status'], string> = {
  preparing: 'Preparing…',
  ready: 'Ready',
  failed: 'Could not be prepared',
  expired: 'Expired',
};

/**
 * The workspace's exports of long ranges, prepared by a job: each with its range, format and status;
 * a ready one downloads with the person's own sign-in until it expires. Read again while one is
 * prepared.
 */
export function PreparedActivityExports({
  exports,
  workspace,
}: {
  exports: ApiResource<ActivityExportList>;
  workspace: string | null;
}) {
  const { outcome, run } = useOutcome();
  const [downloading, setDownloading] = useState<string | null>(null);
  const list = exports.data?.exports ?? [];
  const isPreparing = list.some((each) => each.status === 'preparing');
  const { reload } = exports;
  useReloadWhile(isPreparing, reload, preparingRefreshMs);

  if (exports.error) return <LoadFailure error={exports.error} onRetry={exports.retry} />;
  if (list.length === 0) return null;
  const download = async (id: string) => {
    setDownloading(id);
    await run(async () => {
      await downloadPreparedActivityExport(id, workspace);
      return 'Your export is downloading.';
    });
    setDownloading(null);
  };
  return (
    <div className="mt-6">
      <h3 id="activity-exports-title" className="text-sm font-semibold text-slate-900">
        Your exports
      </h3>
      <ul aria-labelledby="activity-exports-title" className="mt-2 divide-y divide-slate-200">
        {list.map((each) => {
          const name = `${formatLongDate(`${each.from}T00:00:00Z`)} to ${formatLongDate(`${each.to}T00:00:00Z`)}`;
          return (
            <li
              key={each.id}
              data-testid="activity-export"
              className="flex flex-wrap items-center gap-3 py-3 text-sm"
            >
              <span className="font-medium text-slate-900">{name}</span>
              <span className="text-slate-600">{activityExportFormatLabels[each.format]}</span>
              <span className="text-slate-700">
                {each.status === 'ready'
                  ? `Available until ${formatLongDate(each.expiresAt)}`
                  : statusLabels[each.status]}
              </span>
              {each.status === 'ready' && (
                <Button
                  variant="secondary"
                  onClick={() => void download(each.id)}
                  busy={downloading === each.id}
                  busyLabel="Downloading…"
                  aria-label={`Download the export of ${name}`}
                >
                  Download
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <FormOutcome outcome={outcome} />
    </div>
  );
}
