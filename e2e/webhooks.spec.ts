import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { openSignedInAsNewUser } from './support/identity.ts';
import { startWebhookReceiver, verifiesWith } from './support/webhooks.ts';

// The address refused on purpose answers 400, which the browser logs.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

test.describe('Webhooks (Developers)', () => {
  test('the owner registers an endpoint, which receives signed item events; a failing one is logged and redelivered', async ({
    page,
    request,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      await openSignedInAsNewUser(page, request, 'webhooks', '/developers');
      const webhooks = page.getByTestId('webhooks');
      await expect(webhooks.getByText('No endpoints yet')).toBeVisible();
      await expect(page.getByTestId('verifying-webhooks')).toContainText("createHmac('sha256', key)");

      // Add: the dialog asks for the address and at least one event.
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
      await dialog.getByLabel('Endpoint URL').fill('http://example.com/hooks');
      await dialog.getByRole('checkbox', { name: /Item created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(
        dialog.getByText('Use https:// (plain http:// only for localhost, in development).'),
      ).toBeVisible();
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

      // A second endpoint that fails: its attempt is logged with the answer, then redelivered.
      receiver.fail('/failing');
      await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
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
      await expect(async () => {
        await failingRow.getByRole('button', { name: 'Refresh' }).click();
        await expect(
          failingRow.locator('[data-testid="webhook-delivery-row"][data-status="succeeded"]'),
        ).toHaveCount(1, {
          timeout: 1000,
        });
      }).toPass();
      const toFailing = receiver.received.filter((entry) => entry.path === '/failing');
      expect(toFailing.length).toBeGreaterThanOrEqual(2);
      expect(new Set(toFailing.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});
