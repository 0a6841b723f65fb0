import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, apiRequest, openApiStream, postForm, registerSessionHooks } from './api.ts';

const refused = { status: 'error', code: 'auth/invalid-user-token', message: 'Please sign in again.' };
const streamMessages = {
  unreachable: 'Cannot reach the stream.',
  failed: (status: number) => `Failed ${status}.`,
};

let signOut: ReturnType<typeof vi.fn<(token: string) => void>>;
let renew: ReturnType<typeof vi.fn<(token: string) => Promise<string | null>>>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  signOut = vi.fn<(token: string) => void>();
  renew = vi.fn<(token: string) => Promise<string | null>>(async () => null);
  registerSessionHooks({ token: async () => 'session-token', renew, signOut });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sentHeaders = () => {
  const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return init.headers as Record<string, string>;
};

describe('apiRequest', () => {
  it('sends the session’s token and answers the envelope’s data', async () => {
    fetchMock.mockResolvedValue(Response.json({ status: 'success', data: [{ id: 'a' }] }));
    await expect(apiRequest('sub-users')).resolves.toEqual([{ id: 'a' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sub-users');
    expect(sentHeaders().Authorization).toBe('Bearer session-token');
  });

  it('turns a refused token that cannot be renewed into an ApiError and signs the session out', async () => {
    fetchMock.mockResolvedValue(Response.json(refused, { status: 401 }));
    const failure = await apiRequest('user').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'auth/invalid-user-token', message: 'Please sign in again.' });
    expect(renew).toHaveBeenCalledWith('session-token');
    expect(signOut).toHaveBeenCalledExactlyOnceWith('session-token');
  });

  it('signs out for a deleted account’s token as for a refused one', async () => {
    const deleted = {
      status: 'error',
      code: 'auth/account-deleted',
      message: 'This account has been deleted.',
    };
    fetchMock.mockResolvedValue(Response.json(deleted, { status: 401 }));
    await expect(apiRequest('user')).rejects.toMatchObject({ code: 'auth/account-deleted' });
    expect(signOut).toHaveBeenCalledExactlyOnceWith('session-token');
  });

  it('renews a refused token and makes the call once more with the new one', async () => {
    renew.mockResolvedValue('renewed-token');
    fetchMock
      .mockResolvedValueOnce(Response.json(refused, { status: 401 }))
      .mockResolvedValueOnce(Response.json({ status: 'success', data: { uid: 'a' } }));
    await expect(apiRequest('user')).resolves.toEqual({ uid: 'a' });
    const [, retry] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((retry.headers as Record<string, string>).Authorization).toBe('Bearer renewed-token');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out when the renewed token is refused too, and stays when the provider cannot be asked', async () => {
    renew.mockResolvedValue('renewed-token');
    fetchMock.mockImplementation(async () => Response.json(refused, { status: 401 }));
    await expect(apiRequest('user')).rejects.toMatchObject({ code: 'auth/invalid-user-token' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(signOut).toHaveBeenCalledExactlyOnceWith('renewed-token');

    signOut.mockClear();
    renew.mockRejectedValue(new Error('unreachable'));
    await expect(apiRequest('user')).rejects.toMatchObject({ code: 'auth/invalid-user-token' });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('keeps the server’s field messages, and leaves the session alone for other refusals', async () => {
    const fields = { name: 'Please enter a name' };
    fetchMock.mockResolvedValue(
      Response.json({ status: 'error', code: 'validation_failed', message: 'Check the form.', fields }),
    );
    await expect(apiRequest('items', { method: 'POST', body: {} })).rejects.toMatchObject({ fields });
    expect(renew).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('sends no token when told `token: null`', async () => {
    fetchMock.mockResolvedValue(Response.json({ status: 'success', data: {} }));
    await apiRequest('identity-config', { token: null });
    expect(sentHeaders().Authorization).toBeUndefined();
  });

  it('rejects with the abort, not a network error, when its signal aborts', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    controller.abort();
    const failure = await apiRequest('sub-users', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });

  it('explains an unreachable server and an unreadable answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('user')).rejects.toMatchObject({ code: 'network_error' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(apiRequest('user')).rejects.toMatchObject({
      code: 'bad_response',
      message: 'The server answered 502 without a readable body.',
    });
  });
});

describe('openApiStream', () => {
  it('opens the stream with the session’s token', async () => {
    fetchMock.mockResolvedValue(new Response('event: items\ndata: []\n\n'));
    const body = await openApiStream('items/stream', {
      signal: new AbortController().signal,
      messages: streamMessages,
    });
    expect(body).toBeInstanceOf(ReadableStream);
    expect(sentHeaders()).toMatchObject({
      Accept: 'text/event-stream',
      Authorization: 'Bearer session-token',
    });
  });

  it('signs the session out on a refused token, as apiRequest does', async () => {
    fetchMock.mockResolvedValue(Response.json(refused, { status: 401 }));
    const opening = openApiStream('items/stream', {
      signal: new AbortController().signal,
      messages: streamMessages,
    });
    await expect(opening).rejects.toMatchObject({ code: 'auth/invalid-user-token' });
    expect(signOut).toHaveBeenCalledExactlyOnceWith('session-token');
  });

  it('uses the caller’s messages when the server cannot be reached or answers unreadably', async () => {
    const options = { signal: new AbortController().signal, messages: streamMessages };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(openApiStream('items/stream', options)).rejects.toMatchObject({
      message: 'Cannot reach the stream.',
    });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(openApiStream('items/stream', options)).rejects.toMatchObject({ message: 'Failed 502.' });
  });
});

describe('apiDownload', () => {
  it('answers the file and the name the server gave it, fetched with the session’s token', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"profile":{}}', {
        headers: { 'Content-Disposition': 'attachment; filename="launchkit-data-2026-11-26.json"' },
      }),
    );
    const file = await apiDownload('account/exports/1/archive', 'data.json');
    expect(file.fileName).toBe('launchkit-data-2026-11-26.json');
    expect(await file.blob.text()).toBe('{"profile":{}}');
    expect(sentHeaders().Authorization).toBe('Bearer session-token');
  });

  it('rejects with the server’s refusal', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { status: 'error', code: 'data-exports/expired', message: 'This archive has expired.' },
        { status: 404 },
      ),
    );
    await expect(apiDownload('account/exports/1/archive', 'data.json')).rejects.toMatchObject({
      code: 'data-exports/expired',
      message: 'This archive has expired.',
    });
  });
});

describe('postForm', () => {
  it('never sends the session’s token (the service may be someone else’s)', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await postForm('https://forms.example.com/f/1', { email: 'a@example.com' });
    expect(sentHeaders().Authorization).toBeUndefined();
  });

  it('fails with the service’s message, whichever field it uses', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Slow down' }, { status: 429 }));
    await expect(postForm('/x', {})).rejects.toMatchObject({ message: 'Slow down' });
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Form not found' }, { status: 404 }));
    await expect(postForm('/x', {})).rejects.toMatchObject({ message: 'Form not found' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(postForm('/x', {})).rejects.toMatchObject({ message: 'Something went wrong' });
  });
});
