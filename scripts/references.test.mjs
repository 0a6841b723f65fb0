// Every reference in the repository resolves to a file of the repository: a section number (`§4`) to a
// heading of docs/product.md, a decision number to a record in docs/decisions/. Documents that never were
// in the tree (the original design document, an issue tracker's numbers) are not cited at all; their
// content lives in ARCHITECTURE.md and docs/. Each failure names the file and line.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib/workspace.mjs';

const notScanned = [
  /(^|\/)node_modules\//,
  /(^|\/)package-lock\.json$/,
  // This file spells out what it looks for.
  /^scripts\/references\.test\.mjs$/,
];

/** The files of the tree: tracked, and new ones not ignored, so a reference fails before its commit. */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file && !notScanned.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(root, file)))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

/** The section numbers docs/product.md has a heading for (`## §4 …`, `### §2.1 …`). */
function productSections(text) {
  return new Set([...text.matchAll(/^#{1,6} §(\d+(?:\.\d+)*)/gm)].map((match) => match[1]));
}

/** The decision numbers that have a record (`0016-teams-….md`). */
function recordNumbers(names) {
  return new Set(names.map((name) => /^(\d{4})-.+\.md$/.exec(name)?.[1]).filter(Boolean));
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** `file:line: why` for each match of `pattern` that `explain` finds wrong (a reason, else null). */
function findings(file, text, pattern, explain) {
  return [...text.matchAll(pattern)]
    .map((match) => ({ match, why: explain(match) }))
    .filter(({ why }) => why)
    .map(({ match, why }) => `${file}:${lineOf(text, match.index)}: ${why}`);
}

/**
 * Section numbers without a heading in docs/product.md. A section of another document, named with it
 * (`RFC 6749 §2.3.1`), is that document's.
 */
function unknownSections(file, text, sections) {
  return findings(file, text, /(RFC \d+ )?§(\d+(?:\.\d+)*)/g, ([, otherDocument, section]) =>
    !otherDocument && !sections.has(section) ? `§${section} is not a section of docs/product.md` : null,
  );
}

/** The original design document, which the repository does not hold: ARCHITECTURE.md replaces it. */
function designReferences(file, text) {
  return findings(file, text, /\bDESIGN\b(\.md)?/g, ([reference]) => `${reference}: cite ARCHITECTURE.md`);
}

/** Issue numbers of a tracker the repository does not hold: cite the document that describes the work. */
function issueReferences(file, text) {
  return findings(file, text, /\bissues?[\s-]+#?\d+/gi, ([reference]) => `"${reference}": cite a document`);
}

/**
 * Decision numbers without a record: a path (`docs/decisions/0017`), "decision 0008", "decisions 0005/0006",
 * and any number in a record itself ("superseded by 0019"). The index explains the one number that was
 * never used.
 */
function missingDecisions(file, text, records) {
  const numbers = [];
  for (const match of text.matchAll(/decisions\/(\d{4})/g))
    numbers.push({ number: match[1], index: match.index });
  for (const match of text.matchAll(/\b[Dd]ecisions?\s+(\d{4}(?:(?:\s*(?:,|\/|and)\s*)\d{4})*)/g)) {
    for (const number of match[1].matchAll(/\d{4}/g)) numbers.push({ number: number[0], index: match.index });
  }
  if (file.startsWith('docs/decisions/')) {
    for (const match of text.matchAll(/\b0\d{3}\b/g)) numbers.push({ number: match[0], index: match.index });
  }
  const explained = file === 'docs/decisions/README.md' ? ['0009'] : [];
  const missing = numbers.filter(({ number }) => !records.has(number) && !explained.includes(number));
  const seen = new Set();
  return missing
    .map(({ number, index }) => `${file}:${lineOf(text, index)}: decision ${number} has no record`)
    .filter((finding) => !seen.has(finding) && seen.add(finding));
}

describe('every reference resolves', () => {
  const files = repositoryFiles();
  const sections = productSections(readFileSync(path.join(root, 'docs/product.md'), 'utf8'));
  const records = recordNumbers(readdirSync(path.join(root, 'docs/decisions')));

  it('reads the tree and the two indexes it checks against', () => {
    expect(files.length).toBeGreaterThan(500);
    expect([...sections]).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', '6', '7', '8', '9']));
    expect(records.has('0001')).toBe(true);
  });

  it('cites only sections docs/product.md has', () => {
    expect(files.flatMap(({ file, text }) => unknownSections(file, text, sections))).toEqual([]);
  });

  it('cites ARCHITECTURE.md, not the original design document', () => {
    expect(files.flatMap(({ file, text }) => designReferences(file, text))).toEqual([]);
  });

  it('cites documents, not issue numbers', () => {
    expect(files.flatMap(({ file, text }) => issueReferences(file, text))).toEqual([]);
  });

  it('cites only decision records that exist', () => {
    expect(files.flatMap(({ file, text }) => missingDecisions(file, text, records))).toEqual([]);
  });
});

describe('each check fires', () => {
  const sections = productSections('# Product\n\n## §2 Screens\n\n### §2.1 Routes\n\nNot a heading: §7.\n');
  const records = recordNumbers(['0001-first.md', '0003-third.md', 'README.md']);

  it('on a section docs/product.md has no heading for, not on another document’s', () => {
    expect([...sections]).toEqual(['2', '2.1']);
    const text = '// §2 and §2.1 exist.\n// §7 does not; RFC 6749 §2.3.1 is the RFC’s.\n';
    expect(unknownSections('a.ts', text, sections)).toEqual([
      'a.ts:2: §7 is not a section of docs/product.md',
    ]);
  });

  it('on the design document and on issue numbers', () => {
    const text = 'See DESIGN.md.\nFixed in issue 15, not in Issue #5 or issue-4.\nAn issue is fine.';
    expect(designReferences('b.md', text)).toEqual(['b.md:1: DESIGN.md: cite ARCHITECTURE.md']);
    expect(issueReferences('b.md', text)).toEqual([
      'b.md:2: "issue 15": cite a document',
      'b.md:2: "Issue #5": cite a document',
      'b.md:2: "issue-4": cite a document',
    ]);
  });

  it('on decision numbers without a record, however they are named', () => {
    const text = [
      'docs/decisions/0001 and decision 0003 exist.',
      'docs/decisions/0002 does not, nor do decisions 0001/0004.',
      'Migration 0005 and the card 4000 0000 0000 0002 are not decisions.',
    ].join('\n');
    expect(missingDecisions('c.ts', text, records)).toEqual([
      'c.ts:2: decision 0002 has no record',
      'c.ts:2: decision 0004 has no record',
    ]);
    expect(missingDecisions('docs/decisions/0003-third.md', 'Superseded by 0006.', records)).toEqual([
      'docs/decisions/0003-third.md:1: decision 0006 has no record',
    ]);
    const index = 'There is no 0009: the number was skipped.';
    expect(missingDecisions('docs/decisions/README.md', index, records)).toEqual([]);
  });
});
