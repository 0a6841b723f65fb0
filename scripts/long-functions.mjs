// `npm run lint:functions` (part of `npm run lint`): lists the product's functions and components over
// LIMIT lines and fails when there is one. Product code is what git tracks under apps/, emulators/,
// packages/ and scripts/, tests and their helpers aside. Declarative tables (a route table, the variables
// table) are long by nature: such a function carries `// long-function: <why>` on the line above it.
// Reads TypeScript through the compiler's JavaScript API (TypeScript 6, docs/decisions/0020).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(path.join(root, 'tools/typescript-api/register.mjs'))('typescript');

export const LIMIT = 80;
const EXEMPTION = '// long-function:';

const isProductFile = (file) =>
  /^(apps|emulators|packages|scripts)\//.test(file) &&
  /\.(ts|tsx|mts|mjs)$/.test(file) &&
  !/\.(test|spec)\.(ts|tsx|mts|mjs)$/.test(file) &&
  !/(^|\/)(test|tests|fixtures)\//.test(file) &&
  !/\.d\.ts$/.test(file);

const nameOf = (node, source) => {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return '(anonymous)';
};

/** The functions of one file longer than `limit` lines that carry no exemption. */
export function longFunctionsIn(file, text, limit = LIMIT) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      const statementLine = source.getLineAndCharacterOfPosition(
        (ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node).getStart(source),
      ).line;
      const exempt = lines[statementLine - 1]?.trim().startsWith(EXEMPTION);
      if (length > limit && !exempt)
        found.push({ file, line: start + 1, name: nameOf(node, source), length });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function productFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(isProductFile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = productFiles().flatMap((file) => {
    try {
      return longFunctionsIn(file, readFileSync(path.join(root, file), 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return []; // deleted in the working tree
      throw error;
    }
  });
  found.sort((a, b) => b.length - a.length);
  for (const { file, line, name, length } of found) console.log(`${length}\t${file}:${line}\t${name}`);
  if (found.length > 0) {
    console.error(
      `${found.length} function(s) over ${LIMIT} lines: split them, or mark a declarative table with ` +
        `"${EXEMPTION} <why>" on the line above.`,
    );
    process.exit(1);
  }
  console.log(`No function over ${LIMIT} lines.`);
}
