// `npm run bench:web`: every public page beside a static floor, then the signed-in screens.
//
// Public pages, each beside the floor (the landing page's own HTML with every script and stylesheet
// removed, served brotli with the product's document headers by this script: what "the speed of
// static HTML" means here):
// - first view in Chromium on a throttled mobile profile (Lighthouse's slow 4G and 4x CPU, applied
//   through DevTools): requests started before the first contentful paint (all, and JavaScript), and
//   the JavaScript the page downloads until it is hydrated and the network is idle (gzip bytes of each
//   file, whatever encoding the browser negotiated; frames included);
// - Lighthouse (the installed version, which the output names), default mobile settings (simulated
//   throttling), median of BENCH_RUNS (5) runs:
//   performance, accessibility, best practices and SEO scores, LCP, FCP, TBT, CLS.
// Signed in, through the real sign-in form against the real product (no Lighthouse running):
// - sign-in: from the click on 'Sign in' until the dashboard shows the item list;
// - dashboard: from the start of a navigation to /dashboard until the item list is visible and the
//   app has hydrated (its buttons answer), p50/p90 of BENCH_SIGNED_IN_RUNS (10).
// Prints figures and which of the targets below each page meets (the first-view budget is decision
// 0010's); asserts nothing.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, ensureChromium } from '../../scripts/ensure-chromium.mjs';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { publicPages } from '../../scripts/lib/public-pages.mjs';
import { newSignedInUser, password, requestJson } from '../lib/identity.mjs';
import { percentile, round } from '../lib/stats.mjs';

const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const paths = process.env.BENCH_PATHS ? process.env.BENCH_PATHS.split(',') : publicPages;
const lighthouseRuns = Number(process.env.BENCH_RUNS ?? 5);
// 0 skips the signed-in figures.
const signedInRuns = Number(process.env.BENCH_SIGNED_IN_RUNS ?? 10);
const floorLabel = 'static floor';
// A public page's LCP may be this many times the floor's (Lighthouse mobile, median of the runs).
const lcpTarget = 1.2;

// Lighthouse's mobile profile (slow 4G, 4x CPU) as DevTools applies it.
const mobileNetwork = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

