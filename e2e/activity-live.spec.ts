import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { createPasswordUser, openSignedIn } from './support/identity.ts';
import { addItemWithApi, addItemWithForm, waitForItemList } from './support/workspace.ts';

// The Activity page is live as the dashboard is (docs/team.md): its stream (GET /api/items/stream with
// `?follow=activity`) says when the log has new entries, and they appear on top without a reload or a
// Refresh button.

test.describe('activity, live', () => {
  test('a change made in another page, or through the API, appears at the top of the open log', async ({
    page,
    request,
  }) => {
    const owner = await createPasswordUser(request, 'activity-live');
    await addItemWithApi(request, owner.accessToken, 'Before the page');
    await openSignedIn(page, owner.accessToken, '/activity');
    const entries = page.getByTestId('activity-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.nth(0)).toContainText(`${owner.email} added “Before the page”`);
    await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => document.body.setAttribute('data-not-reloaded', ''));

    // Another page of the same person: the dashboard's form.
    const dashboard = await page.context().newPage();
    await openSignedIn(dashboard, owner.accessToken, '/dashboard');
    await waitForItemList(dashboard);
    await addItemWithForm(dashboard, 'From the dashboard');
    await expect(entries.nth(0)).toContainText(`${owner.email} added “From the dashboard”`);
    await expect(entries).toHaveCount(2);
    await dashboard.close();

    // Another device: the API.
    const item = await addItemWithApi(request, owner.accessToken, 'From the API');
    const renamed = await request.patch(`/api/items/${item.id}`, {
      headers: { Authorization: `Bearer ${owner.accessToken}` },
      data: { name: 'Renamed through the API' },
    });
    expect(renamed.status()).toBe(200);
    await expect(entries.nth(0)).toContainText('renamed “From the API” to “Renamed through the API”');
    await expect(entries.nth(1)).toContainText('added “From the API”');
    await expect(entries).toHaveCount(4);
    await expect(page.locator('body[data-not-reloaded]')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});
