import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import type { TestUser } from '#api/test/test-users.ts';

// A workspace owner requires a second factor of members (docs/team.md): the API decides it from the
// verified token's second-factor claim, on every workspace request, not only the screen.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, joinedMember, ownerWithSeats, workspacesOf } = kit;

const requireSecondFactor = (owner: TestUser, requiresSecondFactor: unknown) =>
  call(owner, 'PATCH', '/api/workspace/security', { requiresSecondFactor });

/** The same person signed in again, this time with their authenticator app (enrolled now). */
async function withSecondFactor(person: TestUser): Promise<TestUser> {
  const app = await suite.identity.enrolAuthenticatorApp(person.email);
  return { ...person, token: (await app.signIn()).access_token };
}

const itemCount = async (owner: TestUser) =>
  (await suite.testApp.db.select({ n: count() }).from(items).where(eq(items.owner, owner.uid)))[0]?.n;

describe('PATCH /api/workspace/security', () => {
  it('is refused to an owner not signed in with a second factor, and changes nothing', async () => {
    const owner = await ownerWithSeats(1);
    expectErrorEnvelope(
      await requireSecondFactor(owner, true),
      403,
      'workspaces/second-factor-needed-to-require',
      'Sign in with two-factor authentication before you require it of your members: turn it on in Settings → Security, then sign in again with your code.',
    );
    expect((await workspacesOf(owner))[0]).toMatchObject({ requiresSecondFactor: false });
  });

  it('validates its body', async () => {
    const owner = await ownerWithSeats(1);
    for (const body of [{}, { requiresSecondFactor: 'yes' }, { requiresSecondFactor: true, extra: 1 }]) {
      const response = await call(owner, 'PATCH', '/api/workspace/security', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
  });
});

describe('a workspace that requires a second factor', () => {
  it('refuses members signed in without one on every workspace request, and lets them in with one', async () => {
    const owner = await withSecondFactor(await ownerWithSeats(1));
    const { member } = await joinedMember(owner);
    const set = await requireSecondFactor(owner, true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ status: 'success', data: { requiresSecondFactor: true } });
    expect((await workspacesOf(member))[1]).toMatchObject({ id: owner.uid, requiresSecondFactor: true });

    const inWorkspace = `workspace=${encodeURIComponent(owner.uid)}`;
    const before = await itemCount(owner);
    const refusals = [
      await call(member, 'GET', `/api/items?${inWorkspace}`),
      await call(member, 'POST', `/api/items?${inWorkspace}`, { name: 'Sneaked in' }),
    ];
    for (const refused of refusals) {
      expectErrorEnvelope(
        refused,
        403,
        'workspaces/second-factor-required',
        "This workspace's owner asks members to sign in with two-factor authentication. Turn it on in Settings → Security, then sign in again with your code.",
      );
    }
    expect(await itemCount(owner)).toBe(before);
    // Their own workspace asks nothing of them.
    expect((await call(member, 'GET', '/api/items')).statusCode).toBe(200);

    const protectedMember = await withSecondFactor(member);
    const created = await call(protectedMember, 'POST', `/api/items?${inWorkspace}`, { name: 'With a code' });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await call(protectedMember, 'GET', `/api/items?${inWorkspace}`);
    expect(listed.json().data.map((item: { name: string }) => item.name)).toContain('With a code');

    // Turned off again, a plain sign-in is enough.
    expect((await requireSecondFactor(owner, false)).statusCode).toBe(200);
    expect((await call(member, 'GET', `/api/items?${inWorkspace}`)).statusCode).toBe(200);
  });
});
