import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformWithOxc } from 'vite';

const resolve = createRequire(import.meta.url).resolve;

// The plan rules a browser module may import, as `@launchkit/plans/<file>` (the package's import-free files:
// dates, plan-status, seats). Each is compiled beside the importing module as `plans-<file>.js`.
const plansPrefix = 'plans-';
const plansDir = path.dirname(resolve('@launchkit/plans'));

/**
 * The JavaScript of one TypeScript module: types removed, as `tsc --isolatedModules
 * --verbatimModuleSyntax` would (only `import type` goes), without type checking (`npm run typecheck`
 * does that), in this process through Vite's Oxc transform: a `tsc` per file took most of this build's
 * time (decision 0057). Syntax errors are thrown.
 */
async function transpile(source: string, fileName: string): Promise<string> {
  const { code } = await transformWithOxc(source, fileName, {
    lang: 'ts',
    target: 'es2022',
    sourcemap: false,
    typescript: { onlyRemoveTypeImports: true, rewriteImportExtensions: 'rewrite' },
  });
  return code;
}

/**
 * A browser module from a TypeScript file: types removed, nothing bundled. Relative imports of
 * `./x.ts` become `./x.js`, and `@launchkit/plans/x` becomes `./plans-x.js`, so each imported file must be
 * compiled too and served beside it.
 */
export async function transpileBrowserModule(source: string, fileName: string): Promise<string> {
  const code = (await transpile(source, fileName)).replace(
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
    const code = await transpileBrowserModule(await readFile(sourceOf(dir, file), 'utf8'), file);
    outputs.set(jsName, code);
    for (const match of code.matchAll(/\bfrom\s+['"]\.\/([\w-]+)\.js['"]/g)) pending.push(`${match[1]}.ts`);
  }
  return outputs;
}
