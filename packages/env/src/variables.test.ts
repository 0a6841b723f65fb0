import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultValue, type ProductionGroup, type Reader, type Variable, variables } from './variables.ts';

// The table of variables (variables.ts) is the source; everything else that names variables is checked
// against it here: the code that reads them, the two example files, the README's tables and
// docs/deploy.md. A document is fixed by hand when this fails (nothing is generated).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const table: Record<string, Variable> = variables;
const names = Object.keys(table);
const sorted = (list: Iterable<string>) => [...list].sort();
const namesWhere = (test: (variable: Variable) => boolean) =>
  sorted(names.filter((name) => test(table[name] as Variable)));
const inGroup = (...groups: ProductionGroup[]) =>
  namesWhere((variable) => variable.production !== undefined && groups.includes(variable.production));

// Code: every source file of the workspaces, scripts, tests and benchmarks, without the test files
// themselves (their fixtures are variables of their own) and without this table.
const codeFolders = ['apps', 'packages', 'emulators', 'scripts', 'cluster', 'bench', 'e2e', 'tools'];
const skippedFolders = new Set(['node_modules', 'build', 'dist', '.react-router', 'data']);
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs|js|cjs)$/.test(entry.name) && !/\.test\.(ts|mjs)$/.test(entry.name) ? [file] : [];
  });
}
const codeFiles = [
  ...codeFolders.flatMap(sourceFiles),
  ...readdirSync(root).filter((file) => /\.config\.ts$/.test(file)),
].filter((file) => file !== 'packages/env/src/variables.ts');
const code = codeFiles.map((file) => ({ file, text: read(file) }));

/** `process.env.X`, `process.env['X']`, and `env.X` / `environment.X` of a parsed or passed environment. */
const readsOf = (text: string) => [
  ...[...text.matchAll(/\benv(?:ironment)?(?:\?\.|\.)([A-Z][A-Z0-9_]*)\b/g)].map(
    (match) => match[1] as string,
  ),
  ...[...text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)].map((match) => match[1] as string),
];
/** The machine's own variables and Vite's built-in ones: read, but not the project's to describe. */
const notOurs = new Set(['PATH', 'HOME', 'TMPDIR', 'TZ', 'DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']);

/** `NAME=value` lines of an env file, commented out (`# NAME=…`) or not, under the heading before them. */
function assignments(file: string, headingPattern?: RegExp) {
  let heading = '';
  return read(file)
    .split('\n')
    .flatMap((line) => {
      const headingMatch = headingPattern?.exec(line);
      if (headingMatch) heading = headingMatch[1] as string;
      const match = /^(#\s?)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!match) return [];
      const raw = (match[3] as string).replace(/\s+#.*$/, '').trim();
      const value = /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
      return [{ name: match[2] as string, value, commented: Boolean(match[1]), heading }];
    });
}

/** The backticked names in the first cell of each row of the Markdown tables in `text`. */
function tableNames(text: string): string[] {
  return (
    text
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)])
      .map((match) => match[1] as string)
      // `RATE_LIMIT_*` stands for every variable it starts.
      .flatMap((name) =>
        name.endsWith('*') ? names.filter((each) => each.startsWith(name.slice(0, -1))) : [name],
      )
  );
}

/** The text of a document from a heading to the next heading of the same level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const level = heading.split(' ')[0] as string;
  const end = text.indexOf(`\n${level} `, start + heading.length + 2);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Which group a section heading of docs/deploy.md or deploy/app.env.example lists, by its first word. */
const groupOfHeading = (heading: string): ProductionGroup | undefined =>
  (
    ({
      Required: 'required',
      Several: 'instances',
      Optional: 'optional',
      Build: 'build',
      'compose.yaml': 'compose',
    }) as Record<string, ProductionGroup>
  )[heading.trim().split(/\s/)[0] ?? ''];

