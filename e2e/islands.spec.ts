import { expect, gotoHydrated, test } from './fixtures.ts';

// Prerendered public pages hydrate as islands (docs/decisions/0010-islands-on-prerendered-pages.md).

test.describe('a prerendered public page', () => {
  test('carries one inline script and no other, with the stylesheet first in <head>', async ({ request }) => {
    for (const path of ['/', '/contact', '/auth/signin']) {
      const html = await (await request.get(path)).text();
      expect(html.match(/<script\b/g), path).toHaveLength(1);
      expect(html, path).not.toMatch(/<script[^>]*\bsrc=|<link[^>]*modulepreload/);
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head.indexOf('rel="stylesheet"'), path).toBeLessThan(head.indexOf('<title>'));
    }
  });

  test('links the web app manifest once it has painted; the signed-in app links it in its HTML', async ({
    page,
    request,
  }) => {
    expect(await (await request.get('/pricing')).text()).not.toContain('rel="manifest"');
    await gotoHydrated(page, '/pricing');
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/site.webmanifest');
    const manifest = await (await request.get('/site.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Launchkit', start_url: '/' });
    expect(await (await request.get('/dashboard')).text()).toContain(
      '<link rel="manifest" href="/site.webmanifest"/>',
    );
  });

  test('runs without React Router', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/');
    await page.getByTestId('site-header').getByRole('button', { name: 'Solutions' }).click();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /entry\.client|manifest-/.test(script))).toEqual([]);
  });

  test('keeps what was typed before its scripts arrived, and sends a form submitted meanwhile', async ({
    page,
  }) => {
    // The page's scripts arrive late, as on a slow connection.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/about');
    const form = page.getByTestId('site-footer').getByTestId('newsletter-form');
    await form.getByLabel('Email address').fill('early@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('site-footer').getByText('You are now subscribed!')).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('answers a click that comes with no pointer before it (assistive technology)', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const toggle = page.getByTestId('site-header').getByRole('button', { name: 'Resources' });
    await toggle.dispatchEvent('click');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test("a sign-in page's links keep next", async ({ page }) => {
    await gotoHydrated(page, '/auth/signin?next=/settings/general');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fsettings%2Fgeneral$/);
  });
});
