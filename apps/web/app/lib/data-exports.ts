import type { DataExport, DataExportList } from '@launchkit/api-contract';
import { apiDownload, apiRequest } from './api.ts';
import { saveFile } from './save-file.ts';

export type { DataExport };

/** The person's exports, newest first. */
export const listDataExports = (signal?: AbortSignal) =>
  apiRequest<DataExportList>('account/exports', { signal });

/** Asks for a new archive; it is mailed when ready (one at a time, one every 10 minutes). */
export const startDataExport = () => apiRequest<DataExport>('account/exports', { method: 'POST', body: {} });

/**
 * Downloads an archive with the person's own sign-in (the mail's link only opens this page) and hands
 * it to the browser as a file.
 */
export async function downloadDataExport(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `account/exports/${encodeURIComponent(id)}/archive`,
    'data-export.json',
  );
  saveFile(blob, fileName);
}
