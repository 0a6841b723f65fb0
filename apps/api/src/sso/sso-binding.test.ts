import { secondFactorClaim } from '@launchkit/api-contract/access-token-claims';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, workspaceDomains, workspaceSso } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { saveTestedSso } from '#api/test/test-sso.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { inWorkspace, workspaceRequests } from '#api/test/workspace-requests.ts';

// Single sign-on's binding of a sign-in to its workspace (docs/sso.md, decision 0055): a token of one
// organization opens that organization's workspace and no other; a workspace that requires single
// sign-on refuses its members' other sign-ins, never its owner's; turning things on keeps its order.

const suite = useAppWithIdentity();
const db = () => suite.testApp.db;
const { call, signedUp } = workspaceRequests(suite);

let ownerA: TestUser;
let ownerB: TestUser;
let member: TestUser;

/** A token of `person` as a sign-in through `organization` gets it (Auth0's `org_id` claim). */
async function through(person: TestUser, organization: string, claims: Record<string, unknown> = {}) {
  const token = await suite.identity.signWithProviderKey({
    sub: person.uid,
    org_id: organization,
    ...claims,
  });
  return { ...person, token };
}

/** The workspace's single sign-on as a set-up that passed its test leaves it. */
const organizationOf = (
  owner: TestUser,
  organizationId: string,
  settings: Parameters<typeof saveTestedSso>[3] = {},
) => saveTestedSso(db(), owner.uid, organizationId, settings);

beforeAll(async () => {
  [ownerA, ownerB, member] = [await signedUp(), await signedUp(), await signedUp()];
  for (const owner of [ownerA, ownerB])
    await setPlan(db(), owner.uid, { quantity: 10, ...onPlan('business') });
  await insertJoinedMember(db(), ownerA, member);
  await insertJoinedMember(db(), ownerB, member);
  await organizationOf(ownerA, 'org_aaaa', { enabled: true });
  await organizationOf(ownerB, 'org_bbbb', { enabled: true });
});

afterAll(async () => {
  await db().delete(workspaceSso);
});

describe('a sign-in through an organization', () => {
  it('opens its own workspace, and another organization’s workspace refuses it', async () => {
    const inA = await through(member, 'org_aaaa');
    expect((await call('GET', inWorkspace('/api/items', ownerA.uid), inA)).statusCode).toBe(200);
    const refused = await call('GET', inWorkspace('/api/items', ownerB.uid), inA);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('workspaces/other-organization');
    // A write too, and nothing is written.
    const write = await call('POST', inWorkspace('/api/items', ownerB.uid), inA, { name: 'Through A' });
    expect(write.json().code).toBe('workspaces/other-organization');
  });

  it('is refused in a workspace that has no organization at all', async () => {
    const third = await signedUp();
    await insertJoinedMember(db(), third, member);
    const response = await call(
      'GET',
      inWorkspace('/api/items', third.uid),
      await through(member, 'org_aaaa'),
    );
    expect(response.json().code).toBe('workspaces/other-organization');
  });

  it('is refused for a token whose org_id is not a string', async () => {
    const response = await call('GET', '/api/items', await through(member, 42 as unknown as string));
    expect(response.statusCode).toBe(401);
  });
});

describe('requiring single sign-on', () => {
  it('refuses a member’s password sign-in, lets the owner in, and lets the member in through it', async () => {
    await db().update(workspaceSso).set({ requireSso: true }).where(eq(workspaceSso.workspace, ownerA.uid));
    try {
      const refused = await call('GET', inWorkspace('/api/items', ownerA.uid), member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('workspaces/sso-required');
      expect((await call('GET', '/api/items', ownerA)).statusCode).toBe(200);
      const inA = await through(member, 'org_aaaa');
      expect((await call('GET', inWorkspace('/api/items', ownerA.uid), inA)).statusCode).toBe(200);
      // The member's other workspace does not require it: their password sign-in opens it.
      expect((await call('GET', inWorkspace('/api/items', ownerB.uid), member)).statusCode).toBe(200);
    } finally {
      await db()
        .update(workspaceSso)
        .set({ requireSso: false })
        .where(eq(workspaceSso.workspace, ownerA.uid));
    }
  });

  it('needs the owner signed in with a second factor (their way in), and the connection on', async () => {
    const before = await db().select().from(activity).where(eq(activity.workspace, ownerA.uid));
    const withoutFactor = await call('PATCH', '/api/sso', ownerA, { requireSso: true });
    expect(withoutFactor.statusCode).toBe(403);
    expect(withoutFactor.json().code).toBe('sso/second-factor-needed');
    const withFactor = {
      ...ownerA,
      token: (await through(ownerA, 'org_aaaa', { [secondFactorClaim]: true })).token,
    };
    const noOrg = {
      ...ownerA,
      token: await suite.identity.signWithProviderKey({ sub: ownerA.uid, [secondFactorClaim]: true }),
    };
    const off = await call('PATCH', '/api/sso', noOrg, { enabled: false, requireSso: true });
    expect(off.json().code).toBe('sso/not-on');
    const required = await call('PATCH', '/api/sso', withFactor, { requireSso: true });
    expect(required.statusCode).toBe(200);
    expect(required.json().data).toMatchObject({ requireSso: true, connection: { status: 'on' } });
    // Turning the connection off lets members in their own way again: the requirement goes with it.
    const turnedOff = await call('PATCH', '/api/sso', ownerA, { enabled: false });
    expect(turnedOff.json().data).toMatchObject({ requireSso: false, connection: { status: 'tested' } });
    const after = await db().select().from(activity).where(eq(activity.workspace, ownerA.uid));
    expect(
      after
        .slice(before.length)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['sso.no-longer-required', 'sso.required', 'sso.turned-off']);
    expect((await call('PATCH', '/api/sso', ownerA, { enabled: true })).statusCode).toBe(200);
  });

  it('turns on only a connection that passed a test', async () => {
    const owner = await signedUp();
    await setPlan(db(), owner.uid, onPlan('business'));
    await organizationOf(owner, 'org_cccc', { testedAt: null });
    const response = await call('PATCH', '/api/sso', owner, { enabled: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('sso/not-tested');
  });

  it('counts a test only from a valid token of the workspace’s own organization', async () => {
    const owner = await signedUp();
    await setPlan(db(), owner.uid, onPlan('business'));
    await organizationOf(owner, 'org_dddd', { testedAt: null });
    const forged = await call('POST', '/api/sso/test', owner, { accessToken: 'not-a-token' });
    expect(forged.json().code).toBe('sso/test-failed');
    const otherOrg = (await through(owner, 'org_aaaa')).token;
    const other = await call('POST', '/api/sso/test', owner, { accessToken: otherOrg });
    expect(other.json().code).toBe('sso/test-failed');
    const own = (await through(owner, 'org_dddd')).token;
    const passed = await call('POST', '/api/sso/test', owner, { accessToken: own });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().data.connection).toMatchObject({ status: 'tested' });
  });

  it('is the business plan’s: an owner on another plan is refused and nothing changes', async () => {
    const owner = await signedUp();
    await setPlan(db(), owner.uid, onPlan('pro'));
    const refused = await call('POST', '/api/sso/domains', owner, { domain: 'pro-plan.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('sso/plan-required');
    expect(
      await db().select().from(workspaceDomains).where(eq(workspaceDomains.workspace, owner.uid)),
    ).toEqual([]);
    const settings = await call('GET', '/api/sso', owner);
    expect(settings.json().data).toMatchObject({ planAllows: false, connection: null, domains: [] });
  });
});
