// `npm test`: unit and API tests (Vitest, embedded PGlite; PostgreSQL too where TEST_DATABASE_URL is
// set), then the browser tests (Playwright in Debian's Chromium against the real product).
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { root } from './lib/workspace.mjs';

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

requireSupportedNode();
ensureChromium();
const unit = run('npx', ['vitest', 'run']);
const e2e = run('npx', ['playwright', 'test']);
if (unit !== 0 || e2e !== 0) {
  console.error(`Tests failed: vitest exit ${unit}, playwright exit ${e2e}.`);
  process.exit(1);
}
