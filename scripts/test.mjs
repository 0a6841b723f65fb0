// `npm test`: unit and API tests (Vitest, embedded PGlite; PostgreSQL too where TEST_DATABASE_URL is
// set), then the browser tests (Playwright in Debian's Chromium against the real product), then the
// Embedded Checkout tests against the product started with CHECKOUT_UI=embedded (an operator's choice
// made at start, so a run of its own).
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { root } from './lib/workspace.mjs';

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

requireSupportedNode();
ensureChromium();
const unit = run('npx', ['vitest', 'run']);
const e2e = run('npx', ['playwright', 'test']);
const embedded = run('npx', ['playwright', 'test', 'e2e/embedded-checkout.spec.ts'], {
  ...process.env,
  CHECKOUT_UI: 'embedded',
});
if (unit !== 0 || e2e !== 0 || embedded !== 0) {
  console.error(
    `Tests failed: vitest exit ${unit}, playwright exit ${e2e}, embedded checkout playwright exit ${embedded}.`,
  );
  process.exit(1);
}
