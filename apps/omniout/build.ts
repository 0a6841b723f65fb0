// Builds the hosted pricing/account app into dist/: the pricing page (static HTML, no script), the
// account page and its script compiled from TypeScript, and the shared stylesheet.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { offerOf } from '@launchkit/plans';
import { accountScript, renderAccountPage } from './src/account-page.ts';
import { compileBrowserScripts } from './src/browser-script.ts';
import { renderPricingPage } from './src/pricing-page.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
await mkdir(dist, { recursive: true });

// The trial the server gives (STRIPE_TRIAL_*), stated on the pricing page: the same settings.
await writeFile(path.join(dist, 'index.html'), renderPricingPage(offerOf(process.env)));
await writeFile(path.join(dist, 'myAccount.html'), renderAccountPage());
const scripts = await compileBrowserScripts(src, accountScript.replace(/\.js$/, '.ts'));
for (const [file, code] of scripts) await writeFile(path.join(dist, file), code);
await copyFile(path.join(src, 'omniout.css'), path.join(dist, 'omniout.css'));
console.log(
  `omniout built in ${path.relative(process.cwd(), dist) || dist}: ${[...scripts.keys()].join(', ')}`,
);
