import { readOutbox } from '@launchkit/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#api/db/schema.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { mailSettled } from '#api/test/test-mail.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ CONTACT_INBOX: 'owner@example.com' });
});
afterAll(() => testApp.close());

const send = (payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/contact', payload });
const outboxDir = () => (testApp.config.mail.transport === 'outbox' ? testApp.config.mail.outboxDir : '');

describe('POST /api/contact', () => {
  it('stores the message and puts a notification for the site owner in the outbox', async () => {
    const response = await send({ name: ' Ada ', email: 'Ada@Example.com', message: 'Hello there' });
    expect(response.json()).toEqual({ status: 'success', data: { sent: true } });

    const rows = await testApp.db.select().from(contactMessages);
    expect(rows).toMatchObject([{ name: 'Ada', email: 'ada@example.com', message: 'Hello there' }]);

    await mailSettled(testApp.db);
    const mail = await readOutbox(outboxDir(), { to: 'owner@example.com' });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ replyTo: 'ada@example.com', subject: 'New contact message from Ada' });
    expect(mail[0]?.text).toContain('Hello there');
  });

  it('accepts a message without a name', async () => {
    const response = await send({ email: 'anon@example.com', message: 'No name' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ email: 'a@b.co' }, 'Please enter a message'],
    [{ email: 'a@b.co', message: '   ' }, 'Please enter a message'],
    [{ message: 'hi' }, 'Please enter an email address'],
    [{ email: 'a@b.co', message: 'x'.repeat(5001) }, 'The message is too long (5000 characters at most).'],
    [
      { name: 'n'.repeat(201), email: 'a@b.co', message: 'hi' },
      'The name is too long (200 characters at most).',
    ],
  ])('rejects %j and stores nothing', async (payload, message) => {
    const before = (await testApp.db.select().from(contactMessages)).length;
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed', message });
    expect(await testApp.db.select().from(contactMessages)).toHaveLength(before);
  });
});
