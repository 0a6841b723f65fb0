import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

// The plan rules a browser module may import, as `@app/plans/<file>` (the package's import-free files:
// dates, plan-status, seats). Each is compiled beside the importing module as `plans-<file>.js`.
const plansPrefix = 'plans-';
const plansDir = path.dirname(createRequire(import.meta.url).resolve('@app/plans'));

/**
 * A browser module from a TypeScript file: types removed, nothing bundled. Relative imports of
 * `./x.ts` become `./x.js`, and `@app/plans/x` becomes `./plans-x.js`, so each imported file must be
 * compiled too and served beside it.
 */
export function transpileBrowserModule(source: string, fileName: string): string {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      rewriteRelativeImportExtensions: true,
      verbatimModuleSyntax: true,
      removeComments: false,
    },
  });
  if (diagnostics?.length) {
    const messages = diagnostics.map((diagnostic) =>
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    );
    throw new Error(`${fileName}: ${messages.join('\n')}`);
  }
  const code = outputText.replace(
    /(\bfrom\s+)(['"])@app\/plans\/([\w-]+)\2/g,
    (_, from: string, quote: string, file: string) => `${from}${quote}./${plansPrefix}${file}.js${quote}`,
  );
  const bare = [...code.matchAll(/^\s*import\s[^'"]*['"]([^./][^'"]*)['"]/gm)].map((match) => match[1]);
  if (bare.length > 0)
    throw new Error(`${fileName} imports ${bare.join(', ')}, which a browser cannot resolve`);
  return code;
}

/** Where the source of a compiled module is: `dir` itself, or @app/plans for `plans-<file>`. */
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
