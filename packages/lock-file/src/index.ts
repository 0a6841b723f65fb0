import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

// Lock files held by this process: the pid inside cannot tell two holders in one process apart.
const heldHere = new Set<string>();

/**
 * One process per data directory (PGlite's files, the identity emulator's state): a lock file holds
 * the owner's pid, and a lock left by a process that no longer runs is taken over. `whenLocked` makes
 * the error that names the other process. Returns the function that releases the lock.
 */
export function acquireLockFile(lockFile: string, whenLocked: (ownerPid: number) => Error): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  if (heldHere.has(lockFile)) throw whenLocked(process.pid);
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
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw whenLocked(owner);
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
