import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { grantTrialPlan } from './support/billing.ts';
import { createPasswordUser, openSignedIn, subjectOf, uniqueEmail } from './support/identity.ts';
import * as team from './support/teams.ts';
import { addItemWithApi, itemRow } from './support/workspace.ts';

// A person in their own workspace and in someone else's: the top bar's switcher, what an owner alone
// sees (User management, Activity, billing), and the owner's activity log, a page at a time.

test.use({ allowedConsoleErrors: team.consoleErrors });

test.describe('teams: workspaces', () => {
  test.describe.configure({ timeout: team.testTimeout });

  test('a member switches between their own workspace and the owner’s; the choice is remembered; owner-only pages stay the owner’s', async ({
    page,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Orla', 1);
    await addItemWithApi(request, owner.accessToken, 'The owner’s item');
    const member = await team.joinedMember(request, owner);
    await addItemWithApi(request, member.accessToken, 'The member’s own item');
    const theirs = team.workspaceOf(owner);

    // Their own workspace first, with the owner-only entries.
    await openSignedIn(page, member.accessToken, '/dashboard');
    await expect(team.workspaceButton(page)).toHaveAccessibleName('Workspace: Your workspace');
    await expect(itemRow(page, 'The member’s own item')).toBeVisible();
    await expect(itemRow(page, 'The owner’s item')).toHaveCount(0);
    let nav = await team.ownerOnlyNavEntries(page);
    await expect(nav.userManagement).toBeVisible();
    await expect(nav.activity).toBeVisible();
    await page.keyboard.press('Escape');

    // The menu offers both, the current one checked.
    await team.workspaceButton(page).click();
    await expect(page.getByRole('menuitemradio', { name: 'Your workspace', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('menuitemradio', { name: theirs, exact: true })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.keyboard.press('Escape');

    await team.switchWorkspace(page, theirs);
    await expect(itemRow(page, 'The owner’s item')).toBeVisible();
    await expect(itemRow(page, 'The member’s own item')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-plan')).toHaveCount(0);

    // Remembered per browser, across a reload.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(team.workspaceButton(page)).toHaveAccessibleName(`Workspace: ${theirs}`);
    await expect(itemRow(page, 'The owner’s item')).toBeVisible();
    await expect(itemRow(page, 'The member’s own item')).toHaveCount(0);

    // In the owner's workspace, user management and activity are the owner's alone.
    nav = await team.ownerOnlyNavEntries(page);
    await expect(nav.userManagement).toHaveCount(0);
    await expect(nav.activity).toHaveCount(0);
    await page.keyboard.press('Escape');
    const notYours = (reason: string) => `You are working in ${theirs}. ${reason}`;
    for (const [path, reason] of [
      ['/activity', 'Only its owner and its admins see its activity.'],
      ['/settings/billing', 'Only its owner sees its billing and buys its plan.'],
      ['/userManagement', 'Only its owner and its admins manage its users.'],
    ] as const) {
      await gotoHydrated(page, path);
      await expect(page.getByText(notYours(reason))).toBeVisible();
      await expect(page.getByTestId('sub-users')).toHaveCount(0);
    }

    // From there, back to their own workspace.
    await page.getByRole('button', { name: 'Switch to your workspace' }).click();
    await expect(team.workspaceButton(page)).toHaveAccessibleName('Workspace: Your workspace');
    await expect(page.getByTestId('sub-users')).toBeVisible();
    await expect(page.getByTestId('own-workspace-only')).toHaveCount(0);

    await gotoHydrated(page, '/dashboard');
    await expect(itemRow(page, 'The member’s own item')).toBeVisible();
    await expect(itemRow(page, 'The owner’s item')).toHaveCount(0);
  });

  test('the owner’s activity lists the member’s joining and the item they added; no axe violations', async ({
    page,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Ada', 1);
    const member = await team.joinedMember(request, owner);
    await team.addItemToWorkspace(request, member, subjectOf(owner.accessToken), 'Added by the member');

    await openSignedIn(page, owner.accessToken, '/dashboard');
    const nav = await team.ownerOnlyNavEntries(page);
    await nav.activity.click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    // `<who> <what>`, newest first: the member joined, then added the item.
    const entries = page.getByTestId('activity-entry');
    await expect(entries.filter({ hasText: `${member.email} added “Added by the member”` })).toHaveCount(1);
    await expect(entries.filter({ hasText: `${member.email} joined` })).toHaveCount(1);
    await expect(entries.nth(0)).toContainText(`${member.email} added “Added by the member”`);
    await expect(entries.nth(1)).toContainText(`${member.email} joined`);
    await expect(entries.nth(2)).toContainText(`${owner.email} invited ${member.email}`);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoAxeViolations(page);
  });

  test('the owner shows older activity a page at a time, down to the first entry; a new one appears on top', async ({
    page,
    request,
  }) => {
    // 55 entries: a page of 50 (the server's page size), then the 5 older ones; on a plan whose changes
    // a minute hold them (docs/limits.md: the free plan's are 30).
    const owner = await createPasswordUser(request, 'activity-pages');
    await grantTrialPlan(request, owner, 'starter', 1);
    for (let index = 1; index <= 55; index += 1) {
      await addItemWithApi(request, owner.accessToken, `Entry ${index}`);
    }
    await openSignedIn(page, owner.accessToken, '/activity');
    const entries = page.getByTestId('activity-entry');
    const older = page.getByRole('button', { name: 'Show older activity' });
    await expect(entries).toHaveCount(50);
    await expect(entries.nth(0)).toContainText(`${owner.email} added “Entry 55”`);
    await expect(entries.nth(49)).toContainText('added “Entry 6”');
    await expect(page.getByTestId('activity-end')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // From the keyboard: the focus goes to the first of the older entries, where reading goes on.
    await older.focus();
    await page.keyboard.press('Enter');
    await expect(entries).toHaveCount(55);
    await expect(entries.nth(50)).toBeFocused();
    await expect(entries.nth(50)).toContainText('added “Entry 5”');
    await expect(entries.nth(54)).toContainText('added “Entry 1”');
    const texts = await entries.allInnerTexts();
    expect(new Set(texts.map((text) => text.split('\n')[0])).size).toBe(55);
    await expect(older).toHaveCount(0);
    await expect(page.getByTestId('activity-end')).toHaveText('No older activity.');
    await expectNoAxeViolations(page);

    // The log is live: a new entry appears on top, and the older pages stay shown.
    await addItemWithApi(request, owner.accessToken, 'Entry 56');
    await expect(entries.nth(0)).toContainText('added “Entry 56”');
    await expect(entries).toHaveCount(56);
    await expect(page.getByTestId('activity-end')).toHaveText('No older activity.');
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoAxeViolations(page);
  });

  test('the invitation page has no axe violations, signed out and signed in', async ({ page, request }) => {
    const owner = await team.ownerWithSeats(request, 'Axel', 1);
    const invitedEmail = uniqueEmail('axe-invited');
    await team.inviteWithApi(request, owner, invitedEmail);
    const link = await team.invitationLinkFor(request, invitedEmail);

    await gotoHydrated(page, link);
    await expect(
      page.getByRole('heading', { level: 1, name: `Join ${team.workspaceOf(owner)}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up to join' })).toBeVisible();
    await expectNoAxeViolations(page);

    const invitee = await team.createNamedUser(request, team.uniqueName('Bea'), invitedEmail);
    await openSignedIn(page, invitee.accessToken, '/dashboard');
    await gotoHydrated(page, link);
    await expect(page.getByRole('button', { name: 'Join workspace' })).toBeVisible();
    await expectNoAxeViolations(page);
    // And on a phone.
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoAxeViolations(page);
  });
});
