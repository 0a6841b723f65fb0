import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirectoryLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The identity emulator data directory ${dir} is already in use by another process (pid ${pid}). ` +
        'Stop that emulator, or set IDENTITY_DATA_DIR (or DATA_DIR) to another directory.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

// Directories held by this process: the pid in the lock file cannot tell two emulators of one process apart.
const heldHere = new Set<string>();

/**
 * Two emulators writing one state file would overwrite each other's users. A lock file in the
 * directory holds the owner's pid; a lock left by a process that no longer runs is taken over.
 * Returns the function that releases the lock.
 */
export function acquireDataDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'emulator.lock');
  if (heldHere.has(lockFile)) throw new DataDirectoryLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirectoryLockedError(dir, owner);
      }
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
