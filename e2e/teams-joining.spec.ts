import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import {
  continueWithProvider,
  openSignedIn,
  subjectOf,
  uniqueEmail,
  verifyEmail,
} from './support/identity.ts';
import * as team from './support/teams.ts';
import { addItemWithApi, addItemWithForm, itemRow, waitForItemList } from './support/workspace.ts';

// Teams (docs/team.md): two people, each in a browser of their own, against the real product and its
// emulators. The owner's plan gives the seats; the invitee's mail comes from the dev outbox.

test.use({ allowedConsoleErrors: team.consoleErrors });

test.describe('teams: joining a workspace', () => {
  test.describe.configure({ timeout: team.testTimeout });

  test('the owner adds a user; the invitee signs up through the mailed link, joins, and works with the owner live', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Olivia', 2);
    await addItemWithApi(request, owner.accessToken, 'Owner’s plan');
    const inviteeEmail = uniqueEmail('invitee');

    // The owner adds the person in User Management: the row says Invited.
    await openSignedIn(page, owner.accessToken, '/userManagement');
    const panel = page.getByTestId('sub-users');
    const dialog = await team.addUserWithDialog(page, { first: 'Ivy', last: 'Invitee', email: inviteeEmail });
    await expect(dialog).toBeHidden();
    await expect(team.memberStatus(page, inviteeEmail)).toHaveText('Invited');
    await expect(panel.getByTestId('seats')).toHaveText('1 of 2 users');

    // The invitee opens the mailed link in a browser of their own.
    const link = await team.invitationLinkFor(request, inviteeEmail);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/invitation#[A-Za-z0-9_-]{43}$/);
    const invitee = await team.secondBrowser(browser, team.consoleErrors);
    const inviteePage = invitee.page;
    await gotoHydrated(inviteePage, link);
    await expect(
      inviteePage.getByRole('heading', { level: 1, name: `Join ${team.workspaceOf(owner)}` }),
    ).toBeVisible();
    await expect(
      inviteePage.getByText(`${owner.name} invited ${inviteeEmail} to work with them.`),
    ).toBeVisible();
    // The token has left the address bar (and so the history), kept in this tab for the way back.
    await expect(inviteePage).toHaveURL(/\/invitation$/);

    // Signs up with the invited email through the real sign-up page, and comes back to the invitation.
    await inviteePage.getByRole('link', { name: 'Sign up to join' }).click();
    await expect(inviteePage).toHaveURL(/\/auth\/signup\?next=(%2F|\/)invitation$/);
    await team.signUpWithForm(inviteePage, inviteeEmail);
    await expect(inviteePage).toHaveURL(/\/invitation$/, { timeout: 15_000 });

    // Joining waits for the address to be proven: the page says so and offers the mail again.
    await inviteePage.getByRole('button', { name: 'Join workspace' }).click();
    await expect(inviteePage.getByRole('alert')).toHaveText(
      `Verify your email address first: open the link we mailed to ${inviteeEmail}, then join. No mail? Send it again below.`,
    );
    await inviteePage.getByRole('button', { name: 'Send the verification email again' }).click();
    await expect(inviteePage.getByRole('status').filter({ hasText: 'We sent a new link to' })).toHaveText(
      `We sent a new link to ${inviteeEmail}. Open it, then join.`,
    );
    await expectNoAxeViolations(inviteePage);
    await verifyEmail(request, inviteeEmail);
    await inviteePage.getByRole('button', { name: 'Join workspace' }).click();

    // In the owner's workspace: the owner's items, no plan of their own to see.
    await expect(inviteePage).toHaveURL(/\/dashboard$/);
    await expect(team.workspaceButton(inviteePage)).toHaveAccessibleName(
      `Workspace: ${team.workspaceOf(owner)}`,
    );
    await expect(itemRow(inviteePage, 'Owner’s plan')).toBeVisible();
    await expect(inviteePage.getByTestId('dashboard-plan')).toHaveCount(0);
    await expect(inviteePage.getByRole('button', { name: 'Leave workspace' })).toBeVisible();

    // The owner's open dashboard shows what the member adds, without a reload.
    await gotoHydrated(page, '/dashboard');
    await expect(itemRow(page, 'Owner’s plan')).toBeVisible();
    await addItemWithForm(inviteePage, 'Added by the member');
    await expect(itemRow(inviteePage, 'Added by the member')).toBeVisible();
    await expect(itemRow(page, 'Added by the member')).toBeVisible();

    // The owner's list now says Member.
    await gotoHydrated(page, '/userManagement');
    await expect(team.memberStatus(page, inviteeEmail)).toHaveText('Joined');
    await invitee.close();
  });

  test('the owner removes a member: the member’s open dashboard loses access within a second', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Otto', 1);
    const member = await team.joinedMember(request, owner);
    await team.addItemToWorkspace(request, member, subjectOf(owner.accessToken), 'Shared work');

    const memberBrowser = await team.secondBrowser(browser, team.consoleErrors);
    const memberPage = memberBrowser.page;
    await openSignedIn(memberPage, member.accessToken, '/dashboard');
    await team.switchWorkspace(memberPage, team.workspaceOf(owner));
    await expect(itemRow(memberPage, 'Shared work')).toBeVisible();
    await waitForItemList(memberPage);

    await openSignedIn(page, owner.accessToken, '/userManagement');
    const row = team.memberRow(page, member.email);
    await expect(row.getByTestId('sub-user-status')).toHaveText('Joined');
    const lostAccess = `You no longer have access to ${team.workspaceOf(owner)}. You are back in your own workspace.`;
    const alertSeenAt = await team.recordAlertTime(memberPage, lostAccess);

    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog');
    const removed = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && /\/api\/sub-users\/[^/]+$/.test(response.url()),
    );
    await dialog.getByRole('button', { name: 'Remove' }).click();
    const response = await removed;
    expect(response.status()).toBe(200);
    await expect(memberPage.getByRole('alert').filter({ hasText: lostAccess })).toBeVisible({
      timeout: 1_000,
    });

    // When the answer arrived in the owner's browser, and when the alert appeared in the member's.
    await response.finished();
    const timing = response.request().timing();
    const answeredAt = timing.startTime + timing.responseEnd;
    const seenAt = await alertSeenAt();
    expect(seenAt, 'the moment the alert appeared').toBeDefined();
    console.log(`removal → access-lost alert: ${Math.round((seenAt as number) - answeredAt)} ms`);

    // Back in their own workspace, the owner's items gone.
    await expect(team.workspaceButton(memberPage)).toHaveAccessibleName('Workspace: Your workspace');
    await expect(itemRow(memberPage, 'Shared work')).toHaveCount(0);
    // The seat is free at once.
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('sub-users').getByTestId('seats')).toHaveText('0 of 1 users');
    await memberBrowser.close();
  });

  test('an invitee joins by signing in with a social account of the invited email', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Oscar', 1);
    await addItemWithApi(request, owner.accessToken, 'For the social member');
    const socialEmail = uniqueEmail('social');
    await openSignedIn(page, owner.accessToken, '/userManagement');
    await team.addUserWithDialog(page, { first: 'Sam', last: 'Social', email: socialEmail });
    await expect(team.memberStatus(page, socialEmail)).toHaveText('Invited');

    const link = await team.invitationLinkFor(request, socialEmail);
    const invitee = await team.secondBrowser(browser, team.consoleErrors);
    await gotoHydrated(invitee.page, link);
    await invitee.page.getByRole('link', { name: 'Sign in to join' }).click();
    await expect(invitee.page).toHaveURL(/\/auth\/signin\?next=(%2F|\/)invitation$/);
    // The emulator's consent page stands for Google: the account is the one with the invited email.
    await continueWithProvider(invitee.page, 'Google', socialEmail, 'Sam Social');
    await expect(invitee.page).toHaveURL(/\/invitation$/);
    await invitee.page.getByRole('button', { name: 'Join workspace' }).click();
    await expect(invitee.page).toHaveURL(/\/dashboard$/);
    await expect(team.workspaceButton(invitee.page)).toHaveAccessibleName(
      `Workspace: ${team.workspaceOf(owner)}`,
    );
    await expect(itemRow(invitee.page, 'For the social member')).toBeVisible();

    await page.reload();
    await expect(team.memberStatus(page, socialEmail)).toHaveText('Joined');
    await invitee.close();
  });
});
