import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

// Helpers for the dashboard and user-management tests (docs/workspace.md).

export type Item = { id: string; name: string; owner: string; featured: boolean; createdAt: string };

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** Adds an item through the API, as another device of the same user would. */
export async function addItemWithApi(request: APIRequestContext, accessToken: string, name: string) {
  const response = await request.post('/api/items', { headers: bearer(accessToken), data: { name } });
  expect(response.status(), `POST /api/items: ${await response.text()}`).toBe(201);
  return (await response.json()).data as Item;
}

export type PlanFields = {
  planId?: 'starter' | 'pro' | 'business' | null;
  planIsActive?: boolean;
  stripeSubscriptionStatus?: string | null;
  quantity?: number;
  trialEnd?: string | null;
  currentPeriodEnd?: string | null;
};

/**
 * Makes this page's GET /api/user answer a plan the server does not hold. Plans are written only by
 * the billing webhook, which does not exist yet (issue #5), so this is how a test sees what the
 * browser shows for a plan. The server still has no plan for the user and refuses what needs one,
 * which is itself worth testing: the browser shows the server's message.
 */
export async function pretendPlanInBrowser(page: Page, plan: PlanFields) {
  await page.route('**/api/user', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    if (body.status === 'success') body.data = { ...body.data, ...plan };
    await route.fulfill({ response, json: body });
  });
}

/** A row of the dashboard's item list, found by the item's name (or, while renamed, its name field). */
export const itemRow = (page: Page, name: string) =>
  page
    .getByTestId('item-row')
    .filter({ has: page.getByText(name, { exact: true }).or(page.getByLabel(`New name for ${name}`)) });

/** Fills and sends the dashboard's add-item form. */
export async function addItemWithForm(page: Page, name: string) {
  const form = page.getByTestId('add-item-form');
  await form.getByLabel('Item name').fill(name);
  await form.getByRole('button', { name: 'Add item' }).click();
}

/** Waits for the live list's first snapshot: the empty state or at least one row. */
export async function waitForItemList(page: Page) {
  await expect(page.getByTestId('items-empty').or(page.getByTestId('item-row').first())).toBeVisible();
}
