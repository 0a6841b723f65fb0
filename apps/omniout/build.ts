// Builds the hosted pricing app into dist/: static HTML rendered from the plan catalogue, so the
// /pricing frame needs no JavaScript at all.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPricingPage } from './src/pricing-page.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
await mkdir(dist, { recursive: true });
await writeFile(path.join(dist, 'index.html'), renderPricingPage());
await copyFile(path.join(root, 'src', 'omniout.css'), path.join(dist, 'omniout.css'));
console.log(`omniout built in ${path.relative(process.cwd(), dist) || dist}`);
