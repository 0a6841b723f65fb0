import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

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

/**
 * PGlite corrupts its files when two processes open the same directory, and does not guard against
 * it. A lock file next to the directory holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner))
        throw new DirectoryLockedError(dir, owner);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
