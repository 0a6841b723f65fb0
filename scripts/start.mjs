// `npm start`: builds what is stale, then runs the product (the API server applies migrations at start).
// Embedded mode (no NODE_ENV=production) runs the provider emulators beside it for whatever provider is
// not configured; production mode runs the app alone and it refuses to start without real providers.
import { buildIfStale } from './lib/build-if-stale.mjs';
import { loadDotEnv } from './lib/dot-env.mjs';
import { identityEmulator, isProductionMode, paymentsEmulator } from './lib/emulators.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { prepareDatabase, runTogether } from './lib/processes.mjs';
import { serverStartCommand } from './lib/server-start.mjs';
import { appPortOf } from './lib/site-origin.mjs';
import { buildAll, root } from './lib/workspace.mjs';

requireSupportedNode();
loadDotEnv(root);
const appPort = appPortOf();
// The emulators start, and the embedded database is created, while the builds run: the app asks the
// payment emulator for the plans' prices as it starts, and on a two-core machine their start-up and the
// database's creation would otherwise come after the builds (bench/start, decision 0044).
const processes = runTogether([
  ...identityEmulator({ root, appPort }),
  ...paymentsEmulator({ root, appPort }),
]);
await Promise.all([buildAll(buildIfStale), isProductionMode() ? null : prepareDatabase()]);

if (!isProductionMode()) {
  console.log(
    [
      '',
      '  Embedded mode, for development only: identity and payment emulators, embedded database, dev outbox.',
      `  Open http://localhost:${appPort}   ·   mail: http://localhost:${appPort}/dev/outbox`,
      '  To deploy, set NODE_ENV=production and the real providers (README, docs/security.md).',
      '',
    ].join('\n'),
  );
}

const [command, ...args] = serverStartCommand(process.execPath);
processes.add({ name: 'app', command, args, cwd: root, env: {} });
