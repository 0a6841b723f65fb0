import type { ActivityExportFormat } from '@launchkit/api-contract';
import { apiDownload } from './api.ts';
import { saveFile } from './save-file.ts';

// The export of a workspace's activity log over a range of days (GET /api/activity/export,
// docs/activity-export.md): a file the browser saves.

export type { ActivityExportFormat };

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
