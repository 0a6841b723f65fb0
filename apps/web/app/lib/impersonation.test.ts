import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, registerSessionHooks } from './api.ts';
import { clearImpersonation, storeImpersonation } from './impersonation.ts';

// The operator's "view as" rides on the product's calls, never on the back office's own, and a write
// carries its reason only once the operator gave one (docs/operations.md).

let fetchMock: ReturnType<typeof vi.fn>;
const view = {
  id: '0b8f8a4e-7d1c-4f0e-9a55-2d4c1f9e3b21',
  grant: 'grant-bytes',
  person: 'auth0|person',
  personEmail: 'person@example.com',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** The tab's sessionStorage, as the browser keeps it (the suite runs without a DOM). */
function tabStorage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('window', { sessionStorage: tabStorage() });
  registerSessionHooks({ token: async () => 'operator-token', renew: async () => null, signOut: () => {} });
  fetchMock = vi.fn(async () => Response.json({ status: 'success', data: {} }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  clearImpersonation();
  vi.unstubAllGlobals();
});

const headersOf = (call: number) =>
  (fetchMock.mock.calls[call] as [string, RequestInit])[1].headers as Record<string, string>;

describe('view as in the API client', () => {
  it('sends the grant beside the operator’s token on the product’s calls, not on the back office’s', async () => {
    storeImpersonation(view);
    await apiRequest('items');
    await apiRequest('admin/session');
    expect(headersOf(0)).toMatchObject({
      Authorization: 'Bearer operator-token',
      'x-impersonation': 'grant-bytes',
    });
    expect(headersOf(1)['x-impersonation']).toBeUndefined();
  });

  it('gives a write its reason once the operator gave one, URI-encoded; reads never carry it', async () => {
    storeImpersonation(view);
    await apiRequest('items', { method: 'POST', body: { name: 'x' } });
    expect(headersOf(0)['x-impersonation-write-reason']).toBeUndefined();
    storeImpersonation({ ...view, writeReason: 'Fix “lost” item' });
    await apiRequest('items', { method: 'POST', body: { name: 'x' } });
    await apiRequest('items');
    expect(headersOf(1)['x-impersonation-write-reason']).toBe(encodeURIComponent('Fix “lost” item'));
    expect(headersOf(2)['x-impersonation-write-reason']).toBeUndefined();
  });

  it('sends nothing of the kind when no view is on', async () => {
    await apiRequest('items');
    expect(headersOf(0)['x-impersonation']).toBeUndefined();
  });
});
