// The product as the browser tests see it: a fresh data directory each run, then `npm start`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/workspace.mjs';

rmSync(path.join(root, process.env.DATA_DIR ?? '.e2e-data-3900'), { recursive: true, force: true });
await import('./start.mjs');
