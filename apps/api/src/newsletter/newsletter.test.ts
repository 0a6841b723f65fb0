import { readOutbox } from '@launchkit/mail';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '#api/db/schema.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { mailSettled } from '#api/test/test-mail.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

// Each request from an address of its own: the public forms' per-address limit is not what is tested.
let address = 0;
const remoteAddress = () => `198.51.100.${(address++ % 250) + 1}`;
const subscribe = (email: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email },
    remoteAddress: remoteAddress(),
  });
const confirm = (token: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/newsletter/confirmation',
    payload: { token },
    remoteAddress: remoteAddress(),
  });

const subject = 'Confirm your subscription to the Launchkit newsletter';

/** The confirmation mails sent to `email`, newest first, and the token of each one's link. */
async function confirmationsTo(email: string) {
  await mailSettled(testApp.db);
  if (testApp.config.mail.transport !== 'outbox') throw new Error('the test app mails by SMTP');
  const mails = await readOutbox(testApp.config.mail.outboxDir, { to: email });
  return mails
    .filter((mail) => mail.subject === subject)
    .map((mail) => mail.text.match(/\/newsletter#([A-Za-z0-9_-]{43})\s/)?.[1] ?? '');
}

/** The address's last confirmation mail as if sent `interval` ago (a PostgreSQL interval). */
const confirmationSentAgo = (email: string, interval: string) =>
  testApp.db
    .update(newsletterSubscriptions)
    .set({ confirmationSentAt: sql`now() - ${interval}::interval` })
    .where(eq(newsletterSubscriptions.email, email));

const rowOf = async (email: string) =>
  (
    await testApp.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
  )[0];

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

  it('counts an address only once its mailed link is followed (double opt-in), and mails it once', async () => {
    const email = 'double@example.com';
    expect((await subscribe(email)).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({ email, confirmedAt: null });
    // Again within ten minutes: the same answer, no second mail.
    expect((await subscribe(email)).json()).toEqual({ status: 'success', data: { subscribed: true } });
    const [token, ...others] = await confirmationsTo(email);
    expect(others).toEqual([]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await rowOf(email))).not.toContain(token);

    expect((await confirm(token)).json()).toEqual({ status: 'success', data: { email, confirmed: true } });
    expect((await rowOf(email))?.confirmedAt).toBeInstanceOf(Date);
    // Following it again is no error; subscribing a confirmed address mails nothing.
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await subscribe(email)).statusCode).toBe(200);
    expect(await confirmationsTo(email)).toHaveLength(1);
  });

  it('mails a new link after ten minutes, and the old one stops working', async () => {
    const email = 'later@example.com';
    await subscribe(email);
    const [first] = await confirmationsTo(email);
    await confirmationSentAgo(email, '11 minutes');
    await subscribe(email);
    const [second, old] = await confirmationsTo(email);
    expect(old).toBe(first);
    expect(second).not.toBe(first);
    expectErrorEnvelope(
      await confirm(first),
      404,
      'newsletter/confirmation-not-found',
      'This confirmation link is not valid. Subscribe again to get a new one.',
    );
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('refuses a link older than seven days, and a token of another shape', async () => {
    const email = 'old@example.com';
    await subscribe(email);
    const [token] = await confirmationsTo(email);
    await confirmationSentAgo(email, '8 days');
    expectErrorEnvelope(
      await confirm(token),
      409,
      'newsletter/confirmation-expired',
      'This confirmation link has expired. Subscribe again to get a new one.',
    );
    expect((await rowOf(email))?.confirmedAt).toBeNull();
    for (const bad of ['', 'short', `${token}x`, 42, null]) {
      expect((await confirm(bad)).json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
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
