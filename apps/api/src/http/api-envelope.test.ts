import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
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
    expectErrorEnvelope(response, 404, 'not_found', 'There is no API endpoint GET /api/does-not-exist.');
  });

  it('answers a wrong method on a known route with 404 in the envelope', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/newsletter' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('/api/newsletter', '{"email": ', 'application/json');
    expectErrorEnvelope(response, 400, 'invalid_json', 'The request body is not valid JSON.');
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
    expectErrorEnvelope(
      response,
      415,
      'unsupported_media_type',
      'Send the request body as JSON with the header Content-Type: application/json.',
    );
  });

  it('answers a body over 32 KB with 413 payload_too_large', async () => {
    const response = await post(
      '/api/contact',
      JSON.stringify({ email: 'a@b.co', message: 'x'.repeat(40_000) }),
      'application/json',
    );
    expectErrorEnvelope(response, 413, 'payload_too_large', 'The request body is too large (32 KB at most).');
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

  it.each(['/api/items/%', '/api/%zz', '/api/items/%E0%A4%A', '/api/items/%C0%80'])(
    'answers the path %s that cannot be decoded with 400 bad_url',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expectErrorEnvelope(
        response,
        400,
        'bad_url',
        'The address is not valid: it has a malformed percent-escape (a % followed by two hex digits of UTF-8).',
      );
    },
  );

  it('answers a path segment over 100 characters with 414 uri_too_long in the envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/items/${'a'.repeat(101)}` });
    expectErrorEnvelope(
      response,
      414,
      'uri_too_long',
      'A part of the address is too long (100 characters at most).',
    );
  });

  it.each([
    ['/api/plans?x=%&y=%zz&z=%E0%A4%A', 200],
    ['/api/does-not-exist?x=%zz', 404],
    ['/api/dev/outbox?to=%E0%A4%A', 200],
  ])('answers %s, whose query holds bad escapes, in the envelope with %i', async (url, statusCode) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(statusCode);
    expect(response.json().status).toBe(statusCode < 400 ? 'success' : 'error');
  });

  it.each(['/pricing%zz', '/%', '/dashboard/%E0%A4%A'])(
    'answers the page path %s that cannot be decoded with 400, never 500',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    },
  );

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
