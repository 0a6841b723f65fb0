import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';
import { createPasswordUser, openSignedIn, uniqueEmail, verifyEmail } from './support/identity.ts';
import * as team from './support/teams.ts';

// Invitation links that must join nothing: withdrawn, used, made out to another email. An expired
// link is covered by the API tests (the TTL is hours; the server's clock is not the browser's to move),
// and the page's text for it is the lookup status `expired`, shown like `used` here.

test.use({ allowedConsoleErrors: team.consoleErrors });

const usedText =
  'This invitation has already been used. Sign in with the invited email to open the workspace.';

/**
 * An owner with one seat who invited a new password user by email; the invitee, signed in in a browser
 * of their own, has the mailed link open.
 */
async function openInvitationAsInvitee(
  browser: Browser,
  request: APIRequestContext,
  ownerFirst: string,
  inviteeLabel: string,
) {
  const owner = await team.ownerWithSeats(request, ownerFirst, 1);
  const invitee = await createPasswordUser(request, inviteeLabel);
  await verifyEmail(request, invitee.email);
  await team.inviteWithApi(request, owner, invitee.email);
  const link = await team.invitationLinkFor(request, invitee.email);
  const inviteeBrowser = await team.secondBrowser(browser, team.consoleErrors);
  await openSignedIn(inviteeBrowser.page, invitee.accessToken, '/dashboard');
  const invitation = await team.openInvitation(inviteeBrowser.context, link);
  return { owner, invitee, link, inviteeBrowser, invitation };
}

/** Clicks Join workspace and returns the server's refusal, which the page must show as it is. */
async function joinAndExpectRefusal(page: Page, code: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/invitations/accept'));
  await page.getByRole('button', { name: 'Join workspace' }).click();
  const response = await answered;
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  await expect(page.getByRole('alert').filter({ hasText: body.message })).toBeVisible();
  await expect(page).toHaveURL(/\/invitation$/);
  return body.message;
}

test.describe('teams: invitation links that join nothing', () => {
  test.describe.configure({ timeout: team.testTimeout });

  test('a withdrawn invitation: Join workspace is refused with the server’s message, and the link no longer opens', async ({
    page,
    browser,
    request,
  }) => {
    // The invitee, signed in, has the invitation open …
    const { owner, invitee, link, inviteeBrowser, invitation } = await openInvitationAsInvitee(
      browser,
      request,
      'Wanda',
      'withdrawn',
    );
    await expect(
      invitation.getByRole('heading', { level: 1, name: `Join ${team.workspaceOf(owner)}` }),
    ).toBeVisible();

    // … when the owner withdraws it.
    await openSignedIn(page, owner.accessToken, '/userManagement');
    const row = team.memberRow(page, invitee.email);
    await expect(row.getByTestId('sub-user-status')).toHaveText('Invited');
    await row.getByRole('button', { name: 'Withdraw invitation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw invitation' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('sub-users').getByTestId('seats')).toHaveText('0 of 1 users');

    const message = await joinAndExpectRefusal(invitation, 'invitations/not-found');

    // Opened again, the link shows the same not-found message.
    const reopened = await team.openInvitation(inviteeBrowser.context, link);
    await expect(reopened.getByRole('alert').filter({ hasText: message })).toBeVisible();
    expect(await team.workspaceIdsOf(request, invitee)).toHaveLength(1);
    await inviteeBrowser.close();
  });

  test('a used invitation: a second use after joining shows the used text', async ({ browser, request }) => {
    const {
      owner,
      invitee,
      link,
      inviteeBrowser,
      invitation: first,
    } = await openInvitationAsInvitee(browser, request, 'Uma', 'used');
    await first.getByRole('button', { name: 'Join workspace' }).click();
    await expect(first).toHaveURL(/\/dashboard$/);
    await expect(team.workspaceButton(first)).toHaveAccessibleName(`Workspace: ${team.workspaceOf(owner)}`);

    // The same link again, signed in as the member …
    const second = await team.openInvitation(inviteeBrowser.context, link);
    await expect(second.getByText(usedText)).toBeVisible();
    // … and by a visitor.
    const visitor = await team.secondBrowser(browser, team.consoleErrors);
    await gotoHydrated(visitor.page, link);
    await expect(visitor.page.getByText(usedText)).toBeVisible();
    await visitor.close();

    expect(await team.workspaceIdsOf(request, invitee)).toHaveLength(2);
    await inviteeBrowser.close();
  });

  test('signed in with another email: the wrong-email message, and nothing joined', async ({
    browser,
    request,
  }) => {
    const owner = await team.ownerWithSeats(request, 'Walt', 1);
    const invitedEmail = uniqueEmail('invited');
    await team.inviteWithApi(request, owner, invitedEmail);
    const link = await team.invitationLinkFor(request, invitedEmail);
    const someoneElse = await createPasswordUser(request, 'someone-else');

    const other = await team.secondBrowser(browser, team.consoleErrors);
    await openSignedIn(other.page, someoneElse.accessToken, '/dashboard');
    const invitation = await team.openInvitation(other.context, link);
    await expect(
      invitation.getByText(`${owner.name} invited ${invitedEmail} to work with them.`),
    ).toBeVisible();
    await joinAndExpectRefusal(invitation, 'invitations/wrong-email');

    expect(await team.workspaceIdsOf(request, someoneElse)).toHaveLength(1);
    const [invited] = await team.membersOf(request, owner);
    expect(invited).toMatchObject({ email: invitedEmail, status: 'invited', memberId: null });
    await other.close();
  });
});
