import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { offerOf } from '@launchkit/plans';
import type { Page } from '@playwright/test';
import { renderPricingPage } from '../apps/omniout/src/pricing-page.ts';
import { expect, test } from './fixtures.ts';

// The public pages promise only what the product does, in each configuration it ships with: trials
// off (the default, which the browser tests' product runs) and trials on — by plan, without a card,
// paused at their end (the same pages built beside the served ones and read from a static server).
// What each setting makes every sentence say is packages/plans/src/offer.test.ts's.

const root = path.resolve(import.meta.dirname, '..');
const pagesWithClaims = ['/', '/about', '/faq', '/contact', '/pricing'];

/**
 * What no configuration does: a card-free trial, usage pricing, other currencies. (Yearly billing and
 * prorated changes are sold now: Settings → Plan makes them.)
 */
const neverTrue = [/no credit card/i, /usage-based/i, /any currency/i];

/** The words a visitor reads on `pagePath`, the pricing frame's included; closed FAQ answers too. */
async function wordsOf(page: Page, pagePath: string): Promise<string> {
  await page.goto(pagePath);
  const words = [(await page.locator('body').textContent()) ?? ''];
  if (pagePath.endsWith('/pricing')) {
    await page.getByTestId('pricing-frame').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('[data-testid="pricing-frame"]');
    await expect(frame.getByRole('link', { name: 'Choose Pro' })).toBeVisible();
    words.push((await frame.locator('body').textContent()) ?? '');
  }
  return words.join('\n').replace(/\s+/g, ' ');
}

function expectNothingUntrue(words: string, pagePath: string) {
  for (const claim of neverTrue) expect(words, `${pagePath} says ${claim}`).not.toMatch(claim);
}

test.describe('without a trial (STRIPE_TRIAL_DAYS unset)', () => {
  for (const pagePath of pagesWithClaims) {
    test(`${pagePath} offers no trial and promises nothing the product does not do`, async ({ page }) => {
      const words = await wordsOf(page, pagePath);
      expect(words).not.toMatch(/trial/i);
      expectNothingUntrue(words, pagePath);
    });
  }

  test('the FAQ and the pricing frame state the billing periods the catalogue sells, and where to change them', async ({
    page,
  }) => {
    for (const pagePath of ['/faq', '/pricing']) {
      const words = await wordsOf(page, pagePath);
      expect(words, pagePath).toContain('billed monthly or yearly in advance by card');
      expect(words, pagePath).toContain('Change plan, seats or billing period in Settings → Plan, prorated');
    }
  });
});

const trialsOn = {
  STRIPE_TRIAL_DAYS: 'starter=7,pro=14,business=14',
  STRIPE_TRIAL_CARD: 'optional',
  STRIPE_TRIAL_END_WITHOUT_CARD: 'pause',
};

test.describe('with trials by plan, started without a card (STRIPE_TRIAL_DAYS=starter=7,pro=14,business=14)', () => {
  test.describe.configure({ mode: 'serial' });
  // The static server has no API: what the pages ask of it (a favicon, the session) is not found.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });
  let server: Server;
  let origin: string;

  test.beforeAll(async () => {
    // A production build of the pages takes a minute or more on a busy two-core machine.
    test.setTimeout(300_000);
    const buildDir = path.join(root, '.scratch', 'web-trial-on');
    const build = spawnSync('npx', ['react-router', 'build'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, ...trialsOn, WEB_BUILD_OUTPUT: buildDir },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    server = await serveStatic(path.join(buildDir, 'client'), renderPricingPage(offerOf(trialsOn)));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(() => server?.close());

  test('the pricing frame with its trial note still fits 950 px at 320 px, yearly too', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${origin}/pricing`);
    await page.getByTestId('pricing-frame').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('[data-testid="pricing-frame"]');
    await expect(frame.getByText('no card needed')).toBeVisible();
    for (const period of ['Monthly', 'Yearly']) {
      await frame.getByRole('radio', { name: new RegExp(period) }).check();
      const inner = await frame
        .locator('html')
        .evaluate((html) => ({ scrollHeight: html.scrollHeight, clientHeight: html.clientHeight }));
      expect(inner.scrollHeight, period).toBeLessThanOrEqual(inner.clientHeight);
    }
  });

  test('the landing page, FAQ and pricing state the trial; no page promises more', async ({ page }) => {
    const words = new Map<string, string>();
    for (const pagePath of pagesWithClaims) words.set(pagePath, await wordsOf(page, `${origin}${pagePath}`));
    for (const [pagePath, text] of words) expectNothingUntrue(text, pagePath);
    const lengths =
      'Starter starts with a 7-day free trial, Pro starts with a 14-day free trial and Business starts with a 14-day free trial.';
    const card =
      'No card is needed to start it: add one before it ends to keep your plan, or the plan is paused until you add one when the trial does.';
    expect(words.get('/')).toContain('Start your free trial today with no card needed');
    expect(words.get('/faq')).toContain('Is there a free trial?');
    expect(words.get('/faq')).toContain(`${lengths} ${card}`);
    expect(words.get('/pricing')).toContain(
      'Free trial days: Starter 7, Pro 14, Business 14; no card needed.',
    );
    for (const [pagePath, text] of words) expect(text, pagePath).not.toContain('Every plan starts');
  });
});

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The prerendered pages as files (`/faq` is faq/index.html), and the pricing frame at /omniout/. */
function serveStatic(directory: string, pricingPage: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/omniout/')
      return void response.writeHead(200, { 'content-type': contentTypes['.html'] }).end(pricingPage);
    const file = pathname.startsWith('/omniout/')
      ? path.join(root, 'apps/omniout/src', pathname.slice('/omniout/'.length))
      : path.join(directory, path.extname(pathname) ? pathname : `${pathname}/index.html`);
    try {
      const body = await readFile(path.normalize(file));
      response.writeHead(200, {
        'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
