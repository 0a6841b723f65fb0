import { formatLongDate } from '@launchkit/plans';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { Options, SelectField, TextField } from '#web/components/forms/text-field.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import {
  type ActivityExportFormat,
  type ActivityExportRequest,
  activityExportFormatLabels,
  downloadActivityExport,
  isPreparedRange,
  listActivityExports,
  startActivityExport,
} from '#web/lib/activity-export.ts';
import { PreparedActivityExports } from './prepared-activity-exports.tsx';

const formats = Object.keys(activityExportFormatLabels) as ActivityExportFormat[];

/** A day as a date input holds it (YYYY-MM-DD, UTC), `days` before today. */
const dayBefore = (days: number) => new Date(Date.now() - days * 24 * 3_600_000).toISOString().slice(0, 10);

/**
 * The Activity page's "Export": the days (UTC, both included) and the format. Up to a month the file
 * is saved at once; a longer range is prepared by a job and listed below (PreparedActivityExports). The
 * server checks the range (at most 366 days, the last not before the first): its refusal shows under
 * the field it names. When the range reaches further back than the workspace's plan keeps, the outcome
 * says from which day the file starts.
 */
export function ActivityExportForm({ workspace }: { workspace: string | null }) {
  const form = useAppForm<ActivityExportRequest>({ from: dayBefore(29), to: dayBefore(0), format: 'csv' });
  const exports = useApiResource((signal) => listActivityExports(workspace, signal));
  const onSubmit = form.submitWith(async (request) => {
    if (isPreparedRange(request)) {
      await startActivityExport(request, workspace);
      exports.reload();
      return 'We are preparing your export. It will be listed below, ready to download, in a moment.';
    }
    const { keptSince } = await downloadActivityExport(request, workspace);
    const reachesBack = keptSince !== null && request.from < keptSince;
    return reachesBack
      ? `Your export is downloading. This workspace’s plan keeps activity since ${formatLongDate(`${keptSince}T00:00:00Z`)}: nothing older is in the file.`
      : 'Your export is downloading.';
  });
  const required = { required: 'Choose a day.' };
  return (
    <section aria-labelledby="activity-export-title" className="mb-8 rounded-xl border border-slate-200 p-5">
      <h2 id="activity-export-title" className="text-base font-semibold text-slate-900">
        Export
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Download the activity of a range of days (UTC) for your own records: up to a month at once, up to a
        year prepared as a file.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="activity-export-from"
            label="From"
            type="date"
            {...form.fieldProps('from', required)}
          />
          <TextField id="activity-export-to" label="To" type="date" {...form.fieldProps('to', required)} />
          <SelectField id="activity-export-format" label="Format" {...form.fieldProps('format')}>
            <Options values={formats} labels={activityExportFormatLabels} />
          </SelectField>
        </div>
        <FormSubmit outcome={form.outcome} busy={form.isSubmitting} busyLabel="Exporting…">
          Export
        </FormSubmit>
      </form>
      <PreparedActivityExports exports={exports} workspace={workspace} />
    </section>
  );
}
