// `npm run dev`: the Vite dev server (hot reload) at PORT (3000) in front of the API server, which
// restarts on change; Vite forwards /api, /omniout and /dev to it.
import { buildIfStale } from './lib/build-if-stale.mjs';
import { loadDotEnv } from './lib/dot-env.mjs';
import { identityEmulator, paymentsEmulator } from './lib/emulators.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { runTogether } from './lib/processes.mjs';
import { serverEntryArguments } from './lib/server-start.mjs';
import { appPortOf, siteOriginOf } from './lib/site-origin.mjs';
import { omnioutSources, root } from './lib/workspace.mjs';

requireSupportedNode();
loadDotEnv(root);
const port = appPortOf();
const siteOrigin = siteOriginOf();
const apiPort = process.env.DEV_API_PORT ?? '3100';
await buildIfStale({ root, workspace: 'apps/omniout', sources: omnioutSources, output: 'apps/omniout/dist' });

runTogether([
  ...identityEmulator({ root, appPort: port }),
  ...paymentsEmulator({ root, appPort: port }),
  {
    name: 'api',
    command: process.execPath,
    args: ['--watch', ...serverEntryArguments],
    cwd: root,
    // The browser is on the Vite server's origin: return addresses must lead back there.
    env: {
      NODE_ENV: 'development',
      PORT: apiPort,
      HOST: '127.0.0.1',
      VITE_SITE_URL: siteOrigin,
    },
  },
  {
    name: 'web',
    command: 'npx',
    args: ['react-router', 'dev'],
    cwd: `${root}/apps/web`,
    env: { PORT: port, DEV_API_ORIGIN: `http://127.0.0.1:${apiPort}`, VITE_SITE_URL: siteOrigin },
  },
]);
