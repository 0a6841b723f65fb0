import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerSessionHooks } from './api.ts';
import { watchItems } from './live-items.ts';

const item = {
  id: '8f7e1f64-3c6e-4b1e-9a55-2b7f0c8f9a10',
  name: 'Plan',
  owner: 'auth0|ada',
  featured: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const stream = (text: string) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'text/event-stream' } },
  );

/** Runs a watcher until it reports a loss of access or an error, or 1 s passes. */
async function watch(workspace: string | null) {
  const controller = new AbortController();
  const onItems = vi.fn();
  const onError = vi.fn();
  const ended = new Promise<'lost' | 'error' | 'timeout'>((resolve) => {
    watchItems(
      controller.signal,
      {
        onItems,
        onError: (error) => {
          onError(error);
          resolve('error');
        },
        onAccessLost: () => resolve('lost'),
      },
      workspace,
    );
    setTimeout(() => resolve('timeout'), 1_000);
  });
  const outcome = await ended;
  controller.abort();
  return { outcome, onItems, onError };
}

registerSessionHooks({ token: async () => 'token', renew: async () => null, signOut: () => undefined });
afterEach(() => vi.unstubAllGlobals());

describe('watchItems in a workspace', () => {
  it('asks for the workspace, and stops for good when the server revokes the access', async () => {
    const fetchMock = vi.fn(async () =>
      stream(
        `event: items\ndata: ${JSON.stringify([item])}\n\nevent: closed\ndata: {"reason":"access-revoked"}\n\n`,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { outcome, onItems } = await watch('auth0|ada');
    expect(outcome).toBe('lost');
    expect(onItems).toHaveBeenCalledWith([item]);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]).toBe(
      '/api/items/stream?workspace=auth0%7Cada',
    );
  });

  it.each([
    [404, 'workspaces/not-found'],
    [403, 'workspaces/no-seat'],
  ])('treats a %i %s refusal as access lost, not as a failure to retry', async (status, code) => {
    const fetchMock = vi.fn(async () =>
      Response.json({ status: 'error', code, message: 'No access.' }, { status }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { outcome, onError } = await watch('auth0|ada');
    expect(outcome).toBe('lost');
    expect(onError).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('asks for the own workspace without a query', async () => {
    const fetchMock = vi.fn(async () => stream('event: closed\ndata: {"reason":"too-many-streams"}\n\n'));
    vi.stubGlobal('fetch', fetchMock);
    const { outcome } = await watch(null);
    expect(outcome).toBe('error');
    expect((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]).toBe('/api/items/stream');
  });
});
