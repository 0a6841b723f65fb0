import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { ApiError } from './api.ts';
import { createItem, deleteItem, renameItem } from './items.ts';

afterEach(() => vi.unstubAllGlobals());

describe('createItem', () => {
  // docs/product.md §8: a failing call's message is shown as it is.
  it('fails with the server’s code and message, which the dashboard shows as-is (§8)', async () => {
    const message = 'You have reached the limit of 1,000 items. Delete some items to add new ones.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ status: 'error', code: 'items/limit-reached', message }, { status: 409 }),
      ),
    );
    const failure = await createItem('One too many').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'items/limit-reached', message });
    // item-list.tsx puts errorMessage(error) in the list's error alert.
    expect(errorMessage(failure)).toBe(message);
  });
});

describe('the items calls in a workspace', () => {
  it('name another’s workspace in the query, encoded, and the own one not at all', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 'success', data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await createItem('Plan', 'auth0|ada');
    await renameItem('id-1', 'Plan B', 'google-oauth2|1&x=y');
    await deleteItem('id-1', null);
    await createItem('Mine');
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      '/api/items?workspace=auth0%7Cada',
      '/api/items/id-1?workspace=google-oauth2%7C1%26x%3Dy',
      '/api/items/id-1',
      '/api/items',
    ]);
  });
});
