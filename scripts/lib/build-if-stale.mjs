import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== 'node_modules') visit(path.join(entry, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(entry);
  return newest;
}

/**
 * The workspace's `build` script, run as `npm run build` runs it (through sh, in the workspace, with the
 * packages' binaries on PATH) but without starting npm: npm's own start took most of a second of the
 * first page's critical path on two cores (decision 0057).
 */
function buildScriptOf(root, workspace) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  if (!scripts?.build) throw new Error(`${workspace}/package.json has no build script`);
  return scripts.build;
}

const binPath = (root, workspace, inherited = '') =>
  [path.join(root, workspace, 'node_modules', '.bin'), path.join(root, 'node_modules', '.bin'), inherited]
    .filter(Boolean)
    .join(path.delimiter);

/**
 * The settings baked into the built pages: VITE_* and the trial the copy states (apps/web/vite.config.ts
 * `envPrefix`, apps/omniout/build.ts).
 */
const isBakedSetting = (key) => key.startsWith('VITE_') || key.startsWith('STRIPE_TRIAL_');

/**
 * Builds a workspace when its output is missing, older than its sources, or was built with other
 * settings baked into the bundle. The build runs with `env`; its promise settles when it has ended (a
 * failed build ends the process), so two builds can run side by side.
 */
export async function buildIfStale({ root, workspace, sources, output, env = process.env }) {
  const stampFile = path.join(root, output, '.build-stamp.json');
  const viteEnv = Object.entries(env)
    .filter(([key]) => isBakedSetting(key))
    .sort(([a], [b]) => a.localeCompare(b));
  const expected = {
    sourcesMtime: newestMtime(sources.map((source) => path.join(root, source))),
    env: createHash('sha256').update(JSON.stringify(viteEnv)).digest('hex'),
  };
  const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : null;
  if (stamp && stamp.sourcesMtime >= expected.sourcesMtime && stamp.env === expected.env) return;

  console.log(`Building ${workspace}…`);
  const startedAt = performance.now();
  const status = await new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', buildScriptOf(root, workspace)], {
      cwd: path.join(root, workspace),
      stdio: 'inherit',
      env: { ...env, PATH: binPath(root, workspace, env.PATH) },
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  if (status !== 0) {
    console.error(`The build of ${workspace} failed; see the output above.`);
    process.exit(status);
  }
  writeFileSync(stampFile, JSON.stringify(expected));
  // bench/start reads this line: how long each build took of the time to the first page.
  console.log(`${workspace} built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}
