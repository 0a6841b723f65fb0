import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The data directory of a test's emulator: `existing`, to test restarts, or a fresh temporary one. */
export async function testDataDirectory(prefix: string, existing?: string): Promise<string> {
  return existing ?? (await mkdtemp(path.join(os.tmpdir(), prefix)));
}

/** `close` stops a test's emulator and keeps its data for a restart; `destroy` removes the data too. */
export function closeOrDestroy(close: () => Promise<void>, dataDir: string) {
  return {
    close,
    async destroy() {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
