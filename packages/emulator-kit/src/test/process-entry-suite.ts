import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectServesUntilSigterm, outcomeOf, spawnServer } from './start-checks.ts';

const processTimeout = 60_000;

/**
 * The tests of an emulator's process entry (`serverFile`), as a separate process: in a data directory
 * under `tempDir()` it logs `readyMessage`, serves its home page (`heading`) and shuts down on SIGTERM
 * giving back its lock; in production mode it stops at once, logging `productionRefusal`, before it makes
 * its data directory. `dataIn(dataDir)`: the variables that put its data there on a free port; `serving`:
 * the rest of what it serves with. `more` adds the emulator's own tests of its entry.
 */
export function describeProcessEntry(
  entry: {
    serverFile: string;
    tempDir: () => string;
    dataIn: (dataDir: string) => Record<string, string>;
    serving: Record<string, string>;
    lockFile: (dataDir: string) => string;
    readyMessage: string;
    heading: string;
    productionRefusal: string;
  },
  more: () => void = () => {},
) {
  describe(`the process entry (${path.basename(entry.serverFile)})`, () => {
    it(
      'logs its URL, serves, and shuts down on SIGTERM releasing the lock',
      async () => {
        const dataDir = path.join(entry.tempDir(), 'process');
        const server = spawnServer(entry.serverFile, { ...entry.dataIn(dataDir), ...entry.serving });
        await expectServesUntilSigterm(server, {
          readyMessage: entry.readyMessage,
          heading: entry.heading,
          lockFile: entry.lockFile(dataDir),
        });
      },
      processTimeout,
    );

    it(
      'refuses to start in production mode, saying what to set instead',
      async () => {
        const dataDir = path.join(entry.tempDir(), 'production');
        const server = spawnServer(entry.serverFile, { NODE_ENV: 'production', ...entry.dataIn(dataDir) });
        const { code, output, errors } = await outcomeOf(server);
        expect(code).toBe(1);
        expect(output).not.toContain(' emulator ready');
        expect(JSON.parse(errors.trim()).msg).toBe(entry.productionRefusal);
        // It stopped before touching its data directory.
        expect(existsSync(dataDir)).toBe(false);
      },
      processTimeout,
    );

    more();
  });
}
