// `npm run deps`: the direct dependencies (root and every workspace) that are behind, from
// `npm outdated` against the registry. A dependency a major behind must be named in a decision record
// (docs/decisions/) that says why it stays and what would lift it; the command prints that record
// beside it, and exits 1 when one is behind a major with no record. Minor and patch updates are listed
// too: Renovate merges those on its own when CI passes (renovate.json).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/workspace.mjs';

const major = (version) => Number(String(version ?? '').split('.')[0]);

/** Decision records by file name, as text. The folder's README is an index, not a record. */
export function readDecisions(folder = path.join(root, 'docs/decisions')) {
  return readdirSync(folder)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .map((name) => ({ name, text: readFileSync(path.join(folder, name), 'utf8') }));
}

/**
 * One row per outdated dependency and dependent, from `npm outdated --json` (whose value is one entry,
 * or a list of them when several workspaces depend on the package). A record names a package in
 * backticks, `name` or `name@…`.
 */
export function classifyOutdated(outdated, decisions) {
  const rows = [];
  for (const [name, value] of Object.entries(outdated)) {
    for (const entry of Array.isArray(value) ? value : [value]) {
      const installed = entry.current ?? entry.wanted;
      const isMajorBehind = major(entry.latest) > major(installed);
      const heldBy = decisions
        .filter(({ text }) => text.includes(`\`${name}\``) || text.includes(`\`${name}@`))
        .map((decision) => decision.name);
      rows.push({ name, dependent: entry.dependent, installed, latest: entry.latest, isMajorBehind, heldBy });
    }
  }
  return rows.sort(
    (a, b) => Number(b.isMajorBehind) - Number(a.isMajorBehind) || a.name.localeCompare(b.name),
  );
}

function npmOutdated() {
  const result = spawnSync('npm', ['outdated', '--json', '--workspaces', '--include-workspace-root'], {
    cwd: root,
    encoding: 'utf8',
  });
  // npm outdated exits 1 when something is outdated; only unreadable output is a failure.
  try {
    return JSON.parse(result.stdout || '{}');
  } catch {
    console.error(`npm outdated gave no readable answer:\n${result.stderr}`);
    process.exit(2);
  }
}

function main() {
  const rows = classifyOutdated(npmOutdated(), readDecisions());
  if (rows.length === 0) {
    console.log('Every direct dependency is at its latest version.');
    return;
  }
  const width = Math.max(...rows.map((row) => `${row.name} (${row.dependent})`.length));
  for (const row of rows) {
    const label = `${row.name} (${row.dependent})`.padEnd(width);
    const kind = row.isMajorBehind ? 'major' : 'minor';
    const reason =
      row.heldBy.length > 0
        ? `held by docs/decisions/${row.heldBy.join(', ')}`
        : row.isMajorBehind
          ? 'NO DECISION RECORD: update it, or record why it stays'
          : 'Renovate merges it when CI passes';
    console.log(`${label}  ${row.installed} → ${row.latest}  ${kind}  ${reason}`);
  }
  const unrecorded = rows.filter((row) => row.isMajorBehind && row.heldBy.length === 0);
  if (unrecorded.length > 0) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
