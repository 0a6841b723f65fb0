import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Measured figures live in the decision records, the docs (docs/capacity.md, "Figures the code cites")
// and the benches' output, where they are dated and can be measured again; a code comment says why and
// points there. A figure in a comment goes stale unseen. Flagged: a throughput (`3,550 req/s`), or a
// time, share or size beside a word of measurement (`0.27 against 0.18 ms of CPU`, `2 % of the CPU in
// bench/auth`, `measured: 40 ms`). Durations the code sets (`every 10 s`, `up to 30 min`) are not
// measurements and pass.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const THROUGHPUT =
  /\d\s?(?:req|requests|ops|jobs|deliveries)\s?\/\s?s\b|\d[\d,.]*\s(?:requests|jobs|deliveries) (?:per|a) second/i;
const QUANTITY = /\d\s?(?:ms|µs|%)(?![\w/])/;
const MEASURING = /\b(?:measured|bench(?:mark)?s?\b|bench[:/]|CPU|p50|p90|p99|median|faster|slower|against)/i;

/** The comment text of a line: after `//` (not a URL's `://`), or a block comment's line. */
function commentOf(line) {
  const trimmed = line.trim();
  if (/^(\/\/|\/\*|\*)/.test(trimmed)) return trimmed;
  const at = line.search(/(?<![:'"`])\/\/ /);
  return at >= 0 ? line.slice(at) : undefined;
}

function figuresIn(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    const comment = commentOf(line);
    if (!comment) return;
    if (THROUGHPUT.test(comment) || (QUANTITY.test(comment) && MEASURING.test(comment))) {
      found.push(`${index + 1}: ${comment.slice(0, 120)}`);
    }
  });
  return found;
}

const sourceFiles = () =>
  execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      'apps',
      'emulators',
      'packages',
      'scripts',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && file !== 'scripts/comment-figures.test.mjs');

describe('code comments', () => {
  it('carry no measured figures (they belong in docs/capacity.md, a decision record or a bench)', () => {
    const found = [];
    for (const file of sourceFiles()) {
      let text;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // deleted in the working tree
      }
      for (const hit of figuresIn(text)) found.push(`${file}:${hit}`);
    }
    expect(found).toEqual([]);
  });

  it('flags figures of measurement and passes durations the code sets', () => {
    expect(figuresIn('// the list went from 2,900 to 3,550 req/s')).toHaveLength(1);
    expect(figuresIn(' * 20: 0.27 against 0.18 ms of CPU a request, bench/api).')).toHaveLength(1);
    expect(figuresIn('  // middleware anew (2 % of the CPU of an authenticated GET)')).toHaveLength(1);
    expect(figuresIn('const x = 1; // measured at 40 ms')).toHaveLength(1);
    expect(figuresIn('    // The counts are refreshed every 10 s.')).toEqual([]);
    expect(figuresIn(' * tried again from 30 s up to an hour apart')).toEqual([]);
    expect(figuresIn("const timeout = 5000; // ms, the provider's own limit")).toEqual([]);
    expect(figuresIn("fetch('http://localhost:3000/api') // 100% sure")).toEqual([]);
    expect(figuresIn("const css = 'width:100%'; // full width")).toEqual([]);
  });
});
