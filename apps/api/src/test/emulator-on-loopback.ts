import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh data directory for the emulator named `name` (IDENTITY or PAYMENTS, its variables' prefix), and
 * the variables that give it that directory, a free port on loopback and no logs, so that suites running
 * side by side never share a port or a file.
 */
export async function emulatorOnLoopback(name: 'IDENTITY' | 'PAYMENTS') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name.toLowerCase()}-test-`));
  const variables: Record<string, string> = {
    [`${name}_PORT`]: '0',
    [`${name}_HOST`]: '127.0.0.1',
    DATA_DIR: dataDir,
    [`${name}_DATA_DIR`]: dataDir,
    LOG_LEVEL: 'silent',
  };
  return { dataDir, variables };
}
