import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision records and their index stay in step: every record is listed, under its own title, and
// every record that chose between options names them (or says there was no alternative).

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const recordNames = readdirSync(folder)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

/** `# 0001 — Title` → { number, title } */
function headingOf(name) {
  const first = readFileSync(path.join(folder, name), 'utf8').split('\n')[0];
  const match = /^# (\d{4}) — (.+)$/.exec(first);
  return match && { number: match[1], title: match[2].trim() };
}

/** The index's rows: `| [0001](0001-….md) | title | status |` → { number, file, title } */
function indexRows() {
  const rows = [];
  for (const line of index.split('\n')) {
    const match = /^\| \[(\d{4})\]\(([^)]+)\) \| (.+) \| (.+) \|$/.exec(line);
    if (match) rows.push({ number: match[1], file: match[2], title: match[3].trim() });
  }
  return rows;
}

/** The body of the record's options section: `## Options considered` (or `## Alternatives`), up to the next heading. */
function optionsSection(text) {
  const match = /^## (?:Options considered|Alternatives)[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text);
  return match ? match[1].trim() : undefined;
}

describe('decision records', () => {
  it('finds the records', () => {
    expect(recordNames.length).toBeGreaterThan(30);
  });

  it.each(recordNames)('%s starts with "# NNNN — title", its number in its file name', (name) => {
    const heading = headingOf(name);
    expect(heading, 'first line must be "# NNNN — Title"').toBeTruthy();
    expect(heading.number).toBe(name.slice(0, 4));
  });

  it.each(recordNames)('%s is in the index under the title of its heading', (name) => {
    const heading = headingOf(name);
    const row = indexRows().find((each) => each.file === name);
    expect(row, `docs/decisions/README.md has no row linking ${name}`).toBeTruthy();
    expect(row.number).toBe(heading.number);
    expect(row.title).toBe(heading.title);
  });

  it('the index links no record that does not exist, and each number once', () => {
    const rows = indexRows();
    expect(rows.map((row) => row.file).filter((file) => !recordNames.includes(file))).toEqual([]);
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  });

  it.each(recordNames)('%s names the options it weighed, or says there were none', (name) => {
    const text = readFileSync(path.join(folder, name), 'utf8');
    const section = optionsSection(text);
    expect(section, `${name} needs a "## Options considered" section`).toBeTruthy();
    // A list of options, or one sentence saying there was no alternative to weigh.
    expect(/^- /m.test(section) || /\bno (?:other )?(?:alternative|option|choice)/i.test(section)).toBe(true);
  });
});

describe('optionsSection', () => {
  it('reads the section up to the next heading, or to the end', () => {
    expect(optionsSection('# 1\n## Options considered\n- a\n- b\n## Consequences\n- c\n')).toBe('- a\n- b');
    expect(optionsSection('# 1\n## Alternatives\nNo alternative: the spec says so.\n')).toBe(
      'No alternative: the spec says so.',
    );
    expect(optionsSection('# 1\n## Decision\n- a\n')).toBeUndefined();
  });
});
