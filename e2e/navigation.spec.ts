import { expect, gotoHydrated, test } from './fixtures.ts';

test.describe('top bar for visitors', () => {
  test('Solutions and Resources dropdowns, About, Pricing and Sign in', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const header = page.getByTestId('site-header');
    for (const menu of ['Solutions', 'Resources']) {
      const toggle = header.getByRole('button', { name: menu });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panelId = await toggle.getAttribute('aria-controls');
      const panel = page.locator(`[id="${panelId}"]`);
      await expect(panel).toBeVisible();
      const links = panel.getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(3);
      for (const href of await links.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('href')),
      )) {
        expect(href).toBe('/');
      }
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
    await expect(header.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await header.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/signin');
  });

  test('a dropdown closes when the visitor clicks elsewhere', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByTestId('site-header').getByRole('button', { name: 'Solutions' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.locator('main').click({ position: { x: 5, y: 400 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens, shows every top-bar link, and closes after navigating', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByTestId('mobile-menu-toggle');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Close menu');
    for (const name of ['About', 'Pricing', 'Sign in'])
      await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByText('Solutions')).toBeVisible();
    await expect(menu.getByText('Resources')).toBeVisible();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
  });
});

test.describe('footer', () => {
  test('Product and Company links, social links, newsletter form', async ({ page }) => {
    await gotoHydrated(page, '/');
    const footer = page.getByTestId('site-footer');
    const expected: [string, string][] = [
      ['Pricing', '/pricing'],
      ['FAQ', '/faq'],
      ['Features', '/#features'],
      ['Solutions', '/'],
      ['Resources', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Blog', '/'],
      ['Terms', '/legal/terms-of-service'],
      ['Privacy', '/legal/privacy-policy'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('heading', { name: 'Product' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Company' })).toBeVisible();
    const social = footer.locator('a[target="_blank"]');
    expect(await social.count()).toBeGreaterThanOrEqual(3);
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('every path change scrolls to the top', async ({ page }) => {
    await gotoHydrated(page, '/');
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await footer.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('third parties', () => {
  test('with no website id the chat widget is not loaded; with no measurement id nothing goes to analytics', async ({
    page,
  }) => {
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('http://localhost')) external.push(request.url());
    });
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('#chat-widget')).toHaveCount(0);
    expect(external).toEqual([]);
  });
});
