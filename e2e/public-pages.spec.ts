import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';

const publicPages = [
  { path: '/', heading: /./ },
  { path: '/about', heading: /./ },
  { path: '/faq', heading: /./ },
  { path: '/contact', heading: /./ },
  { path: '/pricing', heading: /./ },
  { path: '/legal/terms-of-service', heading: /Terms of Service/i },
  { path: '/legal/privacy-policy', heading: /Privacy Policy/i },
];

test.describe('every public page', () => {
  for (const { path } of publicPages) {
    // The metadata defaults are those of docs/product.md §2.
    test(`${path} has its own title and the §2 metadata defaults, and no axe violations`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      await expect(page).toHaveTitle(/Launchkit/);
      // 'My app description' is the default; a page may describe itself more precisely.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        path === '/' ? 'My app description' : /\w{3,}/,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/' : path}$`),
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/social\.png$/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Launchkit/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        'content',
        'summary_large_image',
      );
      await expect(page.locator('h1')).toHaveCount(1);
      await expectNoAxeViolations(page);
    });

    test(`${path} has no axe violations at 375 px`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await gotoHydrated(page, path);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    });
  }

  test('client-side navigation updates the title and metadata, never duplicating them', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByTestId('site-header').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle('About us | Launchkit');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
    for (const selector of [
      'title',
      'meta[name="description"]',
      'link[rel="canonical"]',
      'meta[property="og:title"]',
    ]) {
      await expect(page.locator(selector)).toHaveCount(1);
    }
    await expect(page.locator('h1')).toHaveCount(1);
  });

  test('each page has a different title', async ({ page }) => {
    const titles = new Set<string>();
    for (const { path } of publicPages) {
      await page.goto(path);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(publicPages.length);
  });

  test('the prerendered HTML carries the page text, readable without JavaScript', async ({
    browser,
    request,
  }) => {
    const about = await (await request.get('/about')).text();
    expect(about).toContain('3,500+');
    const faq = await (await request.get('/faq')).text();
    expect(faq).toContain('Go to support center');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Join us today' })).toBeVisible();
    await expect(page.getByText('Rich Statistics')).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByText('We reply in 24hrs')).toBeVisible();
    await context.close();
  });
});

test.describe('landing page', () => {
  test('hero, features, logo cloud, testimonials and calls to action', async ({ page }) => {
    await gotoHydrated(page, '/');
    for (const feature of [
      'Customizable',
      'Rich Statistics',
      'Works globally',
      'Lighting fast UI',
      'Components',
      'Auto Auth',
    ]) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: "Let's get started" })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');

    await page.getByRole('link', { name: 'Join us today' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goBack();
    await page.getByRole('link', { name: "Let's get started" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('about page', () => {
  test('shows the three stats with their placeholder values and a call to action', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const stats: [string, string][] = [
      ['Projects', '3,500+'],
      ['Clients', '260+'],
      ['Earnings', '175k+'],
    ];
    for (const [label, value] of stats) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      await expect(page.getByText(value, { exact: true })).toBeVisible();
    }
    await expect(page.locator('main a[href="/pricing"]').first()).toBeVisible();
  });
});

test.describe('FAQ page', () => {
  test('shows six questions that open to their answers', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const questions = page.locator('main summary');
    await expect(questions).toHaveCount(6);
    const first = page.locator('main details').first();
    await questions.first().click();
    await expect(first).toHaveAttribute('open', '');
  });

  test("'Go to support center' opens the help site in a new tab", async ({ page, context }) => {
    await gotoHydrated(page, '/faq');
    const link = page.getByRole('link', { name: 'Go to support center' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    // The help site is outside this machine's network: the new tab's request is what shows the target.
    const [tab, helpRequest] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => request.url().startsWith('https://help.example.com/')),
      link.click(),
    ]);
    expect(helpRequest.frame().page()).toBe(tab);
    expect(tab).not.toBe(page);
    await tab.close();
  });
});

test.describe('pricing page', () => {
  test('embeds the hosted pricing app at /omniout/, 950 px high', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    const frame = page.getByTestId('pricing-frame');
    await expect(frame).toHaveAttribute('src', '/omniout/');
    expect((await frame.boundingBox())?.height).toBe(950);
    const pricing = page.frameLocator('[data-testid="pricing-frame"]');
    await expect(pricing.getByRole('heading', { level: 2 })).toHaveCount(3);
  });
});

test.describe('legal pages', () => {
  test('tabs switch between terms and privacy; an unknown section shows the terms', async ({ page }) => {
    await gotoHydrated(page, '/legal/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms of Service/i);
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page).toHaveURL(/\/legal\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Privacy Policy/i);

    await gotoHydrated(page, '/legal/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms of Service/i);
    await expect(page.locator('[aria-current="page"]', { hasText: 'Terms of Service' })).toBeVisible();
  });
});

test.describe('unknown paths', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("show 'The page {path} could not be found' with HTTP 404", async ({ page }) => {
    const response = await page.goto('/no/such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The page /no/such-page could not be found')).toBeVisible();
  });
});
