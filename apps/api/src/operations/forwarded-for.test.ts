import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

// The per-IP limits of the public POST endpoints, against X-Forwarded-For as an attacker sends it:
// a new forged address on every request.

const max = 3;
let direct: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  const limits = { RATE_LIMIT_MAX: String(max), RATE_LIMIT_WINDOW_MS: '60000' };
  direct = await startTestApp(limits);
  behindProxy = await startTestApp({ ...limits, TRUST_PROXY: '1' }, { database: direct.database });
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

const routes = [
  { url: '/api/newsletter', payload: { email: 'forged@example.com' } },
  { url: '/api/contact', payload: { email: 'forged@example.com', message: 'Hello' } },
];

let sequence = 0;
/** A fresh forged address per call. */
const forged = () => `192.0.2.${++sequence % 250}`;

const post = (app: TestApp, url: string, payload: unknown, remoteAddress: string, forwardedFor: string) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, string>,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** RATE_LIMIT_MAX + 3 posts; the statuses in order. */
async function burst(send: (attempt: number) => ReturnType<typeof post>) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < max + 3; attempt++) {
    const response = await send(attempt);
    statuses.push(response.statusCode);
    if (response.statusCode === 429) expect(response.json().code).toBe('rate_limited');
  }
  return statuses;
}

const limited = [...Array(max).fill(200), 429, 429, 429];

describe.each(routes)('POST $url with a forged X-Forwarded-For', ({ url, payload }) => {
  it('is limited by the socket’s address when TRUST_PROXY is unset', async () => {
    expect(await burst(() => post(direct, url, payload, '203.0.113.40', forged()))).toEqual(limited);
  });

  it('behind one trusted proxy (TRUST_PROXY=1) is limited by the address the proxy appended', async () => {
    // The proxy (10.0.0.5) appends the address it saw to whatever the client sent.
    const client = (real: string) => (attempt: number) =>
      post(
        behindProxy,
        url,
        payload,
        '10.0.0.5',
        `${forged()}, ${forged()}${attempt % 2 ? ', 127.0.0.1' : ''}, ${real}`,
      );
    expect(await burst(client('198.51.100.10'))).toEqual(limited);
    // Another real client behind the same proxy has its own budget.
    expect((await client('198.51.100.11')(0)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a public peer even with TRUST_PROXY=1: it is no proxy of ours', async () => {
    expect(await burst(() => post(behindProxy, url, payload, '203.0.113.9', forged()))).toEqual(limited);
  });
});
