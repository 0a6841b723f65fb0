import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { ApiError } from './api.ts';
import { createItem } from './items.ts';

afterEach(() => vi.unstubAllGlobals());

describe('createItem', () => {
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
