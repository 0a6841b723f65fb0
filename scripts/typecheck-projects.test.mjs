// `npm run typecheck` is `tsc -b` over the references of the root tsconfig.json (docs/decisions/0021):
// every workspace with a tsconfig.json must be one of them, or its files would go unchecked, and each
// project keeps its build information in a file of its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib/workspace.mjs';

/** A tsconfig file: JSON with whole-line `//` comments. */
const readConfig = (file) =>
  JSON.parse(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n'),
  );

/** The workspaces of package.json (`apps/*`, …) that have a tsconfig.json. */
function typedWorkspaces() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.flatMap((pattern) => {
    const parent = pattern.replace(/\/\*$/, '');
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .filter((workspace) => existsSync(path.join(root, workspace, 'tsconfig.json')));
  });
}

const solution = readConfig(path.join(root, 'tsconfig.json'));
const references = solution.references.map((reference) => reference.path);

describe('npm run typecheck (tsc -b)', () => {
  it('is a solution: the root tsconfig.json checks nothing itself', () => {
    expect(solution.files).toEqual([]);
    expect(solution.include).toBeUndefined();
  });

  it('references every workspace with a tsconfig.json, and the code outside them', () => {
    expect([...references].sort()).toEqual([...typedWorkspaces(), 'tsconfig.scripts.json'].sort());
  });

  it('keeps each project’s build information apart, in the ignored cache', () => {
    const files = references.map((reference) => {
      const config = reference.endsWith('.json') ? reference : `${reference}/tsconfig.json`;
      const { tsBuildInfoFile } = readConfig(path.join(root, config)).compilerOptions ?? {};
      expect(tsBuildInfoFile, config).toBeTypeOf('string');
      return path.relative(root, path.resolve(root, path.dirname(config), tsBuildInfoFile));
    });
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(file).toMatch(/^node_modules\/\.cache\/tsbuild\/[^/]+\.tsbuildinfo$/);
  });
});
