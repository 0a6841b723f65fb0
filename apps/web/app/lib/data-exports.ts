import type { DataExport, DataExportList } from '@launchkit/api-contract';
import { apiDownload, apiRequest } from './api.ts';

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
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click; the address is released once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
