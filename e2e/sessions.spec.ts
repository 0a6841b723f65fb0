import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  expectSignedInHeader,
  expectSignedOutHeader,
  signInAgainIfAsked,
  signInWithForm,
  signOutWithMenu,
} from './support/identity.ts';
import { test } from './support/new-user.ts';

// Settings → Security → Sessions (docs/identity.md, "Sessions"), and the session's rotating refresh
// token (docs/identity.md, "Refresh tokens"), in the browser.

test.use({ allowedConsoleErrors: expectedAuthFailures });

const sessionsOf = (page: Page) => page.getByRole('region', { name: 'Sessions' });

type RenewalState = { refreshToken: string; accessToken: string };

/**
 * Reads the session's refresh token and the access token paired with it (IndexedDB, as
 * auth/refresh-token-store.ts keeps them), and with `change` writes them changed.
 */
function renewalState(page: Page, change?: Partial<RenewalState>) {
  return page.evaluate(
    (change) =>
      new Promise<RenewalState | null>((resolve, reject) => {
        const request = indexedDB.open('launchkit-session', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('renewal');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const transaction = request.result.transaction('renewal', change ? 'readwrite' : 'readonly');
          const store = transaction.objectStore('renewal');
          const read = store.get('current');
          let state: RenewalState | null = null;
          read.onsuccess = () => {
            state = (read.result as RenewalState | undefined) ?? null;
            if (change && state) store.put({ ...state, ...change }, 'current');
          };
          transaction.oncomplete = () => resolve(state);
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    change,
  );
}

/** Signs in with the form as a person does (the session gets its refresh token), on the dashboard. */
async function signIn(page: Page, email: string) {
  await gotoHydrated(page, '/auth/signin');
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No items yet')).toBeVisible();
}

/**
 * Another device: a browser of its own, not a context of this one. Chromium 156.0.8078.108 (Debian's,
 * November 2026) leaves the password sign-in of a second context of one browser waiting while the
 * first context's sign-in page offers passkeys (WebAuthn conditional mediation), which two devices never
 * share.
 */
const anotherBrowser = (browser: Browser) =>
  browser.browserType().launch(test.info().project.use.launchOptions);

/** A new user and another device of theirs; signing in on two browsers takes past the 30 s default. */
async function userWithAnotherDevice(browser: Browser, request: APIRequestContext, label: string) {
  test.setTimeout(90_000);
  const user = await createPasswordUser(request, label);
  return { user, otherBrowser: await anotherBrowser(browser) };
}

test.describe('sessions', () => {
  test('lists where the account is signed in; signing out the others ends a second browser’s access and its open dashboard at once', async ({
    page,
    browser,
    request,
  }) => {
    const { user, otherBrowser } = await userWithAnotherDevice(browser, request, 'sessions');
    const otherContext = await otherBrowser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, user.email);
    // A sign-in a second later is a session of its own.
    await page.waitForTimeout(1_100);
    await signIn(page, user.email);

    await gotoHydrated(page, '/settings/security');
    const sessions = sessionsOf(page);
    await expect(sessions.getByTestId('session')).toHaveCount(2);
    await expect(sessions.getByTestId('session').first()).toContainText('This device');
    await expect(sessions.getByTestId('session').nth(1)).toContainText('Safari on iOS');
    await expectNoAxeViolations(page);

    await sessions.getByRole('button', { name: 'Sign out of other sessions' }).click();
    const dialog = page.getByTestId('end-other-sessions-dialog');
    await expect(dialog).toContainText('This one stays signed in.');
    await dialog.getByRole('button', { name: 'Sign out of other sessions' }).click();
    // Ending sessions needs a recent sign-in (e2e/support/server-settings.ts): a slow machine asks again.
    const done = sessions.getByRole('status');
    await signInAgainIfAsked(page, user.password, done);
    await expect(done).toHaveText('One other session was signed out.');
    await expect(sessions.getByTestId('session')).toHaveCount(1);

    // The other browser did nothing: its open dashboard's stream closed, and it is signed out.
    await expectSignedOutHeader(otherPage);
    expect(await renewalState(otherPage)).toBeNull();
    // This one goes on.
    await gotoHydrated(page, '/dashboard');
    await expectSignedInHeader(page);
    await otherBrowser.close();
  });

  test('“Sign out” ends the session at the API: signed in again, Security lists one session', async ({
    page,
    newUser,
  }) => {
    await signIn(page, newUser.email);
    await signOutWithMenu(page);
    // A sign-in a second later is a session of its own.
    await page.waitForTimeout(1_100);
    await signIn(page, newUser.email);

    await gotoHydrated(page, '/settings/security');
    const sessions = sessionsOf(page).getByTestId('session');
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('This device');
  });

  test('a password change signs the other browser out (the box ticked by default), and “Sign out of this one” signs this one out', async ({
    page,
    browser,
    request,
  }) => {
    const { user, otherBrowser } = await userWithAnotherDevice(browser, request, 'password-sessions');
    const otherContext = await otherBrowser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, user.email);
    await page.waitForTimeout(1_100);
    await signIn(page, user.email);

    await gotoHydrated(page, '/settings/password');
    const form = page.getByTestId('settings-password-form');
    await expect(form.getByLabel('Sign out of my other devices')).toBeChecked();
    await expectNoAxeViolations(page);
    await form.getByLabel('New password', { exact: true }).fill('Another-horse-7');
    await form.getByLabel('Confirm new password').fill('Another-horse-7');
    await form.getByRole('button', { name: 'Change password' }).click();
    // The change waits for the provider's new hash and for every other session's ending (their refresh
    // tokens, the provider's sessions): several provider calls, slow on a busy 2-core machine.
    const changed = page.getByRole('status').filter({ hasText: 'Your password has been changed' });
    await signInAgainIfAsked(page, user.password, changed, { timeout: 30_000 });
    await expect(changed).toHaveText(
      'Your password has been changed, and your other devices are signed out',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('end-other-sessions-offer')).toHaveCount(0);
    // The other browser's access ends: its next request to the API is refused, and it is signed out.
    await gotoHydrated(otherPage, '/dashboard');
    await expectSignedOutHeader(otherPage);

    await gotoHydrated(page, '/settings/security');
    await sessionsOf(page).getByRole('button', { name: 'Sign out of this one' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOutHeader(page);
    await otherBrowser.close();
  });

  test('a password change that keeps the other sessions offers to sign them out afterwards', async ({
    page,
    browser,
    request,
  }) => {
    const { user, otherBrowser } = await userWithAnotherDevice(browser, request, 'password-keeps');
    const otherPage = await (await otherBrowser.newContext()).newPage();
    await signIn(otherPage, user.email);
    await page.waitForTimeout(1_100);
    await signIn(page, user.email);

    await gotoHydrated(page, '/settings/password');
    const form = page.getByTestId('settings-password-form');
    await form.getByLabel('New password', { exact: true }).fill('Another-horse-8');
    await form.getByLabel('Confirm new password').fill('Another-horse-8');
    await form.getByLabel('Sign out of my other devices').uncheck();
    await form.getByRole('button', { name: 'Change password' }).click();
    const offer = page.getByTestId('end-other-sessions-offer');
    await signInAgainIfAsked(page, user.password, offer);
    await expect(offer).toContainText('Browsers and devices that are already signed in stay signed in');
    await gotoHydrated(otherPage, '/dashboard');
    await expectSignedInHeader(otherPage);
    await offer.getByRole('button', { name: 'Sign out of other sessions' }).click();
    // Loading the other browser's page can take the sign-in past its limit on a busy machine.
    await signInAgainIfAsked(page, 'Another-horse-8', offer.getByRole('status'));
    await expect(offer.getByRole('status')).toHaveText('One other session was signed out.');
    await expectSignedOutHeader(otherPage);
    await otherBrowser.close();
  });

  test('two tabs renewing the session at the same moment keep the person signed in (one rotation, no reuse)', async ({
    page,
    request,
  }) => {
    // Two tabs, a held-back exchange, two reloads: more than the default on a busy machine.
    test.setTimeout(60_000);
    const user = await createPasswordUser(request, 'two-tabs');
    await signIn(page, user.email);
    const secondTab = await page.context().newPage();
    await gotoHydrated(secondTab, '/dashboard');
    await expect(secondTab.getByText('No items yet')).toBeVisible();
    const first = await renewalState(page);
    expect(first?.refreshToken).toBeTruthy();

    // Each exchange at the provider takes half a second, so both tabs start renewing before either
    // has the answer: without one renewal at a time, both would spend the same refresh token, and
    // the provider would take the second for a stolen copy and end the sign-in.
    let exchanges = 0;
    await page.context().route('**/oauth/token', async (route) => {
      if (route.request().postDataJSON()?.grant_type === 'refresh_token') {
        exchanges += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await route.continue();
    });
    // The session's access token stops being accepted in both tabs at the same moment, as when it
    // expires: a page of the site without the app writes one the API refuses, as the session's, and
    // both tabs hear of it.
    const writer = await page.context().newPage();
    await writer.goto('/robots.txt');
    await renewalState(writer, { accessToken: 'no-longer-accepted' });
    await writer.evaluate(() => window.localStorage.setItem('auth0_access_token', 'no-longer-accepted'));
    await writer.close();

    // Both renew from the one refresh token: one exchanges it, the other waits and takes the result.
    await expect.poll(async () => (await renewalState(page))?.refreshToken).not.toBe(first?.refreshToken);
    const renewed = await renewalState(page);
    expect(renewed?.refreshToken).toBeTruthy();
    expect(renewed?.accessToken).toMatch(/^ey/);
    await expect
      .poll(() =>
        Promise.all(
          [page, secondTab].map((tab) => tab.evaluate(() => localStorage.getItem('auth0_access_token'))),
        ),
      )
      .toEqual([renewed?.accessToken, renewed?.accessToken]);
    expect(exchanges).toBe(1);
    for (const tab of [page, secondTab]) {
      await tab.reload();
      await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expectSignedInHeader(tab);
      await expect(tab.getByText('No items yet')).toBeVisible();
    }
  });
});
