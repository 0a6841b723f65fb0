import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinnedNodeVersion } from './lib/node-runtime.mjs';
import { root } from './lib/workspace.mjs';

/** A line that comes from the machine's own npm configuration, not from the project (README). */
const machineConfigWarning = /^npm warn Unknown (user|env|global|builtin) config /;

const npm = (args) =>
  spawnSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'warn' },
  });

describe('npm install, at the warning level the project turns off (docs/decisions/0017)', () => {
  it('turns warnings off in the project’s own npm configuration, and only them', () => {
    const settings = readFileSync(path.join(root, '.npmrc'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    expect(settings).toEqual(['loglevel=error']);
  });

  it('prints no warning of the project’s on Node 26: engines, deprecations, install scripts, peers', () => {
    expect(process.version).toBe(`v${pinnedNodeVersion()}`);
    const install = npm(['install', '--dry-run', '--no-audit', '--no-fund']);
    expect(install.status, install.stderr).toBe(0);
    const warnings = `${install.stdout}\n${install.stderr}`
      .split('\n')
      .filter((line) => /^npm (warn|notice)/.test(line) && !machineConfigWarning.test(line));
    expect(warnings).toEqual([]);
  });

  it('holds one major of zod in the whole tree', () => {
    const majors = new Set();
    const visit = (dependencies = {}) => {
      for (const [name, node] of Object.entries(dependencies)) {
        if (name === 'zod') majors.add(node.version.split('.')[0]);
        visit(node.dependencies);
      }
    };
    visit(JSON.parse(npm(['ls', 'zod', '--all', '--json']).stdout).dependencies);
    expect([...majors]).toEqual(['4']);
  });
});
