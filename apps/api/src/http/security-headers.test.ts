import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

it('sends helmet’s headers on every kind of response', async () => {
  for (const url of ['/healthz', '/api/does-not-exist', '/no-such-page.png']) {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.headers, url).toMatchObject({
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  }
});