describe('the table of variables', () => {
  it('describes every variable the code reads', () => {
    const readNames = new Set(code.flatMap(({ text }) => readsOf(text)).filter((name) => !notOurs.has(name)));
    expect(sorted(readNames).filter((name) => !(name in table))).toEqual([]);
  });

  it('describes only variables something uses (named in code, compose.yaml or the Dockerfile)', () => {
    const everything = [...code.map(({ text }) => text), read('compose.yaml'), read('Dockerfile')].join('\n');
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(everything))).toEqual([]);
  });

  it('has a description and a reader for each; a secret has no default of production', () => {
    for (const name of names) {
      const variable = table[name] as Variable;
      expect(variable.description, name).not.toBe('');
      expect(variable.readBy.length, name).toBeGreaterThan(0);
      if (variable.secret) expect(defaultValue(variable, 'production'), name).toBeUndefined();
      if (variable.production === 'required')
        expect(defaultValue(variable, 'production'), name).toBeUndefined();
    }
  });

  it('gives the defaults the launchers and the web app fall back on (`env.X ?? value`, `env.X || value`)', () => {
    // The browser tests' server keeps its own data directory.
    const ownDefaults = new Set(['scripts/e2e-server.mjs DATA_DIR']);
    for (const { file, text } of code) {
      const fallbacks = text.matchAll(
        /\benv(?:\?\.|\.)([A-Z][A-Z0-9_]*)(?:\?\.trim\(\))?\s*(?:\?\?|\|\|)\s*(?:'([^']*)'|(\d+))/g,
      );
      for (const [, name = '', quoted, number] of fallbacks) {
        const variable = table[name];
        const fallback = variable && defaultValue(variable, 'embedded');
        if (fallback === undefined || ownDefaults.has(`${file} ${name}`)) continue;
        expect(quoted ?? number, `${file}: ${name}`).toBe(String(fallback));
      }
    }
  });
});

describe('.env.example', () => {
  const lines = assignments('.env.example');
  const readers: Reader[] = ['app', 'web', 'identity', 'payments'];

  it('lists every variable of the app, the web build and the emulators, each once', () => {
    expect(lines.map((line) => line.name)).toEqual([...new Set(lines.map((line) => line.name))]);
    expect(sorted(lines.map((line) => line.name))).toEqual(
      namesWhere((variable) => variable.readBy.some((reader) => readers.includes(reader))),
    );
  });

  it('sets a variable only to its (embedded) default, and never a secret', () => {
    for (const { name, value, commented } of lines) {
      if (commented || value === '') continue;
      const variable = table[name] as Variable;
      expect(variable.secret, name).toBeUndefined();
      expect(value, name).toBe(String(defaultValue(variable, 'embedded')));
    }
  });
});

// The order both the example file and the deploy guide present the production groups in.
const productionGroupsInOrder: ProductionGroup[] = ['required', 'instances', 'optional', 'build', 'compose'];

describe('deploy/app.env.example', () => {
  const lines = assignments('deploy/app.env.example', /^# -+ (.+?) -+$/);

  it('lists every production variable under its group, each once', () => {
    expect(lines.every((line) => !line.commented)).toBe(true);
    expect(lines.map((line) => line.name)).toEqual([...new Set(lines.map((line) => line.name))]);
    for (const group of productionGroupsInOrder) {
      const listed = lines.filter((line) => groupOfHeading(line.heading) === group).map((line) => line.name);
      expect(sorted(listed), group).toEqual(inGroup(group));
    }
  });

  it('shows production defaults, and placeholders (<…>) or nothing for secrets', () => {
    for (const { name, value } of lines) {
      if (value === '' || value.includes('<')) continue;
      const variable = table[name] as Variable;
      expect(variable.secret, name).toBeUndefined();
      expect(value, name).toBe(String(defaultValue(variable, 'production')));
    }
  });
});

describe('docs/deploy.md', () => {
  const variablesSection = section(read('docs/deploy.md'), '## Variables');

  it('explains every production variable under its group', () => {
    const headings = [...variablesSection.matchAll(/^### (.+)$/gm)].map((match) => match[1] as string);
    expect(headings.map(groupOfHeading)).toEqual(productionGroupsInOrder);
    for (const heading of headings) {
      const group = groupOfHeading(heading) as ProductionGroup;
      expect(sorted(tableNames(section(variablesSection, `### ${heading}`))), group).toEqual(inGroup(group));
    }
  });
});

describe("the README's tables", () => {
  const configuration = section(read('README.md'), '## Configuration for production');
  const [required = '', optional = ''] = configuration.split(/^Optional:$/m);

  it('name exactly the variables production requires', () => {
    expect(sorted(tableNames(required))).toEqual(inGroup('required'));
  });

  it("then the server's optional ones: several instances, optional and build time", () => {
    expect(sorted(tableNames(optional))).toEqual(inGroup('instances', 'optional', 'build'));
  });
});
