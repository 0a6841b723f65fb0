import { expect, expectNoAxeViolations } from './fixtures.ts';
import { grantTrialPlan, openSignedInOnTrial } from './support/billing.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  expectSignInRequired,
  openSignedIn,
  openSignedInAsNewUser,
} from './support/identity.ts';
import { test } from './support/new-user.ts';
import { addUserWithDialog } from './support/teams.ts';

// The duplicate-email test makes the server refuse on purpose (409).
test.use({ allowedConsoleErrors: expectedAuthFailures });

test.describe('user management', () => {
  test('is signed-in only', async ({ page }) => {
    await expectSignInRequired(page, '/userManagement');
  });

  test('without seats: no users, 0 of 0, and Add User is disabled with the reason and a link to pricing', async ({
    page,
    newUser,
  }) => {
    await openSignedIn(page, newUser.accessToken, '/userManagement');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const panel = page.getByTestId('sub-users');
    await expect(panel.getByText('No users yet')).toBeVisible();
    await expect(panel.getByTestId('seats')).toHaveText('0 of 0 users');
    const addUser = panel.getByRole('button', { name: 'Add User' });
    await expect(addUser).toBeDisabled();
    await expect(addUser).toHaveAccessibleDescription(/no seats for more users/);
    await expect(panel.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
  });

  test('the Add User dialog: required fields, then the server’s refusal keeps it open', async ({
    page,
    request,
  }) => {
    const user = await createPasswordUser(request, 'add-user');
    await grantTrialPlan(request, user, 'pro', 2);
    // Another device of the same user added Grace a moment ago.
    const added = await request.post('/api/sub-users', {
      headers: { Authorization: `Bearer ${user.accessToken}` },
      data: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
    expect(added.status()).toBe(201);
    await openSignedIn(page, user.accessToken, '/userManagement');
    const panel = page.getByTestId('sub-users');
    await expect(panel.getByTestId('seats')).toHaveText('1 of 2 users');
    const addUser = panel.getByRole('button', { name: 'Add User' });
    await expect(addUser).toBeEnabled();

    // Escape closes the dialog and focus returns to the button.
    await addUser.click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addUser).toBeFocused();

    await addUser.click();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('Please enter a first name')).toBeVisible();
    await expect(dialog.getByText('Please enter a last name')).toBeVisible();
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await dialog.getByLabel('First name').fill('Grace');
    await expect(dialog.getByText('Please enter a first name')).toBeHidden();
    await dialog.getByLabel('Last name').fill('Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await expectNoAxeViolations(page);

    // The server's own words for a second Grace, asked directly.
    const refusal = await request.post('/api/sub-users', {
      headers: { Authorization: `Bearer ${user.accessToken}` },
      data: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
    expect(refusal.status()).toBe(409);
    const { code, message } = await refusal.json();
    expect(code).toBe('sub-users/duplicate-email');

    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue('grace@example.com');
    await expect(dialog.getByRole('button', { name: 'Add user' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('seats')).toHaveText('1 of 2 users');
  });

  test('with seats: users are added up to the limit, then Add User is disabled', async ({
    page,
    request,
  }) => {
    await openSignedInOnTrial(page, request, 'seats', '/userManagement', { plan: 'pro', seats: 2 });
    const panel = page.getByTestId('sub-users');
    await expect(panel.getByTestId('seats')).toHaveText('0 of 2 users');
    for (const [first, last, count] of [
      ['Ada', 'Lovelace', 1],
      ['Alan', 'Turing', 2],
    ] as const) {
      const dialog = await addUserWithDialog(page, {
        first,
        last,
        email: `${first.toLowerCase()}@example.com`,
      });
      await expect(dialog).toBeHidden();
      await expect(panel.getByTestId('sub-user-row').getByText(`${first} ${last}`)).toBeVisible();
      await expect(panel.getByTestId('seats')).toHaveText(`${count} of 2 users`);
    }
    await expect(panel.getByRole('button', { name: 'Add User' })).toBeDisabled();
  });

  for (const width of [1280, 375]) {
    test(`no axe violations at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await openSignedInAsNewUser(page, request, `axe-users-${width}`, '/userManagement');
      await expect(page.getByTestId('sub-users').getByText('No users yet')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
