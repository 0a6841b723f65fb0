// `npm start`: builds what is stale, then runs the product (the API server applies migrations at start)
// beside the provider emulators.
import { buildIfStale } from './lib/build-if-stale.mjs';
import { identityEmulator, paymentsEmulator } from './lib/emulators.mjs';
import { runTogether } from './lib/processes.mjs';
import { buildAll, root } from './lib/workspace.mjs';

buildAll(buildIfStale);

const appPort = process.env.PORT ?? '3000';

runTogether([
  ...identityEmulator({ root, appPort }),
  ...paymentsEmulator({ root, appPort }),
  {
    name: 'app',
    command: process.execPath,
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
    cwd: root,
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
]);
