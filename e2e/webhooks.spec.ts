import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { openSignedInOnTrial } from './support/billing.ts';
import { openSignedInAsNewUser } from './support/identity.ts';
import { verifiesWith, withWebhookReceiver } from './support/webhooks.ts';

// The address refused on purpose answers 400 (and the address held already 409), which the browser logs.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|409)/],
});

/**
 * A refusal the server gave for the address shows under the URL field (in place of its hint) as its
 * description, the field marked invalid; it is the only alert, so not also the form's.
 */
async function expectUnderUrl(dialog: Locator, message: string) {
  const url = dialog.getByLabel('Endpoint URL');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(message);
  await expect(dialog.getByRole('alert')).toHaveText(message);
}

test.describe('Webhooks (Developers)', () => {
  test('the owner registers an endpoint, which receives signed item events; a failing one is logged and redelivered', async ({
    page,
    request,
  }) => {
    // A long flow with five accessibility checks: past the 30 s default on a busy 2-core machine.
    test.setTimeout(90_000);
    await withWebhookReceiver(async (receiver) => {
      // Two endpoints: a plan's (the free one has one).
      await openSignedInOnTrial(page, request, 'webhooks', '/developers', { plan: 'starter', seats: 1 });
      const webhooks = page.getByTestId('webhooks');
      await expect(webhooks.getByText('No endpoints yet')).toBeVisible();
      await expect(page.getByTestId('verifying-webhooks')).toContainText("createHmac('sha256', key)");

      // Add: the dialog asks for the address and at least one event.
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
        'Choose at least one event.',
      );
      await expect(dialog.getByRole('checkbox', { name: /Item renamed/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await dialog.getByLabel('Endpoint URL').fill('http://example.com/hooks');
      await dialog.getByRole('checkbox', { name: /Item created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      // The server's refusal of the address: under the URL field, linked to it, the field focused.
      await expectUnderUrl(dialog, 'Use https:// (plain http:// only for localhost, in development).');
      await expect(dialog.getByLabel('Endpoint URL')).toBeFocused();
      await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/items`);
      await dialog.getByLabel('Description').fill('Our CRM');
      await dialog.getByRole('checkbox', { name: /Item deleted/ }).check();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog).toBeHidden();

      const row = webhooks.getByTestId('webhook-endpoint-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`${receiver.url}/items`);
      await expect(row).toContainText('Item created, Item deleted');
      await row.getByRole('button', { name: 'Show' }).click();
      const secret = (await row.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await expectNoAxeViolations(page);

      // An item added in the product: the endpoint receives its signed event.
      await gotoHydrated(page, '/dashboard');
      await page.getByLabel('Item name').fill('Hooked item');
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect.poll(() => receiver.received.length).toBe(1);
      const [delivery] = receiver.received;
      if (!delivery) throw new Error('no delivery');
      expect(verifiesWith(delivery.headers, delivery.body, secret)).toBe(true);
      expect(verifiesWith(delivery.headers, `${delivery.body} `, secret)).toBe(false);
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'item.created',
        data: { item: { name: 'Hooked item' } },
      });

      // The log: delivered, 204.
      await gotoHydrated(page, '/developers');
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const log = row.getByTestId('webhook-delivery-row');
      await expect(log).toHaveCount(1);
      await expect(log).toContainText('item.created');
      await expect(log).toContainText('Delivered');
      await expect(log.getByTestId('webhook-delivery-response')).toHaveText('204');
      await expectNoAxeViolations(page);

      // A second endpoint for the same address is refused: one endpoint takes more events instead.
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/items`);
      await dialog.getByRole('checkbox', { name: /Item created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expectUnderUrl(dialog, 'This workspace has an endpoint for this address already.');

      // A second endpoint that fails: its attempt is logged with the answer, then redelivered.
      receiver.fail('/failing');
      await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/failing`);
      await dialog.getByRole('checkbox', { name: /Item created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog).toBeHidden();
      const failingRow = row.filter({ hasText: '/failing' });
      await gotoHydrated(page, '/dashboard');
      await page.getByLabel('Item name').fill('Not received');
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect.poll(() => receiver.received.filter((entry) => entry.path === '/failing').length).toBe(1);

      await gotoHydrated(page, '/developers');
      await failingRow.getByRole('button', { name: 'Deliveries' }).click();
      const failedEntry = failingRow.getByTestId('webhook-delivery-row');
      await expect(async () => {
        await failingRow.getByRole('button', { name: 'Refresh' }).click();
        await expect(failedEntry.first().getByTestId('webhook-delivery-response')).toHaveText('500', {
          timeout: 1000,
        });
      }).toPass();
      await expect(failedEntry.first()).toContainText('Retrying');
      await expect(failedEntry.first()).toContainText('The endpoint answered 500.');
      await expectNoAxeViolations(page);

      // The receiver is fixed: Redeliver sends the same event again, and it is delivered.
      receiver.recover('/failing');
      await failedEntry.first().getByRole('button', { name: 'Redeliver' }).click();
      await expect(failingRow.getByText('item.created queued again.')).toBeVisible();
      // The newest entry is the redelivery (the original, retried meanwhile, may have succeeded too).
      await expect(async () => {
        await failingRow.getByRole('button', { name: 'Refresh' }).click();
        await expect(failedEntry).toHaveCount(2, { timeout: 1000 });
        await expect(failedEntry.first()).toHaveAttribute('data-status', 'succeeded', { timeout: 1000 });
      }).toPass();
      const toFailing = receiver.received.filter((entry) => entry.path === '/failing');
      expect(toFailing.length).toBeGreaterThanOrEqual(2);
      expect(new Set(toFailing.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    });
  });

  test('a failing endpoint is retried, then turned off after a day of failures, and the owner is mailed', async ({
    page,
    request,
  }) => {
    // The browser tests' "day" is WEBHOOK_TEST_DAY_SECONDS (playwright.config.ts): retries a second or
    // three apart, turned off after 60 s of failures instead of 24 hours.
    test.setTimeout(180_000);
    await withWebhookReceiver(async (receiver) => {
      const owner = await openSignedInAsNewUser(page, request, 'webhooks-off', '/developers');
      const webhooks = page.getByTestId('webhooks');
      receiver.fail('/down');
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('Endpoint URL').fill(`${receiver.url}/down`);
      await dialog.getByRole('checkbox', { name: /Item created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog).toBeHidden();
      const row = webhooks.getByTestId('webhook-endpoint-row');
      await expect(row.getByTestId('webhook-endpoint-state')).toHaveText('On');

      await gotoHydrated(page, '/dashboard');
      await page.getByLabel('Item name').fill('Never received');
      await page.getByRole('button', { name: 'Add item' }).click();
      // Retried: the same event, again and again.
      const toDown = () => receiver.received.filter((entry) => entry.path === '/down');
      await expect.poll(() => toDown().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      expect(new Set(toDown().map((entry) => entry.headers['webhook-id'])).size).toBe(1);

      // Failing since: shown while it is still on.
      await gotoHydrated(page, '/developers');
      await expect(row.getByTestId('webhook-endpoint-state')).toContainText('failing since');

      // After a day of failures it is turned off, and the owner is told: the dev outbox has the mail
      // (ordered in the same transaction as turning it off).
      await expect
        .poll(
          async () => {
            const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`);
            const mails = (await response.json()).data as { subject: string; text: string }[];
            return mails.find((mail) => mail.subject === 'A webhook endpoint was turned off')?.text ?? '';
          },
          { message: 'the webhook-endpoint-disabled mail to the owner', timeout: 120_000, intervals: [1000] },
        )
        .toContain(`${receiver.url}/down`);
      // The page shows it off, and why; its delivery failed for good.
      await gotoHydrated(page, '/developers');
      await expect(row.getByTestId('webhook-endpoint-state')).toHaveText(
        'Off: Every delivery failed for a day.',
      );
      await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
      await row.getByRole('button', { name: 'Deliveries' }).click();
      const entry = row.getByTestId('webhook-delivery-row');
      await expect(entry).toHaveCount(1);
      await expect(entry).toHaveAttribute('data-status', 'failed');
      await expectNoAxeViolations(page);
    });
  });
});
