// What the adaptation scripts share (docs/customising.md): the files of a tree, a scratch copy of it, and
// the formatter pass that follows an edit.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The files git would commit in `root`: tracked and new (not ignored), without the deleted ones. */
export function filesOf(root) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => {
    const stat = lstatSync(path.join(root, file), { throwIfNoEntry: false });
    return stat?.isFile();
  });
}

/**
 * A copy of `root`'s files (working changes included) in a new folder under the system's temporary
 * folder, made a git repository of its own (Biome reads .gitignore through git). Its node_modules is a
 * folder of links to `root`'s installed packages, except the workspace links (`@launchkit/*`), which
 * point at the copy's own workspaces, so the copy runs its own code with the packages already installed.
 */
export function scratchCopy(root = repositoryRoot, label = 'adapt') {
  const copy = mkdtempSync(path.join(os.tmpdir(), `launchkit-${label}-`));
  for (const file of filesOf(root)) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
  linkPackages(root, copy);
  execFileSync('git', ['init', '-q'], { cwd: copy });
  execFileSync('git', ['add', '-A'], { cwd: copy });
  return copy;
}

function linkPackages(root, copy) {
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(copy, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry === '@launchkit' || entry === '.cache' || entry === '.vite' || entry === '.package-lock.json')
      continue;
    symlinkSync(path.join(modules, entry), path.join(copy, 'node_modules', entry));
  }
  const workspaces = path.join(modules, '@launchkit');
  mkdirSync(path.join(copy, 'node_modules', '@launchkit'));
  for (const name of readdirSync(workspaces)) {
    // npm's links are relative to node_modules/@launchkit: the same link points into the copy.
    symlinkSync(
      readlinkSync(path.join(workspaces, name)),
      path.join(copy, 'node_modules', '@launchkit', name),
    );
  }
  // A workspace's own node_modules (a dependency npm could not hoist).
  for (const group of ['apps', 'packages', 'emulators', 'tools']) {
    if (!existsSync(path.join(root, group))) continue;
    for (const name of readdirSync(path.join(root, group))) {
      const own = path.join(root, group, name, 'node_modules');
      if (existsSync(own) && existsSync(path.join(copy, group, name))) {
        symlinkSync(own, path.join(copy, group, name, 'node_modules'));
      }
    }
  }
}

/** Runs a command in `cwd` with the project's Node first on PATH; output passes through. */
export function run(cwd, command, args, options = {}) {
  const bin = path.join(cwd, 'node_modules', '.bin');
  execFileSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, ...options.env },
  });
}

/** Biome's safe fixes (formatting, import order) over the tree, as `npm run format` does. */
export function format(root) {
  try {
    run(root, path.join(root, 'node_modules', '.bin', 'biome'), [
      'check',
      '--write',
      '--reporter=summary',
      '.',
    ]);
  } catch {
    // What Biome cannot fix, `npm run lint` reports afterwards.
  }
}

/** Whether a file is text worth reading (no NUL byte in its first 8 KiB). */
export function isText(buffer) {
  return !buffer.subarray(0, 8192).includes(0);
}
