import path from 'node:path';
import { acquireLockFile } from '@app/lock-file';

export class DataDirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The payments emulator data directory ${dir} is already in use by another process (pid ${pid}). ` +
        'Stop that emulator, or set PAYMENTS_DATA_DIR (or DATA_DIR) to another directory.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

/** Two emulators writing one state file would overwrite each other's customers. */
export function acquireDataDirectoryLock(dir: string): () => void {
  return acquireLockFile(path.join(dir, 'emulator.lock'), (pid) => new DataDirectoryLockedError(dir, pid));
}
