import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import {
  expectedAuthFailures,
  openSignedInAsNewUser,
  passwordToken,
  reauthDialog,
  uniqueEmail,
  waitUntilSignInIsOld,
} from './support/identity.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

test.describe('settings', () => {
  test('tabs: General, Password, Security, Billing; an unknown section shows General', async ({
    page,
    request,
  }) => {
    await openSignedInAsNewUser(page, request, 'tabs', '/settings/whatever');
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(tabs.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Name')).toBeVisible();

    await tabs.getByRole('link', { name: 'Password' }).click();
    await expect(page).toHaveURL(/\/settings\/password$/);
    await expect(tabs.getByRole('link', { name: 'Password' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'General' })).not.toHaveAttribute('aria-current', /.*/);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();

    await tabs.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(tabs.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toBeVisible();

    // Without a plan the Billing tab sends the user to choose one (docs/product.md §4; with a plan:
    // billing.spec.ts).
    await tabs.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('general: validation, then the name is saved', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'profile', '/settings/general');
    const form = page.getByTestId('settings-general-form');
    await expect(form.getByLabel('Email')).toHaveValue(user.email);
    // A new person has no name yet: the field is empty rather than showing their address as one.
    await expect(form.getByLabel('Name')).toHaveValue('');

    await form.getByLabel('Name').fill('');
    await form.getByLabel('Email').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await expect(form.getByText('Please enter your email')).toBeVisible();
    await form.getByLabel('Name').fill('Ada Lovelace');
    await expect(form.getByText('Please enter your name')).toBeHidden();
    await form.getByLabel('Email').fill(user.email);

    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been updated' })).toBeVisible();
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText('Ada Lovelace');
    await expect(page.getByText('Welcome, Ada Lovelace.')).toBeVisible();
    await expect(page.getByTestId('name-prompt')).toHaveCount(0);
  });

  test('password: validation, then the new password is the one that signs in', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'password', '/settings/password');
    const form = page.getByTestId('settings-password-form');
    // A new password signs the other devices out unless the person unticks it (decision 0040).
    await expect(form.getByLabel('Sign out of my other devices')).toBeChecked();
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Please enter a password')).toBeVisible();
    await expect(form.getByText('Please enter your password again')).toBeVisible();
    await form.getByLabel('New password', { exact: true }).fill('Newer-horse-3');
    await form.getByLabel('Confirm new password').fill('Newer-horse-4');
    await expect(form.getByText("This doesn't match your password")).toBeVisible();
    await form.getByLabel('Confirm new password').fill('Newer-horse-3');

    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');
    expect(await passwordToken(request, user.email, 'Newer-horse-3')).toBeTruthy();
  });

  test('password: a weak password shows the server’s message', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'weak-settings', '/settings/password');
    const form = page.getByTestId('settings-password-form');
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Confirm new password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('At least 8 characters');
    await expect(form.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  test('changing the email after the sign-in has aged asks to sign in again, then finishes the change', async ({
    page,
    request,
  }) => {
    test.setTimeout(105_000);
    const user = await openSignedInAsNewUser(page, request, 'reauth', '/settings/general');
    const form = page.getByTestId('settings-general-form');
    await expect(form.getByLabel('Email')).toHaveValue(user.email);
    await waitUntilSignInIsOld(page);

    // Closing the dialog gives up the change, with the server's reason. (A new person has no name yet,
    // and the profile needs one.)
    const newEmail = uniqueEmail('reauth-new');
    await form.getByLabel('Name').fill('Reauth Person');
    await form.getByLabel('Email').fill(newEmail);
    await form.getByRole('button', { name: 'Save changes' }).click();
    const dialog = reauthDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save changes' })).toBeEnabled();

    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Please enter your password')).toBeVisible();
    await dialog.getByLabel('Password').fill('Not-the-password-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wrong email or password.');
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile has been updated' })).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue(newEmail);
    const token = await page.evaluate(() => localStorage.getItem('auth0_access_token'));
    expect(token).not.toBe(user.accessToken);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText(newEmail);
    expect(await passwordToken(request, newEmail, user.password)).toBeTruthy();
  });

  test('a social account has no password here and its email comes from the provider', async ({ page }) => {
    const email = uniqueEmail('social-settings');
    await gotoHydrated(page, '/auth/signin?next=/settings/password');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.getByLabel(/Email/).fill(email);
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/password$/);
    await expect(page.getByRole('heading', { name: 'No password to change' })).toBeVisible();
    await expect(page.getByText('You sign in with your Google account')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

    // Its second factor is Google's own two-step verification.
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toContainText(
      'You sign in with your Google account, so its own two-step verification protects this site too.',
    );
    await expect(page.getByRole('button', { name: 'Set up two-factor' })).toHaveCount(0);

    await page.getByRole('link', { name: 'General' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByText('Your email comes from your Google account.')).toBeVisible();
  });
});
