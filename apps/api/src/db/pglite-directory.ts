import { existsSync, readdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { dataDir as prepopulatedDataDir } from '@electric-sql/pglite-prepopulatedfs';

/**
 * Opens the embedded database kept in `dir`. A new one starts from PGlite's prepopulated data directory
 * (initdb run when that package was built) instead of running initdb here: on two cores initdb is most
 * of a fresh clone's first start, and loading the archive takes a third of it (decision 0057). The
 * archive is made for one PGlite release; where this release cannot start from it, the half-written
 * directory is removed and initdb runs as before, so a mismatch costs time, never the database.
 */
export async function openPgliteDirectory(
  dir: string,
  prepopulated: () => Promise<Blob> = prepopulatedDataDir,
): Promise<PGlite> {
  if (!isNewDirectory(dir)) return PGlite.create(dir);
  try {
    return await PGlite.create(dir, { loadDataDir: await prepopulated() });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return PGlite.create(dir);
  }
}

/** Nothing there yet, or an empty folder made for it: no database to keep. */
function isNewDirectory(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
