import { expect, gotoHydrated } from './fixtures.ts';
import {
  blockUser,
  createPasswordUser,
  expectedAuthFailures,
  expectSignedInHeader,
  expectSignedOutHeader,
  openSignedIn,
  openSignedInAsNewUser,
  password,
  signInWithForm,
  signOutWithMenu,
  subjectOf,
} from './support/identity.ts';
import { test } from './support/new-user.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

const storedToken = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('auth0_access_token'));

test.describe('the session', () => {
  test('a stored token restores the session on start-up, with a spinner while it is checked', async ({
    page,
    newUser: user,
  }) => {
    await page.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await gotoHydrated(page, '/legal/privacy-policy');
    await page.evaluate((token) => localStorage.setItem('auth0_access_token', token), user.accessToken);
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    expect(await page.evaluate(() => localStorage.getItem('__user_id'))).toBe(
      JSON.stringify(subjectOf(user.accessToken)),
    );
  });

  test('a rate-limited profile check (Auth0’s 429) is tried again instead of signing out', async ({
    page,
    request,
  }) => {
    const user = await createPasswordUser(request, 'throttled');
    // Auth0 answers /userinfo with 429 past about ten page loads a minute for one user.
    let refusals = 2;
    await page.route('**/userinfo', async (route) => {
      if (refusals-- <= 0) return route.continue();
      await route.fulfill({
        status: 429,
        headers: {
          'content-type': 'application/json',
          'retry-after': '1',
          'access-control-allow-origin': '*',
        },
        body: JSON.stringify({ error: 'too_many_requests', error_description: 'Too Many Requests' }),
      });
    });
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await storedToken(page)).toBe(user.accessToken);
  });

  test('the top bar and footer for a signed-in user', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'header', '/about');
    await expectSignedInHeader(page);
    const header = page.getByTestId('site-header');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('button', { name: 'Solutions' })).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);

    const menuButton = header.getByRole('button', { name: 'Account' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const expected: [string, string][] = [
      ['My Account', '/myAccount'],
      ['User Management', '/userManagement'],
      ['Settings', '/settings/general'],
    ];
    for (const [name, href] of expected) {
      await expect(header.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await header.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/myAccount$/);
    const frame = page.getByTestId('my-account-frame');
    await expect(frame).toHaveAttribute(
      'src',
      `/omniout/myAccount.html?c__accountToken=${encodeURIComponent(subjectOf(user.accessToken))}`,
    );
    await expect(frame).toHaveAttribute('title', /.+/);
    expect((await frame.boundingBox())?.height).toBe(750);
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the mobile menu mirrors the signed-in bar', async ({ page, request }) => {
      const user = await openSignedInAsNewUser(page, request, 'mobile', '/dashboard');
      await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
      await page.getByTestId('mobile-menu-toggle').click();
      const menu = page.getByTestId('mobile-menu');
      for (const name of ['Dashboard', 'My Account', 'User Management', 'Settings'])
        await expect(menu.getByRole('link', { name })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
      await menu.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
      await page.getByTestId('mobile-menu-toggle').click();
      await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Sign in' })).toBeVisible();
    });
  });

  test('signing out in one tab signs out the other; signing in in one signs in the other', async ({
    context,
    request,
  }) => {
    const user = await createPasswordUser(request, 'tabs');
    const first = await context.newPage();
    const second = await context.newPage();
    await openSignedIn(first, user.accessToken, '/dashboard');
    await gotoHydrated(second, '/settings/general');
    await expect(second.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await signOutWithMenu(first);
    await expect(first).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(second).toHaveURL(/\/auth\/signin\?next=%2Fsettings%2Fgeneral$/);
    await expectSignedOutHeader(second);

    await gotoHydrated(first, '/about');
    await expectSignedOutHeader(first);
    await signInWithForm(second, user.email, password);
    await expect(second).toHaveURL(/\/settings\/general$/);
    await expectSignedInHeader(first);
  });

  test('a blocked user’s token no longer works: reloading once the kept profile is stale signs out', async ({
    page,
    request,
  }) => {
    const user = await openSignedInAsNewUser(page, request, 'blocked', '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    await blockUser(request, subjectOf(user.accessToken));
    // The provider's /userinfo refuses a blocked user; it is asked once the kept profile is stale
    // (decision 0045: an hour), which this ages.
    await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem('launchkit_profile') ?? 'null');
      localStorage.setItem('launchkit_profile', JSON.stringify({ ...kept, readAt: 0 }));
    });
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fdashboard$/);
    await expectSignedOutHeader(page);
    expect(await storedToken(page)).toBeNull();
  });

  test('a malformed token signs out', async ({ page }) => {
    await openSignedIn(page, 'not-a-token', '/dashboard');
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fdashboard$/);
    await expectSignedOutHeader(page);
    expect(await storedToken(page)).toBeNull();
  });

  test('a tampered token signs out', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'tampered');
    const [header, payload, signature] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    claims.exp += 365 * 24 * 3600;
    const forged = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    await openSignedIn(page, forged, '/settings/general');
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fsettings%2Fgeneral$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('the API refusing the token (auth/invalid-user-token) signs out', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'refused');
    await page.route('**/api/user', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'error',
          code: 'auth/invalid-user-token',
          message: 'Your session has expired. Please sign in again.',
        }),
      }),
    );
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fdashboard$/);
    expect(await storedToken(page)).toBeNull();
  });
});
