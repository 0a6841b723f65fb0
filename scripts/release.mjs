// `node scripts/release.mjs <outDir>`: the production release, made on this machine with the very steps
// the Dockerfile runs (one RUN per step, same command, same order), so that its CI test
// (`npm run test:release`, scripts/release.spec.mjs) proves what the image would hold:
//
//   stage 1, in the repository:  npm ci --no-audit --no-fund
//                                npm run build                     (web app + hosted pricing app)
//                                node scripts/release.mjs --copy-only <outDir>
//   stage 2, in <outDir>:        npm ci --omit=dev --no-audit --no-fund
//   start, in <outDir>:          NODE_ENV=production + startCommand (below)
//
// `--reuse-install` replaces the first two steps by a build of only what is stale, with the installed
// dependencies: the test's way (CI has just run `npm ci`; a developer's checkout keeps its own). The
// web app bakes the VITE_* variables of the environment in at build time (VITE_SITE_URL: canonical
// links), as the Dockerfile's build arguments do.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './lib/build-if-stale.mjs';
import { nodeRuntimePackages } from './lib/node-runtime.mjs';
import { serverStartCommand } from './lib/server-start.mjs';
import { withSiteOrigin } from './lib/site-origin.mjs';
import { buildAll, root } from './lib/workspace.mjs';

/** The production start command, run from the release's root (the Dockerfile's CMD). */
export const startCommand = serverStartCommand('node');

/** The steps, as the Dockerfile's RUN lines spell them (`<outDir>` is the release directory). */
export const releaseSteps = [
  { stage: 1, cwd: 'repository', command: 'npm ci --no-audit --no-fund' },
  { stage: 1, cwd: 'repository', command: 'npm run build' },
  { stage: 1, cwd: 'repository', command: 'node scripts/release.mjs --copy-only <outDir>' },
  { stage: 2, cwd: '<outDir>', command: 'npm ci --omit=dev --no-audit --no-fund' },
];

// What the running server reads, besides the workspaces its dependencies name: the built pages and
// hosted pricing app it serves, and the migrations it applies at start. Paths keep their place in the
// repository because the server finds them from its own location (repoRoot in
// apps/api/src/config/app-config.ts).
const builtOutputs = [
  { dir: 'apps/web/build/client', mustHold: 'index.html' },
  { dir: 'apps/omniout/dist', mustHold: 'index.html' },
];
const serverWorkspace = 'apps/api';
const serverExtras = ['apps/api/drizzle'];

/** Test files and test helpers stay behind: they import the emulators, which the release has not. */
function isRuntimeFile(source) {
  const name = path.basename(source);
  if (/\.test\.[cm]?[jt]sx?$/.test(name)) return false;
  if (name === '.build-stamp.json' || name === 'node_modules') return false;
  // `src/test/` folders hold test helpers (apps/api/src/test, packages/env/src/test).
  if (name === 'test' && path.basename(path.dirname(source)) === 'src') return false;
  return true;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace folders by package name (`@launchkit/mail` → `packages/mail`), from the root's workspace globs. */
function workspaceFolders() {
  const folders = new Map();
  for (const pattern of readJson(path.join(root, 'package.json')).workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const entry of readdirSync(path.join(root, parent))) {
      const manifest = path.join(root, parent, entry, 'package.json');
      if (existsSync(manifest)) folders.set(readJson(manifest).name, `${parent}/${entry}`);
    }
  }
  return folders;
}

/**
 * The server's workspace and every workspace its runtime dependencies reach (`dependencies` only:
 * the emulators are development dependencies and stay out).
 */
export function runtimeWorkspaces() {
  const folders = workspaceFolders();
  const needed = new Set([serverWorkspace]);
  const queue = [serverWorkspace];
  while (queue.length > 0) {
    const folder = queue.shift();
    const dependencies = readJson(path.join(root, folder, 'package.json')).dependencies ?? {};
    for (const name of Object.keys(dependencies)) {
      const dependency = folders.get(name);
      if (dependency && !needed.has(dependency)) {
        needed.add(dependency);
        queue.push(dependency);
      }
    }
  }
  return [...needed].sort();
}

// Dependency lists in which a development dependency may name a workspace (the API's tests use the
// emulators).
const dependencyFields = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

function withoutNames(manifest, names) {
  for (const field of dependencyFields) {
    for (const name of names) delete manifest[field]?.[name];
  }
  return manifest;
}

const asJson = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Leaves the workspaces the release does not ship, and the pinned Node runtime packages (the image
 * brings its own Node: docs/decisions/0017), out of the lockfile and out of the shipped manifests. npm ci checks every workspace entry of the lockfile against its manifest,
 * even with --omit=dev and even when the folder is absent, and installs what is nested under an absent
 * workspace (`emulators/identity/node_modules/zod`); a name left in a manifest would be looked up in the
 * registry. Every package that stays keeps its locked version and integrity.
 */
