import { and, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { dataExports } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { AppError } from '#api/http/app-error.ts';

/**
 * Someone else's export gets the same answer as one that does not exist, or an id that is not even a
 * uuid: whether an id is someone's export is nobody else's business.
 */
const exportNotFound = () =>
  new AppError(
    404,
    'data-exports/not-found',
    'There is no such archive. Ask for a new one in Settings → Your data.',
  );

/** The archive (JSON text) of one of the caller's exports, while it can be downloaded. */
export async function readArchive(
  db: Database,
  uid: string,
  exportId: string,
): Promise<{ archive: string; readyAt: Date }> {
  if (!isUuid(exportId)) throw exportNotFound();
  const [row] = await db
    .select({ archive: dataExports.archive, readyAt: dataExports.readyAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, uid)));
  if (!row) throw exportNotFound();
  if (row.expiresAt <= new Date()) {
    throw new AppError(
      404,
      'data-exports/expired',
      row.readyAt
        ? 'This archive has expired. Ask for a new one in Settings → Your data.'
        : 'This archive could not be prepared. Ask for a new one in Settings → Your data.',
    );
  }
  if (!row.readyAt || row.archive === null) {
    throw new AppError(
      409,
      'data-exports/not-ready',
      'We are still preparing this archive. We will email you when it is ready.',
    );
  }
  return { archive: row.archive, readyAt: row.readyAt };
}
