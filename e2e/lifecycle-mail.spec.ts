import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { advanceClock, grantTrialPlan } from './support/billing.ts';
import { openSignedInAsNewUser } from './support/identity.ts';

// The mails of a customer's life that a person meets first (docs/jobs.md): welcome on the first
// sign-in, the trial's end three days before it, and turning an optional mail off — in Settings →
// Notifications, or from the mail's own unsubscribe link.

type OutboxMail = { subject: string; text: string; html: string; headers?: Record<string, string> };

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        found = ((await response.json()).data as OutboxMail[]).find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a mail ${subject} to ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

const day = 24 * 3600;

test('the first sign-in is welcomed by mail, once', async ({ page, request }) => {
  const user = await openSignedInAsNewUser(page, request, 'welcome', '/dashboard');
  const welcome = await mailTo(request, user.email, /^Welcome to /);
  expect(welcome.text).toContain('/dashboard');
  await page.reload();
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)).json())
    .data as OutboxMail[];
  expect(outbox.filter((mail) => mail.subject.startsWith('Welcome to '))).toHaveLength(1);
});

test('a trial ending is mailed three days before, and its link turns that mail off', async ({
  page,
  request,
}) => {
  const user = await openSignedInAsNewUser(page, request, 'trial-ending', '/dashboard');
  const { customer } = await grantTrialPlan(request, user, 'pro', 3, 14);
  await advanceClock(customer, 11 * day + 60);
  const mail = await mailTo(request, user.email, /trial ends in three days$/);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  const link = mail.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0] ?? '';
  expect(link).toContain('mail=trial-ending');
  await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will no longer get the mail “Your trial is ending”.')).toBeVisible();

  await page.getByRole('link', { name: 'Open notification settings' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByLabel('Your trial is ending')).not.toBeChecked();
  await expect(page.getByLabel('Someone joins your workspace')).toBeChecked();
});

test('Settings → Notifications turns optional mails off and on', async ({ page, request }) => {
  await openSignedInAsNewUser(page, request, 'notifications', '/settings/notifications');
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const box = page.getByLabel('Someone joins your workspace');
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page);
  await box.uncheck();
  await expect(page.getByText('Your notification settings have been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Someone joins your workspace')).not.toBeChecked();
  await page.getByLabel('Someone joins your workspace').check();
  await expect(page.getByText('Your notification settings have been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Someone joins your workspace')).toBeChecked();
});
