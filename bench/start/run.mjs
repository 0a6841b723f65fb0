// `npm run bench:start`: how long a fresh clone takes from `npm start` to the first page.
//
// Clones the repository's HEAD into a temporary folder and runs `npm install` there (timed apart: it is
// not part of the start), then times `npm start` until http://localhost:PORT/ answers 200, three ways:
// - cold: nothing built (a fresh clone);
// - warm: started again, the build left as the cold start wrote it;
// - one page edited: a route file touched (a new mtime, the same content), then started again.
// Every start gets its own data folder and the same free ports (the port is a setting of the build).
// Phases come from the launcher's own lines (`Building …`, `… built in … s`) and from the first line
// the app server prints. Prints figures; asserts
// nothing. BENCH_START_DIR reuses an installed clone instead of making one (its builds are removed for
// the cold start); BENCH_START_RUNS (1) repeats the three starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/product-server.mjs';
import { root } from '../../scripts/lib/workspace.mjs';

const runs = Number(process.env.BENCH_START_RUNS ?? 1);
const deadlineMs = 180_000;
// What the builds write: removed before a cold start.
const buildOutputs = ['apps/web/build', 'apps/omniout/dist'];
const editedRoute = 'apps/web/app/routes/about.tsx';

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** A clone of HEAD with its dependencies installed, and how long the install took. */
function preparedClone() {
  if (process.env.BENCH_START_DIR) return { dir: process.env.BENCH_START_DIR, installMs: null };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  run('git', ['clone', '-q', root, dir], root);
  const startedAt = performance.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  return { dir, installMs: performance.now() - startedAt, isTemporary: true };
}

/**
 * CPU seconds spent by the process `pid` and its descendants, those still running and those ended
 * (Linux's /proc; undefined elsewhere): the work of a start, which a busy machine stretches less than
 * the wall time.
 */
function cpuSecondsOfTree(pid) {
  if (!existsSync('/proc/self/stat')) return undefined;
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid, …, utime (14), stime, cutime, cstime.
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
      stats.set(Number(name), { parent: Number(fields[1]), ticks });
    } catch {
      // The process ended while the list was read.
    }
  }
  const inTree = (each) => {
    for (let current = each; current; current = stats.get(current)?.parent) if (current === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [each, stat] of stats) if (inTree(each)) ticks += stat.ticks;
  return ticks / 100; // USER_HZ
}

const pageAnswers = (url) =>
  fetch(url)
    .then((response) => response.status === 200)
    .catch(() => false);

/**
 * `npm start` in `dir` until its first page answers 200: the total and when each phase began. The ports
 * are the same for every start: the site's origin, with its port, is a setting of the build.
 */
async function timedStart(dir, ports) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-data-'));
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      PORT: String(ports.app),
      IDENTITY_PORT: String(ports.identity),
      PAYMENTS_PORT: String(ports.payments),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const marks = [];
  const note = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      const at = performance.now() - startedAt;
      const building = /^Building (\S+?)…/.exec(line);
      const built = /^(\S+) built in [\d.]+ s$/.exec(line);
      if (building) marks.push({ phase: `${building[1]} build began`, at });
      else if (built) marks.push({ phase: `${built[1]} built`, at });
      else if (line.startsWith('[app]') && !marks.some((mark) => mark.phase === 'server')) {
        marks.push({ phase: 'server', at });
      }
    }
  };
  child.stdout.on('data', note);
  child.stderr.on('data', note);
  const url = `http://localhost:${ports.app}/`;
  try {
    while (!(await pageAnswers(url))) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - startedAt > deadlineMs) throw new Error(`no page after ${deadlineMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { totalMs: performance.now() - startedAt, cpuSeconds: cpuSecondsOfTree(child.pid), marks };
  } finally {
    // npm, the launcher and the processes it runs are one process group.
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms) => (ms === undefined ? '' : (ms / 1000).toFixed(1));

/** Each phase's start, in seconds after `npm start`, then the total. */
function row({ totalMs, cpuSeconds, marks }) {
  const phases = Object.fromEntries(marks.map((mark) => [`${mark.phase} at s`, seconds(mark.at)]));
  return { ...phases, 'first page s': seconds(totalMs), 'CPU s': cpuSeconds?.toFixed(1) ?? '' };
}

const clone = preparedClone();
const ports = { app: await freePort(), identity: await freePort(), payments: await freePort() };
const table = {};
try {
  for (let index = 1; index <= runs; index += 1) {
    for (const output of buildOutputs) rmSync(path.join(clone.dir, output), { recursive: true, force: true });
    table[`cold #${index}`] = row(await timedStart(clone.dir, ports));
    table[`warm #${index}`] = row(await timedStart(clone.dir, ports));
    const now = new Date();
    utimesSync(path.join(clone.dir, editedRoute), now, now);
    table[`one page touched #${index}`] = row(await timedStart(clone.dir, ports));
  }
} finally {
  if (clone.isTemporary) rmSync(clone.dir, { recursive: true, force: true });
}

if (clone.installMs !== null) console.log(`\nnpm install (not counted): ${seconds(clone.installMs)} s`);
console.log(`\nnpm start -> first 200 of / on a fresh clone of HEAD (${os.cpus().length} cores):`);
console.table(table);
console.log(
  `Target: a fresh clone shows its first page within 8 s of \`npm start\`. Load average at the end: ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')} (a busy machine stretches every figure but the CPU seconds).`,
);
