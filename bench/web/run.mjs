// `npm run bench:web`: for the main public pages, the JavaScript and CSS a first view loads (gzip
// bytes, measured from what Chromium actually requested) and Lighthouse scores (default mobile
// settings, Debian Chromium). Prints figures; asserts nothing.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../../scripts/ensure-chromium.mjs';
import { startProduct } from '../lib/product-server.mjs';

const paths = (process.env.BENCH_PATHS ?? '/,/about,/faq,/pricing').split(',');

async function firstViewBytes(browser, url) {
  const page = await browser.newPage();
  const assets = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.set(response.url(), type);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  const totals = { script: 0, stylesheet: 0 };
  for (const [assetUrl, type] of assets) {
    // Count each file as gzip would send it, whatever encoding the browser negotiated.
    const body = Buffer.from(
      await (await fetch(assetUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    totals[type] += gzipSync(body, { level: 9 }).length;
  }
  return { js: totals.script, css: totals.stylesheet, files: assets.size };
}

async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (result.lhr.runtimeError)
      console.error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.message}`);
    const categories = result.lhr.categories;
    const score = (name) => Math.round((categories[name]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    };
  } finally {
    await chrome.kill();
  }
}

const product = await startProduct();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const rows = [];
try {
  for (const path of paths) {
    const url = `${product.origin}${path}`;
    const bytes = await firstViewBytes(browser, url);
    const scores = await lighthouseScores(url);
    rows.push({
      path,
      'JS gzip KB': (bytes.js / 1024).toFixed(1),
      'CSS gzip KB': (bytes.css / 1024).toFixed(1),
      perf: scores.performance,
      a11y: scores.accessibility,
      'best practices': scores.bestPractices,
      seo: scores.seo,
      'LCP ms': scores.lcpMs,
      'TBT ms': scores.tbtMs,
      CLS: scores.cls,
    });
  }
} finally {
  await browser.close();
  await product.stop();
}
console.log('\nFirst view (gzip) and Lighthouse 12.8, default mobile settings');
console.table(rows);
console.log('Targets for /: JS <= 80 KB gzip; performance >= 95; accessibility, best practices, SEO = 100.');
