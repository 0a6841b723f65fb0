// `npm test`: unit and API tests (Vitest, embedded PGlite; PostgreSQL too where TEST_DATABASE_URL is
// set), then the browser tests (Playwright in Debian's Chromium against the real product), then the
// tests of what an operator turns on at start — Embedded Checkout (CHECKOUT_UI=embedded) and usage on
// the provider's meters (USAGE_REPORTING=true) — against the product started so, in a run of their own.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { requireSupportedNode } from './lib/node-runtime.mjs';
import { vitestFailures } from './lib/vitest-failures.mjs';
import { root } from './lib/workspace.mjs';

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

requireSupportedNode();
ensureChromium();
const unitReport = path.join(root, '.scratch', 'vitest-report.json');
rmSync(unitReport, { force: true });
const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
const e2e = run('npx', ['playwright', 'test']);
const optIn = run('npx', ['playwright', 'test', 'e2e/embedded-checkout.spec.ts', 'e2e/usage-panel.spec.ts'], {
  ...process.env,
  CHECKOUT_UI: 'embedded',
  USAGE_REPORTING: 'true',
});
if (unit !== 0 || e2e !== 0 || optIn !== 0) {
  console.error(
    `Tests failed: vitest exit ${unit}, playwright exit ${e2e}, opt-in features' playwright exit ${optIn}.`,
  );
  if (unit !== 0) console.error(['Vitest:', ...vitestFailures(unitReport, root)].join('\n  '));
  process.exit(1);
}
