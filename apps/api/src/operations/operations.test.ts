import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { startDraining } from './readiness.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp?.close());

const get = (url: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  testApp.app.inject({ method: 'GET', url, ...options });

describe('request ids', () => {
  it('answers every request with an id, keeping a plain one the balancer or client sent', async () => {
    const made = await get('/api/plans');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await get('/api/plans', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const refused = await get('/api/plans', { headers: { 'x-request-id': 'two words <script>' } });
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await get('/api/nothing-here');
    expect(failed.statusCode).toBe(404);
    expect(failed.headers['x-request-id']).toBeTruthy();
  });
});

describe('metrics', () => {
  it('serves Prometheus figures to a scraper on the private network', async () => {
    await get('/api/plans');
    const response = await get('/metrics', { remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/plans",status_code="200"\} \d+/m,
    );
    expect(text).toMatch(/^app_live_streams_open 0$/m);
    expect(text).toContain('app_live_delivery_lag_seconds_bucket');
    expect(text).toContain('app_webhook_failures_total 0');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('is not there for visitors: a public address, or anything through the load balancer', async () => {
    const requests: { remoteAddress: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '10.0.0.2', headers: { forwarded: 'for=203.0.113.7' } },
    ];
    for (const request of requests) {
      const response = await get('/metrics', request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
    }
  });
});

describe('health and readiness', () => {
  it('is alive and ready; once draining it is still alive but no longer ready', async () => {
    const app = await startTestApp();
    try {
      expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
      startDraining(app.app);
      const ready = await app.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // Requests are still served while the balancer notices.
      expect((await app.app.inject({ url: '/api/plans' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
