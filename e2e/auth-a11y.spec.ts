import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { expectedAuthFailures, openSignedInAsNewUser } from './support/identity.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

test.describe('accessibility of the sign-in pages and the signed-in area', () => {
  for (const width of [1280, 375]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('auth pages have no axe violations', async ({ page }) => {
        for (const path of ['/auth/signin', '/auth/signup', '/auth/forgotpass']) {
          await gotoHydrated(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        }
      });

      test('dashboard and settings have no axe violations', async ({ page, request }) => {
        // Four pages, each analysed by axe: more than the default allows on a busy 2-core machine.
        test.setTimeout(60_000);
        const user = await openSignedInAsNewUser(page, request, `axe-${width}`, '/dashboard');
        await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
        await expectNoAxeViolations(page);
        for (const path of ['/settings/general', '/settings/password', '/settings/security']) {
          await gotoHydrated(page, path);
          await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
          await expectNoAxeViolations(page);
        }
      });
    });
  }
});
