import { expect, gotoHydrated, test } from './fixtures.ts';
import {
  continueWithProvider,
  expectedAuthFailures,
  expectSignedInHeader,
  uniqueEmail,
} from './support/identity.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

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
