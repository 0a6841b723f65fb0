import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { createPasswordUser } from './identity.ts';

// Helpers for the dashboard and user-management tests (docs/team.md).

export type Item = { id: string; name: string; owner: string; featured: boolean; createdAt: string };

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** Adds an item through the API, as another device of the same user would. */
export async function addItemWithApi(request: APIRequestContext, accessToken: string, name: string) {
  const response = await request.post('/api/items', { headers: bearer(accessToken), data: { name } });
  expect(response.status(), `POST /api/items: ${await response.text()}`).toBe(201);
  return (await response.json()).data as Item;
}

/** A new password user (createPasswordUser) who already has one item, `itemName`. */
export async function createUserWithItem(request: APIRequestContext, label: string, itemName: string) {
  const user = await createPasswordUser(request, label);
  await addItemWithApi(request, user.accessToken, itemName);
  return user;
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
