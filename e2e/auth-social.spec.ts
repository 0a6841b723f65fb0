import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { expectedAuthFailures, expectSignedInHeader, uniqueEmail } from './support/identity.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

/** Clicks a provider button and answers the emulator's consent page in the popup with a new account. */
async function continueWithProvider(page: Page, provider: string, email: string, name: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  const popup = await popupOpened;
  await popup.getByLabel(/Email/).fill(email);
  await popup.getByLabel(/Name/).fill(name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await closed;
}

const providers = [
  { label: 'Google', method: 'Google' },
  { label: 'Facebook', method: 'Facebook' },
  { label: 'Twitter', method: 'Twitter' },
];

test.describe('social sign-in through the popup', () => {
  for (const { label, method } of providers) {
    test(`${label}: the consent page signs in and lands on the dashboard`, async ({ page }) => {
      const email = uniqueEmail(label.toLowerCase());
      await gotoHydrated(page, '/auth/signin');
      await continueWithProvider(page, label, email, `Ada ${label}`);
      await expect(page).toHaveURL(/\/dashboard$/);
      const account = page.getByTestId('dashboard-user');
      await expect(account).toContainText(email);
      await expect(account).toContainText(`Ada ${label}`);
      await expect(account).toContainText(method);
      await expectSignedInHeader(page);
    });
  }

  test('signing up with a provider honours next', async ({ page }) => {
    await gotoHydrated(page, '/auth/signup?next=/settings/general');
    await continueWithProvider(page, 'Google', uniqueEmail('google-next'), 'Grace Google');
    await expect(page).toHaveURL(/\/settings\/general$/);
    await expect(page.getByLabel('Name')).toHaveValue('Grace Google');
  });

  test('closing the popup is reported and the buttons work again', async ({ page }) => {
    await gotoHydrated(page, '/auth/signin');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    const popup = await popupOpened;
    await expect(page.getByRole('button', { name: 'Waiting for the popup…' })).toBeDisabled();
    await popup.close();
    await expect(page.getByRole('alert')).toHaveText('User closed the popup window');
    await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled();
    await expect(page.getByTestId('auth-form').getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
