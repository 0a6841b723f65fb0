import type { ActivityExport, ActivityExportFormat } from '@launchkit/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { activityExports } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { AppError } from '#api/http/app-error.ts';

/** The columns an export answers with: never its file. */
export const activityExportColumns = {
  id: activityExports.id,
  fromDay: activityExports.fromDay,
  toDay: activityExports.toDay,
  format: activityExports.format,
  createdAt: activityExports.createdAt,
  readyAt: activityExports.readyAt,
  expiresAt: activityExports.expiresAt,
};

type ExportRow = {
  id: string;
  fromDay: string;
  toDay: string;
  format: string;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date;
};

/** An export as the Activity page lists it, its status as of `now`. */
export function toActivityExport(row: ExportRow, now = new Date()): ActivityExport {
  const isPast = row.expiresAt <= now;
  const status = row.readyAt ? (isPast ? 'expired' : 'ready') : isPast ? 'failed' : 'preparing';
  return {
    id: row.id,
    from: row.fromDay,
    to: row.toDay,
    format: row.format as ActivityExportFormat,
    createdAt: row.createdAt.toISOString(),
    status,
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The workspace's exports, newest first; the data-retention job deletes them once expired. */
export async function listActivityExports(db: Queryable, workspace: string): Promise<ActivityExport[]> {
  const rows = await db
    .select(activityExportColumns)
    .from(activityExports)
    .where(eq(activityExports.workspace, workspace))
    .orderBy(desc(activityExports.createdAt), desc(activityExports.id));
  const now = new Date();
  return rows.map((row) => toActivityExport(row, now));
}

/** Another workspace's export, one that does not exist and an id that is no uuid answer alike. */
const exportNotFound = () =>
  new AppError(
    404,
    'activity-exports/not-found',
    'There is no such export. Ask for a new one on the Activity page.',
  );

/** The file of one of the workspace's exports, while it can be downloaded. */
export async function readActivityExport(
  db: Queryable,
  workspace: string,
  exportId: string,
): Promise<{ file: string; row: ExportRow }> {
  if (!isUuid(exportId)) throw exportNotFound();
  const [row] = await db
    .select({ ...activityExportColumns, file: activityExports.file })
    .from(activityExports)
    .where(and(eq(activityExports.id, exportId), eq(activityExports.workspace, workspace)));
  if (!row) throw exportNotFound();
  if (row.expiresAt <= new Date()) {
    throw new AppError(
      404,
      'activity-exports/expired',
      row.readyAt
        ? 'This export has expired. Ask for a new one on the Activity page.'
        : 'This export could not be prepared. Ask for a new one on the Activity page.',
    );
  }
  if (!row.readyAt || row.file === null) {
    throw new AppError(409, 'activity-exports/not-ready', 'We are still preparing this export.');
  }
  return { file: row.file, row };
}
