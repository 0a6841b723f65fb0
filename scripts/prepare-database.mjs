// Creates and migrates the embedded database (PGlite) the app will open, when it does not exist yet,
// then closes it: `npm start` runs this while the builds run, since on a fresh clone creating the
// database is the longest step of the app's start (docs/performance.md). The app opens it again at its
// start, applying any migration still missing, so a failure here only moves that work back there. An
// existing database, PostgreSQL, and a configuration the app would refuse (it says why, once) are left
// to the app.
import { existsSync } from 'node:fs';
import { ConfigurationError } from '@launchkit/env';
import { loadConfig } from '../apps/api/src/config/app-config.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) return null;
    throw error;
  }
})();
const target = config?.database;
if (target?.kind === 'pglite' && target.dir && !existsSync(target.dir)) {
  const { openDatabase } = await import('../apps/api/src/db/database.ts');
  const database = await openDatabase(target);
  await database.close();
}
