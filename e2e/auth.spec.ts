import { describePasswordPolicy } from '@launchkit/password-policy';
import { expect, gotoHydrated } from './fixtures.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  expectSignedInHeader,
  expectSignedOutHeader,
  identityConfig,
  linkFromMail,
  openSignedInAsNewUser,
  password,
  passwordToken,
  signInWithForm,
  signOutWithMenu,
  uniqueEmail,
} from './support/identity.ts';
import { test } from './support/new-user.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

test.describe('sign up, sign out, sign in', () => {
  test('a new account lands on the dashboard; signing out ends on the home page; signing in again works', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await gotoHydrated(page, '/auth/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Sign up' }).click();

    // The first sign-up of a run also warms the servers up (password hashing, key loading).
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const account = page.getByTestId('dashboard-user');
    await expect(account).toContainText(email);
    await expect(account).toContainText('Email and password');
    await expectSignedInHeader(page);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('auth0_access_token'),
      userId: localStorage.getItem('__user_id'),
    }));
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.userId).toMatch(/^"auth0\|.+"$/);
    await expect(account).toContainText(JSON.parse(stored.userId ?? '""'));

    await signOutWithMenu(page);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expectSignedOutHeader(page);
    await expect(page.getByTestId('site-footer')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth0_access_token'))).toBeNull();

    await page.getByTestId('site-header').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    // Holds the provider's answer a moment so the busy state can be seen.
    const { domain } = await identityConfig(page.request);
    await page.route(`${domain}/oauth/token`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await signInWithForm(page, email);
    await expect(page.getByTestId('auth-form').getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-user')).toContainText(email);
  });

  test('validation runs on submit, then on change', async ({ page }) => {
    await gotoHydrated(page, '/auth/signup');
    const form = page.getByTestId('auth-form');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByText('Please enter an email address')).toBeVisible();
    await expect(form.getByText('Please enter a password')).toBeVisible();
    await expect(form.getByText('Please enter your password again')).toBeVisible();

    await form.getByLabel('Email').fill('someone@example.com');
    await expect(form.getByText('Please enter an email address')).toBeHidden();
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill('Something-else-1');
    await expect(form.getByText("This doesn't match your password")).toBeVisible();
    await form.getByLabel('Confirm password').fill(password);
    await expect(form.getByText("This doesn't match your password")).toBeHidden();
  });

  test('a wrong password is refused and the form can be sent again', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'wrong');
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email, 'Not-the-password-1');
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    const form = page.getByTestId('auth-form');
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(form.getByLabel('Email')).toBeEnabled();
    await expect(page).toHaveURL(/\/auth\/signin$/);

    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a weak password shows the policy', async ({ page }) => {
    await gotoHydrated(page, '/auth/signup');
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(uniqueEmail('weak'));
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm password').fill('short');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `Your password must be: ${describePasswordPolicy('good')}`,
    );
    await expect(form.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });

  test('signing up with an existing email says the user exists', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'existing');
    await gotoHydrated(page, '/auth/signup');
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText('The user already exists.');
  });

  test('an unknown type shows the sign-up form, and the forms link to each other', async ({ page }) => {
    await gotoHydrated(page, '/auth/whatever?next=/settings/billing');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fsettings%2Fbilling$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    for (const provider of ['Google', 'Facebook', 'Twitter']) {
      await expect(page.getByRole('button', { name: `Continue with ${provider}` })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Get a new password' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
  });
});

test.describe('forgotten password', () => {
  test('the emailed link leads to the provider’s reset page; the new password signs in', async ({
    page,
    request,
    newUser: user,
  }) => {
    await gotoHydrated(page, '/auth/forgotpass');
    const form = page.getByTestId('auth-form');
    await form.getByRole('button', { name: 'Get a new password' }).click();
    await expect(form.getByText('Please enter an email address')).toBeVisible();
    await form.getByLabel('Email').fill(user.email);
    await form.getByRole('button', { name: 'Get a new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password reset email sent' })).toBeVisible();

    const link = await linkFromMail(request, user.email, 'Reset your password');
    await page.goto(link);
    const newPassword = 'Brand-new-horse-7';
    const fields = page.locator('input[type="password"]');
    await expect(fields).toHaveCount(2);
    await fields.nth(0).fill(newPassword);
    await fields.nth(1).fill(newPassword);
    await page.locator('form button[type="submit"], form input[type="submit"]').first().click();
    await expect(page.getByText(/password (has been )?(changed|reset)/i).first()).toBeVisible();

    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await signInWithForm(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('changepass without a session explains that the provider’s page does the reset', async ({ page }) => {
    await gotoHydrated(page, '/auth/changepass');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const form = page.getByTestId('auth-form');
    await form.getByLabel('New password', { exact: true }).fill(password);
    await form.getByLabel('Confirm new password').fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('identity provider handles password reset');
    await expect(form.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  test('changepass while signed in changes the password', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'changepass', '/auth/changepass');
    await expectSignedInHeader(page);
    const form = page.getByTestId('auth-form');
    const newPassword = 'Another-horse-5';
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
    expect(await passwordToken(request, user.email, newPassword)).toBeTruthy();
  });
});

test.describe('the next path', () => {
  test('sign-in goes on to a path on this site', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'next');
    await gotoHydrated(page, '/auth/signin?next=/settings/password');
    await signInWithForm(page, user.email);
    await expect(page).toHaveURL(/\/settings\/password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    test(`an off-site next (${next}) is ignored`, async ({ page, request }) => {
      const user = await createPasswordUser(request, 'offsite');
      await gotoHydrated(page, `/auth/signin?next=${encodeURIComponent(next)}`);
      await signInWithForm(page, user.email);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
    });
  }

  test('a signed-in visitor of the sign-in page goes straight on', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'already', '/legal/terms-of-service');
    // The page leaves by a document navigation as soon as it knows the visitor, which may come
    // before its load event: wait for the navigation to commit, not for the page to load.
    // Each next visit waits for the page it was sent to to load: a visit started while that page is
    // still on its way is aborted by it (net::ERR_ABORTED).
    await page.goto('/auth/signin', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForLoadState('load');
    await page.goto('/auth/signin?next=/settings/password', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/settings\/password$/);
    await page.waitForLoadState('load');
    await page.goto(`/auth/signup?next=${encodeURIComponent('//evil.example')}`, { waitUntil: 'commit' });
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });
});

test.describe('the route guard', () => {
  for (const path of [
    '/dashboard',
    '/myAccount',
    '/settings/general',
    '/settings/password',
    '/settings/billing',
    '/settings/general?from=mail',
  ]) {
    test(`${path} sends a signed-out visitor to the sign-in page with next`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page).toHaveURL(/\/auth\/signin\?next=/);
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });
  }
});
