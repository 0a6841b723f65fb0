import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const post = (url: string, payload: string | undefined, contentType?: string) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: contentType ? { 'content-type': contentType } : {},
  });

describe('the API envelope for bad requests', () => {
  it('answers an unknown API route with 404 not_found naming the route', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'not_found',
      message: 'There is no API endpoint GET /api/does-not-exist.',
    });
  });

  it('answers a wrong method on a known route with 404 in the envelope', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/newsletter' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('/api/newsletter', '{"email": ', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const response = await post('/api/newsletter', '', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_json' });
  });

  it.each([
    ['text/plain', 'email=a@b.co'],
    ['application/x-www-form-urlencoded', 'email=a%40b.co'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers content type %s with 415 unsupported_media_type', async (contentType, payload) => {
    const response = await post('/api/newsletter', payload, contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'unsupported_media_type',
      message: 'Send the request body as JSON with the header Content-Type: application/json.',
    });
  });

  it('answers a body over 32 KB with 413 payload_too_large', async () => {
    const response = await post(
      '/api/contact',
      JSON.stringify({ email: 'a@b.co', message: 'x'.repeat(40_000) }),
      'application/json',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'payload_too_large',
      message: 'The request body is too large (32 KB at most).',
    });
  });

  it.each([
    ['no body at all', undefined],
    ['a JSON array', '[]'],
    ['a JSON string', '"a@b.co"'],
    ['null', 'null'],
  ])('answers %s with 400 validation_failed', async (_label, payload) => {
    const response = await post(
      '/api/newsletter',
      payload,
      payload === undefined ? undefined : 'application/json',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
  });

  it('reports every invalid field with its message', async () => {
    const response = await post(
      '/api/contact',
      JSON.stringify({ name: 7, email: 'nope', message: '' }),
      'application/json',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      code: 'validation_failed',
      message: 'The name must be text.',
      fields: {
        name: 'The name must be text.',
        email: 'Please enter a valid email address',
        message: 'Please enter a message',
      },
    });
  });

  it('wraps success in the envelope', async () => {
    const response = await post(
      '/api/newsletter',
      JSON.stringify({ email: 'envelope@example.com' }),
      'application/json',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', data: { subscribed: true } });
  });
});

describe('health and headers', () => {
  it('reports the database in /healthz', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testApp.databaseKind });
  });

  it('sends security headers that forbid framing by other origins', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
