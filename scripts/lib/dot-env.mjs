import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * `.env` at the repository root, when present, fills in what the environment leaves unset (a variable
 * already set always wins). The launchers load it, so the emulators they start see it as the app does.
 */
export function loadDotEnv(root) {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
