import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { openSignedIn, subjectOf, uniqueEmail, verifyEmail } from './support/identity.ts';
import * as team from './support/teams.ts';
import { addItemWithApi, itemRow } from './support/workspace.ts';

// Roles (docs/team.md, "Roles"): the owner invites an admin and a viewer; the viewer sees the items live
// with no control to change them, and the API refuses their writes; the admin manages the people below
// admin and never reaches billing.

test.use({ allowedConsoleErrors: team.consoleErrors });

/** Invites `email` with `role` through User Management's Add User dialog. */
async function inviteWithRole(page: Page, email: string, role: 'Admin' | 'Member' | 'Viewer') {
  await page.getByTestId('sub-users').getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('First name').fill(role);
  await dialog.getByLabel('Last name').fill('Person');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(team.memberRow(page, email)).toBeVisible();
}

/** The invited person signs up with the address and joins through the mailed link. */
async function join(request: Parameters<typeof team.acceptWithApi>[0], email: string, name: string) {
  const link = await team.invitationLinkFor(request, email);
  const person = await team.createNamedUser(request, team.uniqueName(name), email);
  await verifyEmail(request, email);
  await team.acceptWithApi(request, person, link);
  return person;
}

test.describe('teams: roles', () => {
  test.describe.configure({ timeout: 2 * team.testTimeout });

  test('an admin and a viewer: the viewer watches without controls, the admin manages people but not billing', async ({
    page,
    request,
    browser,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Olive', 3);
    const ownerId = subjectOf(owner.accessToken);
    const theirs = team.workspaceOf(owner);
    await addItemWithApi(request, owner.accessToken, 'Quarterly plan');

    // The owner invites with a role; every role is offered to them.
    await openSignedIn(page, owner.accessToken, '/userManagement');
    const [adminEmail, viewerEmail] = [uniqueEmail('admin'), uniqueEmail('viewer')];
    await inviteWithRole(page, adminEmail, 'Admin');
    await inviteWithRole(page, viewerEmail, 'Viewer');
    await expect(team.memberRow(page, adminEmail).getByLabel('Role')).toHaveValue('admin');
    await expect(team.memberRow(page, viewerEmail).getByLabel('Role')).toHaveValue('viewer');
    await expectNoAxeViolations(page);

    const admin = await join(request, adminEmail, 'Ada');
    const viewer = await join(request, viewerEmail, 'Vic');

    // The viewer: the owner's items, live, and nothing to change them with.
    const viewerBrowser = await team.secondBrowser(browser, team.consoleErrors);
    const viewerPage = viewerBrowser.page;
    await openSignedIn(viewerPage, viewer.accessToken, '/dashboard');
    await team.switchWorkspace(viewerPage, theirs);
    await expect(itemRow(viewerPage, 'Quarterly plan')).toBeVisible();
    await expect(viewerPage.getByTestId('items-read-only')).toBeVisible();
    await expect(viewerPage.getByTestId('add-item-form')).toHaveCount(0);
    const items = viewerPage.getByTestId('dashboard-items');
    await expect(items.getByRole('button')).toHaveCount(0);
    await expect(viewerPage.getByTestId('workspace-role')).toHaveText('Viewer: you see its items, live');
    await addItemWithApi(request, owner.accessToken, 'Added while watching');
    await expect(itemRow(viewerPage, 'Added while watching')).toBeVisible();
    await expect(items.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(viewerPage);
    // Nor does the server take a write from them, whatever the page offers.
    const refused = await request.post(`/api/items?workspace=${encodeURIComponent(ownerId)}`, {
      headers: { Authorization: `Bearer ${viewer.accessToken}` },
      data: { name: 'Sneaked in' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('workspaces/forbidden');
    const nav = await team.ownerOnlyNavEntries(viewerPage);
    await expect(nav.userManagement).toHaveCount(0);
    await viewerPage.keyboard.press('Escape');

    // The admin: User Management of the owner's workspace, with the roles below admin.
    await openSignedIn(page, admin.accessToken, '/dashboard');
    await team.switchWorkspace(page, theirs);
    const adminNav = await team.ownerOnlyNavEntries(page);
    await expect(adminNav.userManagement).toBeVisible();
    await adminNav.userManagement.click();
    await expect(page.getByTestId('sub-users')).toBeVisible();
    // Their own row is an admin's: only the owner changes or removes it.
    await expect(team.memberRow(page, adminEmail).getByTestId('sub-user-role')).toHaveText('Admin');
    await expect(team.memberRow(page, adminEmail).getByRole('button', { name: 'Remove' })).toHaveCount(0);
    const viewerRole = team.memberRow(page, viewerEmail).getByLabel('Role');
    await expect(viewerRole.locator('option')).toHaveText(['Member', 'Viewer']);
    await viewerRole.selectOption('member');
    await expect(page.getByText(/is now member\.$/)).toBeVisible();
    await expect(viewerRole).toHaveValue('member');
    // The viewer, now a member, gets the controls when the dashboard opens again.
    await gotoHydrated(viewerPage, '/dashboard');
    await expect(viewerPage.getByTestId('add-item-form')).toBeVisible();
    await viewerBrowser.close();

    await page.getByTestId('sub-users').getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('Role').locator('option')).toHaveText(['Member', 'Viewer']);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The activity log says who changed what, the role before included.
    await gotoHydrated(page, '/activity');
    await expect(page.getByText(`changed the role of ${viewerEmail} from viewer`)).toBeVisible();

    // Billing stays the owner's: the settings and a purchase link say so and start no checkout.
    const notTheirs = `You are working in ${theirs}. Only its owner sees its billing and buys its plan.`;
    await gotoHydrated(page, '/settings/billing');
    await expect(page.getByText(notTheirs)).toBeVisible();
    await gotoHydrated(page, '/purchase/pro');
    await expect(page.getByText(notTheirs)).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/pro$/);
    await expectNoAxeViolations(page);
    const checkout = await request.post(
      `/api/stripe-create-checkout-session?workspace=${encodeURIComponent(ownerId)}`,
      {
        headers: { Authorization: `Bearer ${admin.accessToken}` },
        data: { priceId: 'price_pro_monthly', successUrl: page.url(), cancelUrl: page.url() },
      },
    );
    expect(checkout.status()).toBe(403);
  });
});
