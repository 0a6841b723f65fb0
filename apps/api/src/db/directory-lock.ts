import { acquireLockFile } from '@launchkit/lock-file';

export class DirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database at ${dir} is already in use by another process (pid ${pid}). ` +
        'PGlite allows one process per directory: stop the other process, or set DATA_DIR to another ' +
        'directory, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DirectoryLockedError';
  }
}

/** PGlite corrupts its files when two processes open the same directory, and does not guard against it. */
export function acquireDirectoryLock(dir: string): () => void {
  return acquireLockFile(`${dir}.lock`, (pid) => new DirectoryLockedError(dir, pid));
}
