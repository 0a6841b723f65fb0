import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { expectPlanRecord, grantTrialPlan, stripe } from './support/billing.ts';
import {
  openSignedIn,
  passwordToken,
  signInAgainIfAsked,
  subjectOf,
  userDocument,
} from './support/identity.ts';
import * as team from './support/teams.ts';
import { addItemWithApi, itemRow } from './support/workspace.ts';

// Ownership transfer (docs/team.md, "Ownership transfer"): the owner offers the workspace to a member
// on User Management; the member, from the mail's link, accepts; the items, the plan and the payment
// provider's customer are theirs, and the old owner works there as an admin.

test.use({ allowedConsoleErrors: team.consoleErrors });

/** The offer page's link in the newest offer mail to `to`. */
async function offerLinkFor(request: Parameters<typeof passwordToken>[0], to: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const mails = (await response.json()).data as { subject: string; text: string }[];
      link = mails
        .filter((mail) => mail.subject === 'You are offered the ownership of a workspace')
        .map((mail) => mail.text.match(/https?:\/\/\S+\/ownership-offers\/\S+/)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('the owner offers the workspace; the member accepts it, with its plan', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(2 * team.testTimeout);
  const owner = await team.createNamedUser(request, team.uniqueName('Owen'));
  const { customer } = await grantTrialPlan(request, owner, 'pro', 2);
  await addItemWithApi(request, owner.accessToken, 'Quarterly plan');
  const member = await team.joinedMember(request, owner, team.uniqueName('Nia'));
  const memberId = subjectOf(member.accessToken);

  // The owner offers it on User Management (a fresh sign-in: the offer needs a recent one).
  await openSignedIn(page, await passwordToken(request, owner.email), '/userManagement');
  const card = page.getByTestId('ownership-transfer');
  await expect(card.getByRole('heading', { name: 'Transfer ownership' })).toBeVisible();
  await card.getByLabel('New owner').selectOption({ label: member.email });
  await card.getByRole('button', { name: 'Offer ownership' }).click();
  const offered = card.getByTestId('ownership-transfer-open');
  await signInAgainIfAsked(page, owner.password, offered);
  await expect(offered).toContainText(`You offered the workspace to ${member.email}`);
  await expect(
    card.getByText(`Offer sent to ${member.email}. Nothing changes until they accept it.`),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The member: the banner on every page, and the mail's link to the offer.
  const memberBrowser = await team.secondBrowser(browser, team.consoleErrors);
  const memberPage = memberBrowser.page;
  await openSignedIn(memberPage, member.accessToken, '/dashboard');
  const banner = memberPage.getByRole('region', { name: 'Ownership offers' });
  await expect(banner).toContainText(`${owner.name} offers you their workspace.`);
  const link = await offerLinkFor(request, member.email);
  await gotoHydrated(memberPage, new URL(link).pathname);
  const offer = memberPage.getByTestId('ownership-offer');
  await expect(
    offer.getByRole('heading', { name: `${owner.name} offers you their workspace` }),
  ).toBeVisible();
  await expect(offer.getByText('Its plan comes with it')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expectNoAxeViolations(memberPage);
  await offer.getByRole('button', { name: 'Accept ownership' }).click();

  // Their own workspace now holds the items, and the plan is theirs.
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await expect(itemRow(memberPage, 'Quarterly plan')).toBeVisible();
  await expect(team.workspaceButton(memberPage)).toContainText('Your workspace');
  await expectPlanRecord(request, member.accessToken, 'trialing/2');
  await expect
    .poll(async () => {
      const record = await stripe.customers.retrieve(customer);
      return record.deleted ? 'deleted' : `${record.metadata.uid} ${record.email}`;
    })
    .toBe(`${memberId} ${member.email}`);
  await memberPage.goto('/userManagement');
  await expect(team.memberRow(memberPage, owner.email).getByLabel('Role')).toHaveValue('admin');
  await memberBrowser.close();

  // The old owner works in it as an admin, and their own plan is gone with it.
  await openSignedIn(page, owner.accessToken, '/dashboard');
  await team.switchWorkspace(page, team.workspaceOf(member));
  await expect(itemRow(page, 'Quarterly plan')).toBeVisible();
  expect(await team.workspaceIdsOf(request, owner)).toEqual([subjectOf(owner.accessToken), memberId]);
  expect(await userDocument(request, owner.accessToken)).toMatchObject({
    stripeSubscriptionStatus: null,
    quantity: 0,
  });
});
