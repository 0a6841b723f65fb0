import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '#api/db/schema.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const subscribe = (email: unknown) =>
  testApp.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });

describe('POST /api/newsletter', () => {
  it('stores the address trimmed and lower-cased; a second sign-up is not an error and stores one row', async () => {
    expect((await subscribe('  Reader@Example.COM ')).json()).toEqual({
      status: 'success',
      data: { subscribed: true },
    });
    expect((await subscribe('reader@example.com')).statusCode).toBe(200);
    const rows = await testApp.db.select().from(newsletterSubscriptions);
    expect(rows.map((row) => row.email)).toEqual(['reader@example.com']);
  });

  it.each([
    ['', 'Please enter an email address'],
    ['   ', 'Please enter an email address'],
    [undefined, 'Please enter an email address'],
    [42, 'Please enter an email address'],
    ['not-an-email', 'Please enter a valid email address'],
    [`${'a'.repeat(250)}@example.com`, 'The email address is too long (254 characters at most).'],
  ])('rejects %j with its message and stores nothing', async (email, message) => {
    const before = await testApp.db.select().from(newsletterSubscriptions);
    const response = await subscribe(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed', message });
    expect(await testApp.db.select().from(newsletterSubscriptions)).toHaveLength(before.length);
  });
});
