import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { advanceClock, longDateUtc, payWithCard, stripe, updateCardInPortal } from './support/billing.ts';
import { openSignedIn, userDocument } from './support/identity.ts';
import {
  consoleErrors,
  createNamedUser,
  joinedMember,
  switchWorkspace,
  uniqueName,
  workspaceOf,
} from './support/teams.ts';

// A renewal whose payment fails, end to end (docs/billing.md, "Failed payments"): bought with Stripe's
// 4000 0000 0000 0341 (it attaches, and later charges fail), the clock moved through the renewal, the
// owner told by mail and by a banner, members told that billing needs the owner, the card updated in
// the billing portal, the open invoice paid, a receipt, and the banner gone.

test.use({ timezoneId: 'UTC' });
test.setTimeout(120_000);

type OutboxMail = { subject: string; text: string };

async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await response.json()).data as OutboxMail[];
}

async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  await expect
    .poll(async () => (await mailsTo(request, to)).some((mail) => subject.test(mail.subject)), {
      message: `a mail ${subject} to ${to}`,
      timeout: 20_000,
    })
    .toBe(true);
  return (await mailsTo(request, to)).find((mail) => subject.test(mail.subject)) as OutboxMail;
}

test('a failed renewal: mail and banner, the card updated in the portal, the invoice paid, the banner gone', async ({
  page,
  browser,
  request,
  allowedConsoleErrors,
}) => {
  allowedConsoleErrors.push(...consoleErrors);
  const owner = await createNamedUser(request, uniqueName('Olga'));
  await openSignedIn(page, owner.accessToken, '/purchase/business');
  await payWithCard(page, '4000 0000 0000 0341');
  await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
  await expect
    .poll(async () => (await userDocument(request, owner.accessToken)).stripeSubscriptionStatus)
    .toBe('active');
  const member = await joinedMember(request, owner);
  const [customer] = (await stripe.customers.list({ email: owner.email })).data;
  if (!customer) throw new Error('no customer');

  // Past the renewal: the charge fails, the provider will try again in three days.
  const clock = await advanceClock(customer.id, 32 * 24 * 3600);
  const failed = await mailTo(request, owner.email, /payment failed/);
  expect(failed.text).toContain('We could not charge your card $375.00 for your Organization plan.');
  await expect
    .poll(async () => (await userDocument(request, owner.accessToken)).stripeSubscriptionStatus)
    .toBe('past_due');
  const { nextPaymentAttempt } = await userDocument(request, owner.accessToken);
  expect(Date.parse(nextPaymentAttempt)).toBeGreaterThan(clock.frozen_time * 1000);

  await gotoHydrated(page, '/dashboard');
  const banner = page.getByRole('region', { name: 'Billing' });
  await expect(banner).toContainText('Your last payment failed.');
  await expect(banner).toContainText(
    `We will try your card again on ${longDateUtc(new Date(nextPaymentAttempt))}.`,
  );
  await expectNoAxeViolations(page);

  // A member working in the workspace reads that billing needs its owner.
  const memberPage = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
  await openSignedIn(memberPage, member.accessToken, '/dashboard');
  await switchWorkspace(memberPage, workspaceOf(owner));
  await expect(memberPage.getByRole('region', { name: 'Billing' })).toContainText(
    `Billing for ${workspaceOf(owner)} needs attention.`,
  );
  await expect(memberPage.getByRole('link', { name: 'Update payment method' })).toHaveCount(0);

  // The owner updates the card in the billing portal, which pays the open invoice with it.
  await banner.getByRole('link', { name: 'Update payment method' }).click();
  await updateCardInPortal(page, 'Olga Owner');

  const receipt = await mailTo(request, owner.email, /receipt: \$375\.00 paid$/);
  expect(receipt.text).toContain('Organization');
  await expect
    .poll(async () => (await userDocument(request, owner.accessToken)).stripeSubscriptionStatus)
    .toBe('active');
  expect((await userDocument(request, owner.accessToken)).nextPaymentAttempt).toBeNull();
  await gotoHydrated(page, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(memberPage.getByRole('region', { name: 'Billing' })).toHaveCount(0);
});