// The product's answer headers that describe the body or the connection, not the document: the floor
// sets its own.
const transportHeaders = new Set([
  'content-type',
  'content-encoding',
  'content-length',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

/**
 * The document headers the product sends with a page (its security headers), for the floor to send
 * too: Cross-Origin-Opener-Policy alone moves a navigation into a new renderer process, whose cold
 * start Lighthouse counts as blocking time, scripts or none (figures in docs/performance.md). A floor
 * without them would compare a warm process with a cold one.
 */
function documentHeadersOf(response) {
  return Object.fromEntries([...response.headers].filter(([name]) => !transportHeaders.has(name)));
}

/** Serves one page, brotli-compressed with the product's document headers, as the product serves its prerendered pages. */
async function startFloorServer(html, documentHeaders) {
  const body = brotliCompressSync(Buffer.from(html));
  const server = createServer((request, response) => {
    // The browser still asks for /favicon.ico: nothing, without an error in the console.
    if (request.url !== '/') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, {
      ...documentHeaders,
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
    });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${server.address().port}/`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The landing page's HTML with nothing that loads or runs: no script, no stylesheet, no link. */
function floorHtmlFrom(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*>/gi, '')
    .replace(/<template\b[\s\S]*?<\/template>/gi, '');
}

/** What a first view requests, on the throttled mobile profile, until the page is hydrated and idle. */
async function firstView(browser, url, { isApp }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', mobileNetwork);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = [];
  cdp.on('Network.requestWillBeSent', ({ request, wallTime, type }) => {
    if (!request.url.startsWith('data:')) requests.push({ url: request.url, type, at: wallTime * 1000 });
  });
  const scripts = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  if (isApp) {
    // Hydration may wait for an idle moment: the view is complete once the app says it has hydrated.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  const paintedAt = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return paint ? performance.timeOrigin + paint.startTime : null;
  });
  await context.close();
  let jsBytes = 0;
  for (const scriptUrl of scripts) {
    // Counted as gzip would send it, whatever encoding the browser negotiated.
    const body = Buffer.from(
      await (await fetch(scriptUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    jsBytes += gzipSync(body, { level: 9 }).length;
  }
  const beforePaint = paintedAt === null ? requests : requests.filter((request) => request.at < paintedAt);
  return {
    jsBytes,
    jsFiles: scripts.size,
    requestsBeforePaint: beforePaint.length,
    jsBeforePaint: beforePaint.filter(
      (request) => request.type === 'Script' || /\.m?js(\?|$)/.test(request.url),
    ).length,
  };
}

const median = (values) => percentile(values, 50);

/** One Lighthouse run; a run that could not record the page (a trace error on a busy machine) is repeated. */
async function lighthouseRun(port, url) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!lhr.runtimeError) return lhr;
    console.error(`Lighthouse could not measure ${url} (${lhr.runtimeError.code}), attempt ${attempt}`);
    if (attempt === 3)
      throw new Error(`Lighthouse failed three times on ${url}: ${lhr.runtimeError.message}`);
  }
}

/** Lighthouse (default mobile settings), `lighthouseRuns` times; the median of each figure. */
async function lighthouseMedians(port, url) {
  const results = [];
  for (let run = 0; run < lighthouseRuns; run += 1) {
    const lhr = await lighthouseRun(port, url);
    const score = (name) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    const audit = (name) => lhr.audits[name]?.numericValue ?? 0;
    // The audits of a category that count towards its score and are below full marks.
    const failingAudits = (category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    results.push({
      perf: score('performance'),
      a11y: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      failing: Object.values(lhr.categories).flatMap(failingAudits),
      seoFailing: lhr.categories.seo ? failingAudits(lhr.categories.seo) : [],
      isNoindex: JSON.stringify(lhr.audits['is-crawlable']?.details ?? {}).includes('noindex'),
    });
  }
  const of = (key) => median(results.map((result) => result[key]));
  return {
    perf: of('perf'),
    a11y: of('a11y'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcp: Math.round(of('lcp')),
    fcp: Math.round(of('fcp')),
    tbt: Math.round(of('tbt')),
    cls: round(of('cls'), 3),
    // Audits below full marks in the last run, so a score under 100 says why.
    failing: results.at(-1).failing,
    // A page that asks search engines to leave it out (the sign-in pages' `noindex`, on purpose) fails
    // Lighthouse's "is crawlable" by design: that alone is not a missed SEO target.
    isUnlistedOnPurpose: results.every(
      (result) => result.isNoindex && result.seoFailing.every((id) => id === 'is-crawlable'),
    ),
  };
}

/** A person with an account and a few items, made through the identity provider and the product API. */
async function personWithItems(origin) {
  const { email, token } = await newSignedInUser(origin, 'bench-web');
  await requestJson(`${origin}/api/user`, { token });
  for (const name of ['First item', 'Second item', 'Third item']) {
    await requestJson(`${origin}/api/items`, { method: 'POST', token, body: { name } });
  }
  return email;
}

const itemRow = '[data-testid="dashboard-items"] [data-testid="item-row"]';

// Runs in every document of the signed-in context: notes when the item list is on screen and the app
// has hydrated (time from the start of the navigation, as performance.now() counts).
function watchForItemList(rowSelector) {
  const check = () => {
    if (window.__listShownAt !== undefined) return;
    if (!document.documentElement.dataset.hydrated || !document.querySelector(rowSelector)) return;
    window.__listShownAt = null;
    requestAnimationFrame(() => {
      window.__listShownAt = performance.now();
    });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

/** Sign-in submit to list, then navigations to the dashboard, in one signed-in context per sign-in. */
async function signedInFigures(browser, origin) {
  const email = await personWithItems(origin);
  const signIns = [];
  const navigations = [];
  for (let run = 0; run < signedInRuns; run += 1) {
    const context = await browser.newContext();
    await context.addInitScript(watchForItemList, itemRow);
    const page = await context.newPage();
    await page.goto(`${origin}/auth/signin`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    const submittedAt = performance.now();
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator(itemRow).first().waitFor({ timeout: 60_000 });
    signIns.push(performance.now() - submittedAt);
    if (run === 0) {
      // The first navigations fill the HTTP cache; the figures are those of a returning person.
      for (let warmUp = 0; warmUp < 2; warmUp += 1) await timeDashboard(page, origin);
    }
    navigations.push(await timeDashboard(page, origin));
    await context.close();
  }
  return { signIns, navigations };
}

async function timeDashboard(page, origin) {
  await page.goto(`${origin}/dashboard`);
  await page.waitForFunction(() => typeof window.__listShownAt === 'number', undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__listShownAt);
}

// Before the product starts: a missing browser would otherwise end this script with the product running.
ensureChromium();
const product = await startProduct();
const landing = await fetch(`${product.origin}/`, { headers: { 'accept-encoding': 'identity' } });
const floor = await startFloorServer(floorHtmlFrom(await landing.text()), documentHeadersOf(landing));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
const rows = [];
let signedIn;
try {
  const pages = [
    { label: floorLabel, url: floor.url },
    ...paths.map((path) => ({ label: path, url: `${product.origin}${path}` })),
  ];
  for (const { label, url } of pages) {
    const view = await firstView(browser, url, { isApp: label !== floorLabel });
    const scores = await lighthouseMedians(chrome.port, url);
    rows.push({ label, view, scores });
  }
  // Printed before the signed-in part, which a failure there would otherwise take with it.
  printPublicFigures(rows);
  // The signed-in figures are taken with no Lighthouse browser running beside them.
  await chrome.kill();
  if (signedInRuns > 0) signedIn = await signedInFigures(browser, product.origin);
} finally {
  chrome.kill();
  await browser.close();
  await floor.stop();
  await product.stop();
}
if (signedIn) printSignedInFigures(signedIn);

function printPublicFigures(rows) {
  const floorLcp = rows.find((row) => row.label === floorLabel).scores.lcp;
  const table = Object.fromEntries(
    rows.map(({ label, view, scores }) => [
      label,
      {
        'JS KB': round(view.jsBytes / 1024),
        'JS files': view.jsFiles,
        'req. before paint': view.requestsBeforePaint,
        'JS before paint': view.jsBeforePaint,
        perf: scores.perf,
        a11y: scores.a11y,
        'best pr.': scores.bestPractices,
        SEO: scores.seo,
        'LCP ms': scores.lcp,
        'x floor': round(scores.lcp / floorLcp, 2),
        'FCP ms': scores.fcp,
        'TBT ms': scores.tbt,
        CLS: scores.cls,
      },
    ]),
  );
  console.log(
    `\nPublic pages beside the static floor. JS: gzip KB the first view downloads until hydrated and idle` +
      ` (throttled mobile Chromium); requests before the first contentful paint; Lighthouse ${lighthouseVersion} default` +
      ` mobile, median of ${lighthouseRuns}.`,
  );
  console.table(table);
  console.log(
    `\nTargets: LCP <= ${lcpTarget} x the floor's (${Math.round(floorLcp * lcpTarget)} ms), TBT <= 50 ms,` +
      ' performance 100, accessibility / best practices / SEO 100 (SEO not on noindex pages), first-view JS <= 40 KB,' +
      ' no JS before first paint.',
  );
  for (const { label, view, scores } of rows) {
    const misses = label === floorLabel ? [] : missedTargets(view, scores, floorLcp);
    const why = scores.failing.length > 0 ? `audits below full marks: ${scores.failing.join(', ')}` : '';
    if (label === floorLabel) {
      if (why) console.log(`${label.padEnd(26)} ${why}`);
      continue;
    }
    const verdict = misses.length === 0 ? 'all met' : `missed: ${misses.join('; ')}${why ? ` (${why})` : ''}`;
    const unlisted = scores.isUnlistedOnPurpose
      ? ` (SEO ${scores.seo}: noindex on purpose, not counted)`
      : '';
    console.log(`${label.padEnd(26)} ${verdict}${unlisted}`);
  }
}

function missedTargets(view, scores, floorLcp) {
  const misses = [];
  if (scores.lcp > floorLcp * lcpTarget) misses.push(`LCP ${scores.lcp} ms`);
  if (scores.tbt > 50) misses.push(`TBT ${scores.tbt} ms`);
  for (const [name, value] of [
    ['performance', scores.perf],
    ['accessibility', scores.a11y],
    ['best practices', scores.bestPractices],
    ['SEO', scores.isUnlistedOnPurpose ? 100 : scores.seo],
  ]) {
    if (value < 100) misses.push(`${name} ${value}`);
  }
  if (view.jsBytes > 40 * 1024) misses.push(`JS ${round(view.jsBytes / 1024)} KB`);
  if (view.jsBeforePaint > 0) misses.push(`${view.jsBeforePaint} JS requests before first paint`);
  return misses;
}

function printSignedInFigures({ signIns, navigations }) {
  const summary = (values) => ({
    p50: Math.round(percentile(values, 50)),
    p90: Math.round(percentile(values, 90)),
  });
  console.log(
    `\nSigned in (Chromium, no throttling, no Lighthouse running; ${signedInRuns} runs, a fresh sign-in each):`,
  );
  console.table({
    'sign-in submit -> dashboard list ms': summary(signIns),
    'navigation -> dashboard list, hydrated ms': summary(navigations),
  });
  console.log('Target: dashboard list visible p50 <= 1000 ms after navigation.');
}
