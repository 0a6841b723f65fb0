import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures.ts';
import { expectedAuthFailures, openSignedIn, verifyEmail } from './support/identity.ts';
import { test } from './support/new-user.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

const banner = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Email verification' });

test.describe('verified email', () => {
  test('an unverified account is asked to verify on every signed-in page, can have the mail again once a minute, and the banner goes once the link is opened', async ({
    page,
    request,
    newUser: user,
  }) => {
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(banner(page)).toContainText(
      `Verify your email address. Open the link we mailed to ${user.email}. Until then you cannot join a workspace you are invited to.`,
    );
    await expectNoAxeViolations(page);
    await gotoHydrated(page, '/settings/password');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Resend' }).click();
    await expect(banner(page).getByRole('status')).toHaveText(`We sent a new link to ${user.email}.`);
    // A second mail within the minute is the API's refusal, in its words.
    await banner(page).getByRole('button', { name: 'Resend' }).click();
    await expect(banner(page).getByRole('alert')).toHaveText(
      'We sent you a verification email less than a minute ago. Please check your inbox, or wait a minute before asking again.',
    );

    // Not opened yet: the provider still says unverified.
    await banner(page).getByRole('button', { name: 'I have verified it' }).click();
    await expect(banner(page).getByRole('alert')).toHaveText(
      'Your email address is not verified yet. Open the link in the mail we sent you, then try again.',
    );
    await verifyEmail(request, user.email);
    await banner(page).getByRole('button', { name: 'I have verified it' }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});
