import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import type { TestUser } from '#api/test/test-users.ts';

// A passkey is two factors only when the authenticator verified the person (fingerprint, face, screen
// lock or PIN): one that only saw someone present is the device alone, and a workspace that requires
// two-factor refuses that sign-in (decision 0040). Real emulator, real tokens, real workspace checks.

const suite = useAppWithIdentity();
const { call, ownerWithSeats, invited, accept } = teamKit(suite);

async function ownerRequiringSecondFactor(): Promise<TestUser> {
  const owner = await ownerWithSeats(1);
  const app = await suite.identity.enrolAuthenticatorApp(owner.email);
  const protectedOwner = { ...owner, token: (await app.signIn()).access_token };
  const set = await call(protectedOwner, 'PATCH', '/api/workspace/security', { requiresSecondFactor: true });
  expect(set.statusCode, set.body).toBe(200);
  return protectedOwner;
}

describe('a passkey sign-in in a workspace that requires two-factor', () => {
  it('is refused when the passkey only saw someone present, and let in when it verified the person', async () => {
    const owner = await ownerRequiringSecondFactor();
    const email = `passkey-presence-${Date.now()}@example.com`;
    const { authenticator } = await suite.identity.signUpWithPasskey(email, { isUserVerified: false });
    await suite.identity.verifyEmail(email);
    const presentOnly = (await suite.identity.signInWithPasskey(authenticator)).access_token;
    const member: TestUser = { email, uid: decodeJwt(presentOnly).sub ?? '', token: presentOnly };
    expect((await call(member, 'GET', '/api/user')).statusCode).toBe(200);
    const { token } = await invited(owner, email);
    expect((await accept(member, token)).statusCode).toBe(200);

    const inWorkspace = `workspace=${encodeURIComponent(owner.uid)}`;
    for (const refused of [
      await call(member, 'GET', `/api/items?${inWorkspace}`),
      await call(member, 'POST', `/api/items?${inWorkspace}`, { name: 'Present, not verified' }),
    ]) {
      expectErrorEnvelope(
        refused,
        403,
        'workspaces/second-factor-required',
        "This workspace's owner asks members to sign in with two-factor authentication. Turn it on in Settings → Security, then sign in again with your code.",
      );
    }

    authenticator.setUserVerification(true);
    const verified = {
      ...member,
      token: (await suite.identity.signInWithPasskey(authenticator)).access_token,
    };
    const created = await call(verified, 'POST', `/api/items?${inWorkspace}`, { name: 'Verified' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(verified, 'GET', `/api/items?${inWorkspace}`)).statusCode).toBe(200);
  });
});
