import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

// An externally hosted pricing/account app, as OMNIOUT_URL would name one.
let hosted: Server;
let hostedUrl: string;
const seen: string[] = [];
let testApp: TestApp;

beforeAll(async () => {
  hosted = createServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url?.startsWith('/hosted/myAccount.html')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<h1>Hosted account</h1>');
    } else {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('nope');
    }
  });
  await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
  hostedUrl = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}/hosted/`;
  testApp = await startTestApp({ OMNIOUT_URL: hostedUrl });
});

afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => hosted.close(resolve));
});

describe('OMNIOUT_URL', () => {
  it('serves /omniout/ pages from the hosted app, query included, with this site’s CSP', async () => {
    const response = await testApp.app.inject('/omniout/myAccount.html?c__accountToken=abc');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Hosted account');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(seen).toContain('/hosted/myAccount.html?c__accountToken=abc');
  });

  it('passes the hosted app’s 404 on and never leaves its base path', async () => {
    expect((await testApp.app.inject('/omniout/missing.html')).statusCode).toBe(404);
    const traversal = await testApp.app.inject('/omniout/..%2F..%2Fsecret');
    expect(traversal.statusCode).toBe(404);
    expect(seen.some((url) => url.includes('secret') && !url.startsWith('/hosted/'))).toBe(false);
  });

  it('answers 502 with a message when the hosted app is down', async () => {
    const down = await startTestApp({ OMNIOUT_URL: 'http://127.0.0.1:9/' });
    try {
      const response = await down.app.inject('/omniout/');
      expect(response.statusCode).toBe(502);
      expect(response.body).toContain('not reachable');
    } finally {
      await down.close();
    }
  });
});
