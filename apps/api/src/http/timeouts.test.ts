import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '#api/test/event-stream.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from '#api/test/test-identity-provider.ts';
import { createTestUsers } from '#api/test/test-users.ts';
import { connectionTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, requestTimeoutMs } from './timeouts.ts';

const requestTimeout = 1_000;
let identity: TestIdentityProvider;
let testApp: TestApp;
let port: number;

beforeAll(async () => {
  identity = await startTestIdentityProvider();
  testApp = await startTestApp({ ...identity.appEnv, REQUEST_TIMEOUT_MS: String(requestTimeout) });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => {
  await testApp?.close();
  await identity?.close();
});

/** Writes `head` on a raw socket and never sends the rest; resolves with what came back once it closes. */
function stall(head: string): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {}); // the server may reset after answering
    socket.on('close', () => resolve({ answer, elapsedMs: Date.now() - started }));
    setTimeout(() => reject(new Error('the server kept the stalled connection open')), 10_000).unref();
  });
}

function expectTimedOut({ answer, elapsedMs }: { answer: string; elapsedMs: number }) {
  expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
  expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
    status: 'error',
    code: 'request_timeout',
    message: 'The request took too long to arrive. Please try again.',
  });
  // Node checks for expired requests once a second.
  expect(elapsedMs).toBeGreaterThanOrEqual(requestTimeout - 100);
  expect(elapsedMs).toBeLessThan(requestTimeout + 2_500);
}

describe('request timeouts (REQUEST_TIMEOUT_MS)', () => {
  it('answers a body that stops halfway 408 request_timeout in the envelope and closes the socket', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' });
    const head =
      'POST /api/newsletter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, body.length / 2)}`;
    expectTimedOut(await stall(head));
  });

  it('does the same for headers that never end', async () => {
    expectTimedOut(await stall('GET /api/plans HTTP/1.1\r\nHost: localhost\r\nX-Slow: a'));
  });

  it('leaves a live stream open past it: its request arrived whole, only the answer goes on', async () => {
    const user = await createTestUsers(identity)();
    const stream: EventStream = await openEventStream(`http://127.0.0.1:${port}/api/items/stream`, {
      authorization: `Bearer ${user.token}`,
    });
    try {
      expect((await stream.next()).type).toBe('items');
      await new Promise((resolve) => setTimeout(resolve, requestTimeout * 2.5));
      expect(stream.isEnded).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('answers a normal request as usual', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/plans`);
    expect(response.status).toBe(200);
  });
});

describe('the server’s timeouts', () => {
  it('are set on the HTTP server, the idle ones outlasting the load balancer and the stream’s keep-alive', async () => {
    const defaults = await startTestApp();
    try {
      const server = defaults.app.server;
      expect(server.requestTimeout).toBe(requestTimeoutMs);
      expect(server.headersTimeout).toBe(headersTimeoutMs);
      expect(server.keepAliveTimeout).toBe(keepAliveTimeoutMs);
      expect(server.timeout).toBe(connectionTimeoutMs);
      expect(keepAliveTimeoutMs).toBeGreaterThan(60_000);
      expect(connectionTimeoutMs).toBeGreaterThan(Math.max(keepAliveTimeoutMs, 2 * 25_000));
    } finally {
      await defaults.close();
    }
  });
});
