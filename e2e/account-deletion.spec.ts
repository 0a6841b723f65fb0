import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { grantTrialPlan, stripe } from './support/billing.ts';
import {
  expectSignedOutHeader,
  identityConfig,
  openSignedIn,
  reauthDialog,
  signInAgain,
  signInWithForm,
  waitUntilSignInIsOld,
} from './support/identity.ts';
import * as team from './support/teams.ts';
import { addItemWithApi, itemRow } from './support/workspace.ts';

// Settings → Your data, "Delete my account" (docs/decisions/0032-account-deletion.md): an owner with a
// member transfers the workspace, deletes the account after signing in again, and lands on the home
// page signed out; then the person cannot sign in, the provider has no subscription of theirs, and the
// member owns the items.

test.use({ allowedConsoleErrors: team.consoleErrors });

test('an owner with a member transfers the workspace and deletes the account', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(team.testTimeout + 45_000);
  const owner = await team.createNamedUser(request, team.uniqueName('Dana'));
  const { customer } = await grantTrialPlan(request, owner, 'pro', 1);
  await addItemWithApi(request, owner.accessToken, 'Quarterly plan');
  const member = await team.joinedMember(request, owner);

  // The tab's former address, as links in mail already sent name it.
  await openSignedIn(page, owner.accessToken, '/settings/account');
  const section = page.getByTestId('delete-account');
  await expect(section.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
  // An aged sign-in: the deletion asks for the password again, as an email change does.
  await waitUntilSignInIsOld(page);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('Your subscription is cancelled at once')).toBeVisible();
  await expect(dialog.getByRole('group', { name: /A member has joined your workspace/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing chosen, nothing typed: the form says what is missing.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Choose what becomes of your workspace.')).toBeVisible();
  await expect(dialog.getByLabel('Type your email address to confirm')).toHaveAccessibleDescription(
    'Type your email address to confirm.',
  );

  await dialog.getByLabel(/^Transfer it/).check();
  await dialog
    .getByLabel('Transfer the workspace to')
    .selectOption({ label: `Invited Person (${member.email})` });
  await dialog.getByLabel('Type your email address to confirm').fill(owner.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(reauthDialog(page)).toBeVisible();
  await signInAgain(page, owner.password);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await expectSignedOutHeader(page);
  expect(await page.evaluate(() => localStorage.getItem('auth0_access_token'))).toBeNull();

  // The provider's user goes with the deletion's job: then the sign-in answers as for anyone unknown.
  const config = await identityConfig(request);
  await expect
    .poll(async () => {
      const response = await request.post(`${config.domain}/oauth/token`, {
        data: {
          grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
          realm: config.connection,
          client_id: config.clientId,
          username: owner.email,
          password: owner.password,
          scope: 'openid profile email',
          audience: config.audience,
        },
      });
      return `${response.status()} ${(await response.json()).error_description}`;
    })
    .toBe('403 Wrong email or password.');
  await gotoHydrated(page, '/auth/signin');
  await signInWithForm(page, owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');

  // No subscription left at the payment provider.
  const live = await stripe.subscriptions.list({ customer, status: 'all' });
  expect(live.data.filter((subscription) => subscription.status !== 'canceled')).toEqual([]);

  // The member owns the workspace now: its items are in their own (the one a fresh browser opens).
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await openSignedIn(memberPage, member.accessToken, '/dashboard');
  await expect(itemRow(memberPage, 'Quarterly plan')).toBeVisible();
  await memberContext.close();
});
