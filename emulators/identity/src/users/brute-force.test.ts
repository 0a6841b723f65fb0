import { beforeAll, describe, expect, it } from 'vitest';
import { linkIn, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const blockedMessage =
  "Your account has been blocked after multiple consecutive login attempts. We've sent you an email with instructions on how to unblock it.";
const attackerIp = '192.0.2.66';
const otherIp = '192.0.2.77';

const identity = useTestIdentity();

/** The status of a password sign-in from the address `ip`. */
const signInStatus = async (email: string, password: string, ip: string) =>
  (await identity.passwordLogin(email, password, { ip })).statusCode;
beforeAll(async () => {
  await identity.signUp('linus@example.com');
  await identity.signUp('margaret@example.com');
});

// Concurrent, to use every core: each failure costs a full scrypt hash.
async function failTenTimes(email: string) {
  const attempts = Array.from({ length: 10 }, (_, attempt) =>
    identity.passwordLogin(email, `Wrong-horse-${attempt}`, { ip: attackerIp }),
  );
  for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
}

// About fifteen scrypt hashes per test: seconds on a busy machine, hence the longer limit.
const slow = 60_000;

describe('brute-force protection', () => {
  it(
    'blocks a user from one address after 10 failures, mails an unblock link, and leaves other addresses alone',
    async () => {
      await failTenTimes('linus@example.com');
      const blocked = await identity.passwordLogin('linus@example.com', testTenant.goodPassword, {
        ip: attackerIp,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: 'too_many_attempts', error_description: blockedMessage });

      const mail = await identity.mailTo('linus@example.com', 'Your account has been blocked');
      expect(mail?.text).toContain(attackerIp);
      expect(await signInStatus('linus@example.com', testTenant.goodPassword, otherIp)).toBe(200);

      const link = linkIn(mail, 'http://localhost:3001/unblock?ticket=');
      const page = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Your account is unblocked');
      expect(await signInStatus('linus@example.com', testTenant.goodPassword, attackerIp)).toBe(200);
    },
    slow,
  );

  it(
    'resets by email link: the old password stops working, the new one works, and blocks are lifted',
    async () => {
      await failTenTimes('margaret@example.com');
      expect(await signInStatus('margaret@example.com', testTenant.goodPassword, attackerIp)).toBe(429);

      const request = await identity.app.inject({
        method: 'POST',
        url: '/dbconnections/change_password',
        payload: {
          client_id: testTenant.webClientId,
          email: 'margaret@example.com',
          connection: testTenant.connection,
        },
      });
      expect(request.statusCode).toBe(200);
      const link = linkIn(
        await identity.mailTo('margaret@example.com', 'Reset your password'),
        'http://localhost:3001/lo/reset?ticket=',
      );
      const ticket = link.searchParams.get('ticket') ?? '';

      const form = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(form.statusCode).toBe(200);
      expect(form.headers['referrer-policy']).toBe('no-referrer');
      expect(form.body).toContain('<label for="password">New password</label>');
      expect(form.body).toContain('At least 8 characters in length');

      const submit = (password: string, confirm = password) =>
        identity.app.inject({
          method: 'POST',
          url: '/lo/reset',
          payload: new URLSearchParams({ ticket, password, confirm }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const mismatch = await submit('New-horse-10', 'New-horse-11');
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.body).toContain('The two passwords are not the same.');
      const weak = await submit('password');
      expect(weak.statusCode).toBe(400);
      expect(weak.body).toContain('Password is too weak');
      expect(weak.body).toContain('not met');

      const done = await submit('New-horse-10');
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Your password has been changed successfully.');

      const used = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(used.statusCode).toBe(410);
      expect(used.body).toContain('already been used');

      expect(await signInStatus('margaret@example.com', testTenant.goodPassword, otherIp)).toBe(403);
      expect(await signInStatus('margaret@example.com', 'New-horse-10', attackerIp)).toBe(200);
    },
    slow,
  );
});
