// `npm run screenshots`: full-page screenshots of every public page at 1280 and 375 px into
// screenshots/, for a person to look at (consistent spacing, type, colour; nothing overflowing).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './ensure-chromium.mjs';
import { startProduct } from './lib/product-server.mjs';
import { publicPages } from './lib/public-pages.mjs';
import { root } from './lib/workspace.mjs';

// The public pages but the sign-in forms, and the not-found page.
const pages = [...publicPages.filter((page) => !page.startsWith('/auth/')), '/no-such-page'];
const widths = [1280, 375];
const outDir = path.join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });

const product = await startProduct();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
});
try {
  for (const width of widths) {
    // The page's CSP allows no style of ours: bypassed here only, for the style below.
    const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
    for (const pagePath of pages) {
      await page.goto(`${product.origin}${pagePath}`, { waitUntil: 'networkidle' });
      const name = `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}-${width}.png`;
      // Parts below the first screen render only near the viewport (decision 0058), and a full-page
      // capture does not scroll: they are rendered at once for the picture.
      await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(`screenshots/${name}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