function pruneWorkspaces(outDir, kept) {
  const folders = workspaceFolders();
  const leftOut = [...folders].filter(([, folder]) => !kept.includes(folder));
  const leftOutNames = [...leftOut.map(([name]) => name), ...nodeRuntimePackages()];
  const leftOutFolders = leftOut.map(([, folder]) => folder);
  const isLeftOut = (key, entry) =>
    nodeRuntimePackages().some((name) => key === `node_modules/${name}`) ||
    leftOutFolders.some(
      (folder) => key === folder || key.startsWith(`${folder}/`) || (entry.link && entry.resolved === folder),
    );

  const lockfile = readJson(path.join(root, 'package-lock.json'));
  lockfile.packages = Object.fromEntries(
    Object.entries(lockfile.packages)
      .filter(([key, entry]) => !isLeftOut(key, entry))
      .map(([key, entry]) => [
        key,
        key === '' || kept.includes(key) ? withoutNames(entry, leftOutNames) : entry,
      ]),
  );
  writeFileSync(path.join(outDir, 'package-lock.json'), asJson(lockfile));
  for (const folder of ['.', ...kept]) {
    const manifest = path.join(outDir, folder, 'package.json');
    writeFileSync(manifest, asJson(withoutNames(readJson(manifest), leftOutNames)));
  }
  return leftOutFolders;
}

/**
 * Copies what the production server needs into `outDir`: the root manifest and lockfile, each runtime
 * workspace's manifest and sources (tests left out), the migrations and the built outputs; then
 * prunes the workspaces left behind from the lockfile and manifests.
 */
export function copyRuntime(outDir) {
  for (const { dir, mustHold } of builtOutputs) {
    if (!existsSync(path.join(root, dir, mustHold))) {
      throw new Error(`${dir}/${mustHold} is missing: run \`npm run build\` first.`);
    }
  }
  const workspaces = runtimeWorkspaces();
  const entries = ['package.json', ...serverExtras, ...builtOutputs.map(({ dir }) => dir)];
  // .npmrc: how npm reaches the registry; .env.example: the variables, which the server's refusal names.
  for (const file of ['.npmrc', '.env.example']) if (existsSync(path.join(root, file))) entries.push(file);
  for (const workspace of workspaces) {
    entries.push(`${workspace}/package.json`);
    if (existsSync(path.join(root, workspace, 'src'))) entries.push(`${workspace}/src`);
  }
  for (const entry of entries) {
    cpSync(path.join(root, entry), path.join(outDir, entry), { recursive: true, filter: isRuntimeFile });
  }
  const leftOut = pruneWorkspaces(outDir, workspaces);
  return { copied: [...entries, 'package-lock.json'], leftOut };
}

function run(command, args, cwd, env = process.env) {
  console.log(`\n== ${[command, ...args].join(' ')}   (in ${cwd})`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\`${[command, ...args].join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return (performance.now() - started) / 1000;
}

/** Disk usage in KiB, as `du -sk` counts it (extra arguments such as --exclude=node_modules). */
function diskUsageKiB(target, ...options) {
  const result = spawnSync('du', ['-sk', ...options, target], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.split('\t')[0]) : Number.NaN;
}

const mebibytes = (kib) => `${(kib / 1024).toFixed(1)} MiB`;

function usage(message) {
  console.error(
    `${message}\nUsage: node scripts/release.mjs <outDir> [--reuse-install]\n       node scripts/release.mjs --copy-only <outDir>`,
  );
  process.exit(2);
}

function prepareOutDir(outDir) {
  const relative = path.relative(root, outDir);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    usage(
      `${outDir} is inside the repository: choose a directory outside it (npm would see two workspace roots).`,
    );
  }
  if (existsSync(outDir) && (!statSync(outDir).isDirectory() || readdirSync(outDir).length > 0)) {
    usage(`${outDir} exists and is not an empty directory.`);
  }
  mkdirSync(outDir, { recursive: true });
}

async function main(argv) {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
  const [target, ...rest] = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = [...flags].filter((flag) => !['--copy-only', '--reuse-install'].includes(flag));
  if (!target || rest.length > 0 || unknown.length > 0) usage('One release directory, and only known flags.');
  const outDir = path.resolve(target);

  if (flags.has('--copy-only')) {
    prepareOutDir(outDir);
    const { copied, leftOut } = copyRuntime(outDir);
    console.log(`Copied into ${outDir}:\n  ${copied.join('\n  ')}\nLeft out: ${leftOut.join(', ')}`);
    return;
  }

  prepareOutDir(outDir);
  const seconds = {};
  if (flags.has('--reuse-install')) {
    const started = performance.now();
    console.log('\n== build what is stale, with the installed dependencies (--reuse-install)');
    await buildAll(buildIfStale);
    seconds.build = (performance.now() - started) / 1000;
  } else {
    seconds.install = run('npm', ['ci', '--no-audit', '--no-fund'], root);
    seconds.build = run('npm', ['run', 'build'], root, withSiteOrigin());
  }
  seconds.copy = run(process.execPath, [path.join(root, 'scripts/release.mjs'), '--copy-only', outDir], root);
  seconds.runtimeInstall = run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], outDir);

  const total = diskUsageKiB(outDir);
  const shipped = diskUsageKiB(outDir, '--exclude=node_modules');
  console.log(
    [
      '',
      `Release in ${outDir}: ${mebibytes(total)} on disk (installed packages ${mebibytes(total - shipped)}, code, pages and migrations ${mebibytes(shipped)}).`,
      `Steps: ${Object.entries(seconds)
        .map(([step, value]) => `${step} ${value.toFixed(1)} s`)
        .join(', ')}.`,
      `Start it: cd ${outDir} && NODE_ENV=production ${startCommand.map((part) => (part.includes(' ') ? `'${part}'` : part)).join(' ')}`,
      '(with every production variable set: docs/deploy.md).',
    ].join('\n'),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
