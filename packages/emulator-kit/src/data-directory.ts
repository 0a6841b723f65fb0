import path from 'node:path';
import { acquireLockFile } from '@launchkit/lock-file';

/** What names an emulator in its lock message: "identity emulator", IDENTITY_DATA_DIR. */
export type DataDirectoryOwner = { name: string; dirVariable: string };

export class DataDirectoryLockedError extends Error {
  constructor(dir: string, pid: number, owner: DataDirectoryOwner) {
    super(
      `The ${owner.name} data directory ${dir} is already in use by another process (pid ${pid}). ` +
        `Stop that emulator, or set ${owner.dirVariable} (or DATA_DIR) to another directory.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

/**
 * Two emulators writing one state file would overwrite each other's records: one process per data
 * directory (`<dir>/emulator.lock`). Returns the function that releases the lock.
 */
export function acquireDataDirectoryLock(dir: string, owner: DataDirectoryOwner): () => void {
  return acquireLockFile(
    path.join(dir, 'emulator.lock'),
    (pid) => new DataDirectoryLockedError(dir, pid, owner),
  );
}
