import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';

/**
 * A browser module from a TypeScript file: types removed, nothing bundled. Relative imports of
 * `./x.ts` become `./x.js`, so each imported file must be compiled too and served beside it.
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
  const bare = [...outputText.matchAll(/^\s*import\s[^'"]*['"]([^./][^'"]*)['"]/gm)].map((match) => match[1]);
  if (bare.length > 0)
    throw new Error(`${fileName} imports ${bare.join(', ')}, which a browser cannot resolve`);
  return outputText;
}

/** Compiles `entry` (a file in `dir`) and the relative modules it imports, as `{file: code}` by .js name. */
export async function compileBrowserScripts(dir: string, entry: string): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    const jsName = file.replace(/\.ts$/, '.js');
    if (outputs.has(jsName)) continue;
    const code = transpileBrowserModule(await readFile(path.join(dir, file), 'utf8'), file);
    outputs.set(jsName, code);
    for (const match of code.matchAll(/\bfrom\s+['"]\.\/([\w-]+)\.js['"]/g)) pending.push(`${match[1]}.ts`);
  }
  return outputs;
}
