import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const resolve = createRequire(import.meta.url).resolve;

// The plan rules a browser module may import, as `@launchkit/plans/<file>` (the package's import-free files:
// dates, plan-status, seats). Each is compiled beside the importing module as `plans-<file>.js`.
const plansPrefix = 'plans-';
const plansDir = path.dirname(resolve('@launchkit/plans'));

// TypeScript 7 is a native compiler without the JavaScript API (`transpileModule`) this build used:
// its `tsc` compiles the file instead, one file at a time and without type checking (`npm run
// typecheck` does that), which is what transpileModule did.
const tsc = path.join(path.dirname(resolve('typescript/package.json')), 'bin', 'tsc');
const tscOptions = [
  '--noCheck',
  '--noResolve',
  '--isolatedModules',
  '--verbatimModuleSyntax',
  '--rewriteRelativeImportExtensions',
  '--target',
  'es2022',
  '--module',
  'esnext',
  '--newLine',
  'lf',
  '--pretty',
  'false',
];

/** The JavaScript `tsc` writes for one TypeScript module; its syntax errors are thrown. */
function transpile(source: string, fileName: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'omniout-'));
  try {
    const name = path.basename(fileName).replace(/\.ts$/, '');
    writeFileSync(path.join(dir, `${name}.ts`), source);
    const result = spawnSync(process.execPath, [tsc, ...tscOptions, '--outDir', 'out', `${name}.ts`], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      const message = `${result.stdout}${result.stderr}`.trim() || result.error?.message;
      throw new Error(`${fileName}: ${message}`);
    }
    return readFileSync(path.join(dir, 'out', `${name}.js`), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A browser module from a TypeScript file: types removed, nothing bundled. Relative imports of
 * `./x.ts` become `./x.js`, and `@launchkit/plans/x` becomes `./plans-x.js`, so each imported file must be
 * compiled too and served beside it.
 */
export function transpileBrowserModule(source: string, fileName: string): string {
  const code = transpile(source, fileName).replace(
    /(\bfrom\s+)(['"])@launchkit\/plans\/([\w-]+)\2/g,
    (_, from: string, quote: string, file: string) => `${from}${quote}./${plansPrefix}${file}.js${quote}`,
  );
  const bare = [...code.matchAll(/^\s*import\s[^'"]*['"]([^./][^'"]*)['"]/gm)].map((match) => match[1]);
  if (bare.length > 0)
    throw new Error(`${fileName} imports ${bare.join(', ')}, which a browser cannot resolve`);
  return code;
}

/** Where the source of a compiled module is: `dir` itself, or @launchkit/plans for `plans-<file>`. */
const sourceOf = (dir: string, file: string) =>
  file.startsWith(plansPrefix) ? path.join(plansDir, file.slice(plansPrefix.length)) : path.join(dir, file);

/** Compiles `entry` (a file in `dir`) and the modules it imports, as `{file: code}` by .js name. */
export async function compileBrowserScripts(dir: string, entry: string): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    const jsName = file.replace(/\.ts$/, '.js');
    if (outputs.has(jsName)) continue;
    const code = transpileBrowserModule(await readFile(sourceOf(dir, file), 'utf8'), file);
    outputs.set(jsName, code);
    for (const match of code.matchAll(/\bfrom\s+['"]\.\/([\w-]+)\.js['"]/g)) pending.push(`${match[1]}.ts`);
  }
  return outputs;
}
