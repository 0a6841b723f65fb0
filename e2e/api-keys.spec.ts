import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { expectSignInRequired, openSignedInAsNewUser } from './support/identity.ts';

test.describe('API keys (Developers)', () => {
  test('is signed-in only', async ({ page }) => {
    await expectSignInRequired(page, '/developers');
  });

  test('the owner creates a key, a program calls the API with it, and once revoked it is refused', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSignedInAsNewUser(page, request, 'api-keys', '/developers');
    await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
    const keys = page.getByTestId('api-keys');
    await expect(keys.getByText('No keys yet')).toBeVisible();
    // How to call the API: against this site's origin.
    await expect(page.getByTestId('calling-the-api')).toContainText(
      `${new URL(page.url()).origin}/api/items`,
    );
    await expectNoAxeViolations(page);

    // Create: the dialog asks for a name first.
    await keys.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Please enter a name for the key')).toBeVisible();
    await dialog.getByLabel('Name').fill('CI pipeline');
    await dialog.getByLabel('Role').selectOption('member');
    await dialog.getByLabel('Expires').selectOption('90');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog).toBeHidden();

    // The secret, shown once.
    const secretField = page.getByLabel('Your API key');
    await expect(secretField).toHaveValue(/^lk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const secret = await secretField.inputValue();
    const row = keys.getByTestId('api-key-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('CI pipeline');
    await expect(row).toContainText(`${secret.slice(0, 11)}…`);
    await expect(row).toContainText('Member: read and change items');
    await expect(row).toContainText(/Last used\s*Never/);
    await expectNoAxeViolations(page);
    // Copy puts the whole key on the clipboard.
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    // On a phone too: nothing overflows into a region a keyboard cannot reach.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(secretField).toBeHidden();

    // A program, with the key as its bearer token: creates and lists items.
    const asKey = { Authorization: `Bearer ${secret}` };
    const created = await request.post('/api/items', { headers: asKey, data: { name: 'From curl' } });
    expect(created.status(), await created.text()).toBe(201);
    const listed = await request.get('/api/items', { headers: asKey });
    expect(listed.status()).toBe(200);
    expect(((await listed.json()) as { data: { name: string }[] }).data.map((item) => item.name)).toEqual([
      'From curl',
    ]);
    // It is no person: their endpoints refuse it.
    const user = await request.get('/api/user', { headers: asKey });
    expect(user.status()).toBe(403);
    expect(((await user.json()) as { code: string }).code).toBe('auth/api-key-not-allowed');

    // The item is the workspace's, and the log names the key.
    await gotoHydrated(page, '/activity');
    await expect(
      page.getByTestId('activity-entry').filter({ hasText: 'API key “CI pipeline” added “From curl”' }),
    ).toHaveCount(1);

    await gotoHydrated(page, '/developers');
    await expect(row).toContainText(/Last used\s*just now/);
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(keys.getByText('Key “CI pipeline” revoked: it no longer works.')).toBeVisible();
    await expect(keys.getByText('No keys yet')).toBeVisible();

    const refused = await request.get('/api/items', { headers: asKey });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('auth/api-key-revoked');
  });
});
