import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { openSignedInOnTrial } from './support/billing.ts';
import { expectSignInRequired, uniqueEmail } from './support/identity.ts';

// Settings → Provisioning (docs/scim.md, decision 0056): the owner makes a SCIM token, sees it once,
// and an identity provider's SCIM call with it adds a member, who shows in User Management.

test.describe('SCIM provisioning (Settings → Provisioning)', () => {
  test('is signed-in only', async ({ page }) => {
    await expectSignInRequired(page, '/settings/provisioning');
  });

  test('the owner makes a token, sees it once, and a SCIM call with it adds a member; revoked, it is refused', async ({
    page,
    request,
  }) => {
    await openSignedInOnTrial(page, request, 'scim', '/settings/provisioning', {
      plan: 'business',
      seats: 3,
    });
    await expect(page.getByRole('heading', { level: 2, name: 'Provisioning with SCIM' })).toBeVisible();
    const baseUrl = `${new URL(page.url()).origin}/scim/v2`;
    await expect(page.getByLabel('SCIM base URL')).toHaveValue(baseUrl);
    const tokens = page.getByTestId('scim-tokens');
    await expect(tokens.getByText('No tokens yet')).toBeVisible();
    await expectNoAxeViolations(page);

    await tokens.getByRole('button', { name: 'Make token' }).click();
    const secretField = page.getByLabel('Your SCIM token');
    await expect(secretField).toHaveValue(/^scim_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const secret = await secretField.inputValue();
    const row = tokens.getByTestId('scim-token-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${secret.slice(0, 13)}…`);
    await expect(row).toContainText(/Last used\s*Never/);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Done' }).click();
    // Shown once: gone from the page, and not on it after a reload either.
    await expect(secretField).toBeHidden();
    await gotoHydrated(page, '/settings/provisioning');
    await expect(row).toHaveCount(1);
    await expect(page.getByText(secret)).toHaveCount(0);

    // The identity provider, with the token: RFC 7644 §3.3's create.
    const email = uniqueEmail('provisioned');
    const scimHeaders = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/scim+json' };
    const created = await request.post(`${baseUrl}/Users`, {
      headers: scimHeaders,
      data: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        name: { givenName: 'Barbara', familyName: 'Jensen' },
      }),
    });
    expect(created.status(), await created.text()).toBe(201);
    expect(created.headers()['content-type']).toMatch(/^application\/scim\+json/);

    await gotoHydrated(page, '/userManagement');
    await expect(page.getByTestId('sub-users')).toContainText(email);
    await expectNoAxeViolations(page);

    await gotoHydrated(page, '/settings/provisioning');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect(tokens.getByText('No tokens yet')).toBeVisible();
    const refused = await request.get(`${baseUrl}/Users`, { headers: scimHeaders });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { schemas: string[] }).schemas).toEqual([
      'urn:ietf:params:scim:api:messages:2.0:Error',
    ]);
  });
});
