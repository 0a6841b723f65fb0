// `npm start`: builds what is stale while the product starts (the API server applies migrations at start).
// Embedded mode (no NODE_ENV=production) runs the provider emulators beside it for whatever provider is
// not configured; production mode runs the app alone and it refuses to start without real providers.
import { buildIfStale } from './lib/build-if-stale.mjs';
import { loadDotEnv } from './lib/dot-env.mjs';
import { identityEmulator, isProductionMode, paymentsEmulator } from './lib/emulators.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { runTogether } from './lib/processes.mjs';
import { serverStartCommand } from './lib/server-start.mjs';
import { appPortOf } from './lib/site-origin.mjs';
import { buildAll, root } from './lib/workspace.mjs';

requireSupportedNode();
loadDotEnv(root);
const appPort = appPortOf();
// Everything starts at once (bench/start, decision 0057): the emulators; the app, which loads its modules,
// creates or migrates the database and then waits for the launcher's word that the builds are done
// (apps/api/src/operations/launcher-build.ts) before it reads them; and the builds. On a two-core machine
// the app's own start would otherwise come after the builds.
const processes = runTogether([
  ...identityEmulator({ root, appPort }),
  ...paymentsEmulator({ root, appPort }),
]);
const [command, ...args] = serverStartCommand(process.execPath);
const app = processes.add({
  name: 'app',
  command,
  args,
  cwd: root,
  env: { LAUNCHER_BUILD: 'pending' },
  withChannel: true,
});
const builds = buildAll(buildIfStale);
// The app asks once it is ready to read the builds; it is told when they are done.
app.on('message', (message) => {
  if (message !== 'build?') return;
  void builds.then(() => {
    if (app.connected) app.send('built', () => app.disconnect());
  });
});
await builds;

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
