import type { DataExport } from '@launchkit/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { dataExports } from '#api/db/schema.ts';

/** The columns an export answers with: never its archive. */
export const exportColumns = {
  id: dataExports.id,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
};

export type ExportRow = { id: string; createdAt: Date; readyAt: Date | null; expiresAt: Date };

/** An export as the browser sees it (the contract's `dataExport`), its status as of `now`. */
export function toDataExport(row: ExportRow, now = new Date()): DataExport {
  const isPast = row.expiresAt <= now;
  const status = row.readyAt ? (isPast ? 'expired' : 'ready') : isPast ? 'failed' : 'preparing';
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status,
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The person's exports, newest first; the data-retention job deletes them once expired. */
export async function listDataExports(db: Database, uid: string): Promise<DataExport[]> {
  const rows = await db
    .select(exportColumns)
    .from(dataExports)
    .where(eq(dataExports.userId, uid))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id));
  const now = new Date();
  return rows.map((row) => toDataExport(row, now));
}
