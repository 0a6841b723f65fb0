import type { ActivityExport, ActivityExportFormat, ActivityExportList } from '@launchkit/api-contract';
import { activityExportRange, daysInRange } from '@launchkit/api-contract/field-rules';
import { apiDownload, apiRequest } from './api.ts';
import { saveFile } from './save-file.ts';

// The export of a workspace's activity log over a range of days (GET /api/activity/export,
// docs/activity-export.md): a file the browser saves.

export type { ActivityExport, ActivityExportFormat, ActivityExportList };

/** How the Activity page names each format. */
export const activityExportFormatLabels: Record<ActivityExportFormat, string> = {
  csv: 'CSV (spreadsheets)',
  jsonl: 'JSON lines (one entry a line)',
};

export type ActivityExportRequest = { from: string; to: string; format: ActivityExportFormat };

/** The path of an export; of the caller's own workspace without `workspace`. */
export function activityExportPath(request: ActivityExportRequest, workspace: string | null) {
  const query = new URLSearchParams(request);
  if (workspace !== null) query.set('workspace', workspace);
  return `activity/export?${query}`;
}

/**
 * Downloads the export and saves it; answers the first day the workspace's plan still keeps (the
 * `activity-kept-since` header), so the page can say when the range reaches further back.
 */
export async function downloadActivityExport(
  request: ActivityExportRequest,
  workspace: string | null,
): Promise<{ keptSince: string | null }> {
  const { blob, fileName, headers } = await apiDownload(
    activityExportPath(request, workspace),
    `activity.${request.format}`,
  );
  saveFile(blob, fileName);
  return { keptSince: headers.get('activity-kept-since') };
}

const inWorkspace = (path: string, workspace: string | null) =>
  workspace === null ? path : `${path}?workspace=${encodeURIComponent(workspace)}`;

/** Whether a range is longer than the server streams at once: then a job prepares it. */
export const isPreparedRange = (request: ActivityExportRequest) =>
  daysInRange(request.from, request.to) > activityExportRange.streamDays;

/** Asks for a long range to be prepared as a file (one at a time a workspace). */
export const startActivityExport = (request: ActivityExportRequest, workspace: string | null) =>
  apiRequest<ActivityExport>(inWorkspace('activity/exports', workspace), { method: 'POST', body: request });

/** The workspace's prepared exports, newest first. */
export const listActivityExports = (workspace: string | null, signal?: AbortSignal) =>
  apiRequest<ActivityExportList>(inWorkspace('activity/exports', workspace), { signal });

/** Downloads a prepared export with the person's own sign-in and saves it. */
export async function downloadPreparedActivityExport(id: string, workspace: string | null): Promise<void> {
  const { blob, fileName } = await apiDownload(
    inWorkspace(`activity/exports/${encodeURIComponent(id)}/file`, workspace),
    'activity-export',
  );
  saveFile(blob, fileName);
}
