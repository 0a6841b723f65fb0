import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, subUsers, workspaceSso } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { startTestDnsServer } from '#api/test/test-dns-server.ts';
import { saveTestedSso } from '#api/test/test-sso.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { workspaceRequests } from '#api/test/workspace-requests.ts';

// Verified domains (docs/sso.md): the owner proves a domain with a TXT record, looked up through the
// resolver DNS_RESOLVER names (here a DNS server of the test's own on loopback); a domain one workspace
// verified is no other's; its people are sent to that workspace's connection and may join by it.

const dns = await startTestDnsServer();
const suite = useAppWithIdentity({ DNS_RESOLVER: dns.address });
const db = () => suite.testApp.db;
const { call, signedUp } = workspaceRequests(suite);

afterAll(() => dns.close());

/** A fresh domain per test, so tests never share one. */
const freshDomain = () => `d${randomUUID().slice(0, 8)}.example`;

async function businessOwner(
  organizationId: string,
  settings: Partial<typeof workspaceSso.$inferInsert> = {},
) {
  const owner = await signedUp();
  await setPlan(db(), owner.uid, { quantity: 3, ...onPlan('business') });
  await saveTestedSso(db(), owner.uid, organizationId, {
    connectionType: 'oidc',
    enabled: true,
    ...settings,
  });
  return owner;
}

/** Adds the domain, publishes its record as the owner would, and verifies it. */
async function verified(owner: TestUser, domain: string) {
  const added = await call('POST', '/api/sso/domains', owner, { domain });
  expect(added.statusCode).toBe(200);
  const record = added.json().data.domains.find((entry: { domain: string }) => entry.domain === domain);
  dns.setTxt(record.recordName, ['v=spf1 -all', record.recordValue]);
  const response = await call('POST', `/api/sso/domains/${domain}/verify`, owner);
  expect(response.statusCode).toBe(200);
  return response;
}

const through = async (person: TestUser, organization: string) => ({
  ...person,
  token: await suite.identity.signWithProviderKey({ sub: person.uid, org_id: organization }),
});

let ownerA: TestUser;
let ownerB: TestUser;

beforeAll(async () => {
  ownerA = await businessOwner('org_dom_a');
  ownerB = await businessOwner('org_dom_b');
});

describe('proving a domain', () => {
  it('gives a TXT record, refuses to verify until it is published, then verifies and logs it', async () => {
    const domain = freshDomain();
    const added = await call('POST', '/api/sso/domains', ownerA, { domain: ` ${domain.toUpperCase()} ` });
    const record = added.json().data.domains.find((entry: { domain: string }) => entry.domain === domain);
    expect(record).toMatchObject({ recordName: `_launchkit-verification.${domain}`, verifiedAt: null });
    expect(record.recordValue).toMatch(/^launchkit-verification=[0-9a-f]{32}$/);
    const early = await call('POST', `/api/sso/domains/${domain}/verify`, ownerA);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('sso/record-not-found');
    dns.setTxt(record.recordName, ['launchkit-verification=somebody-else']);
    expect((await call('POST', `/api/sso/domains/${domain}/verify`, ownerA)).json().code).toBe(
      'sso/record-not-found',
    );
    dns.setTxt(record.recordName, [record.recordValue]);
    const done = await call('POST', `/api/sso/domains/${domain}/verify`, ownerA);
    const shown = done.json().data.domains.find((entry: { domain: string }) => entry.domain === domain);
    expect(shown.verifiedAt).toEqual(expect.any(String));
    const log = await db().select().from(activity).where(eq(activity.workspace, ownerA.uid));
    expect(log.filter((entry) => entry.subject === domain).map((entry) => entry.action)).toEqual([
      'sso.domain-added',
      'sso.domain-verified',
    ]);
  });

  it('refuses a domain another workspace verified, to add and to verify', async () => {
    const domain = freshDomain();
    // B adds it first, before A proves it: B's verification is then refused, even with the record up.
    const pendingAtB = await call('POST', '/api/sso/domains', ownerB, { domain });
    const recordB = pendingAtB
      .json()
      .data.domains.find((entry: { domain: string }) => entry.domain === domain);
    await verified(ownerA, domain);
    dns.setTxt(recordB.recordName, [recordB.recordValue]);
    const refused = await call('POST', `/api/sso/domains/${domain}/verify`, ownerB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sso/domain-taken');
    const again = await call('POST', '/api/sso/domains', await businessOwner('org_dom_c'), { domain });
    expect(again.json().code).toBe('sso/domain-taken');
  });

  it('refuses what is not a domain, and a domain twice', async () => {
    for (const domain of ['https://example.com', 'example', 'a b.example', 'example.com/path']) {
      expect((await call('POST', '/api/sso/domains', ownerA, { domain })).statusCode).toBe(400);
    }
    const domain = freshDomain();
    await call('POST', '/api/sso/domains', ownerA, { domain });
    expect((await call('POST', '/api/sso/domains', ownerA, { domain })).json().code).toBe(
      'sso/domain-exists',
    );
    expect((await call('DELETE', `/api/sso/domains/${domain}`, ownerA)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/sso/domains/${domain}`, ownerA)).json().code).toBe('not_found');
  });
});

describe('home-realm discovery', () => {
  const discover = async (email: string) =>
    (await suite.testApp.app.inject({ method: 'POST', url: '/api/sso/discovery', payload: { email } })).json()
      .data;

  it('sends an address at a verified domain to its workspace’s organization, and no other address', async () => {
    const domain = freshDomain();
    const unproved = freshDomain();
    await verified(ownerA, domain);
    await call('POST', '/api/sso/domains', ownerA, { domain: unproved });
    expect(await discover(`Ada@${domain.toUpperCase()}`)).toEqual({
      organization: 'org_dom_a',
      connection: 'ws-org_dom_a-oidc',
    });
    expect(await discover(`ada@${unproved}`)).toEqual({ organization: null, connection: null });
    expect(await discover(`ada@sub.${domain}`)).toEqual({ organization: null, connection: null });
  });

  it('sends nobody to a connection that is off', async () => {
    const owner = await businessOwner('org_dom_off', { enabled: false });
    const domain = freshDomain();
    await verified(owner, domain);
    expect(await discover(`ada@${domain}`)).toEqual({ organization: null, connection: null });
  });
});

describe('joining after a sign-in through the organization', () => {
  async function personAt(domain: string) {
    const email = `p-${randomUUID().slice(0, 8)}@${domain}`;
    const { _id } = await suite.identity.signUp(email);
    await suite.identity.verifyEmail(email);
    const { access_token: token } = await suite.identity.signIn(email);
    const person = { email, uid: `auth0|${_id}`, token };
    // The first call writes the user document, as a first visit does.
    expect((await call('GET', '/api/items', person)).statusCode).toBe(200);
    return person;
  }

  it('joins a person of a verified domain with the default role, once, when the owner allows it', async () => {
    const owner = await businessOwner(`org_join_${randomUUID().slice(0, 6)}`, {
      autoJoin: true,
      autoJoinRole: 'viewer',
    });
    const [sso] = await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, owner.uid));
    const domain = freshDomain();
    await verified(owner, domain);
    const person = await through(await personAt(domain), sso?.organizationId ?? '');
    const joined = await call('POST', '/api/sso/join', person);
    expect(joined.json().data).toEqual({ workspace: owner.uid, role: 'viewer', joined: true });
    expect((await call('POST', '/api/sso/join', person)).json().data).toMatchObject({
      joined: false,
      role: 'viewer',
    });
    const rows = await db()
      .select()
      .from(subUsers)
      .where(and(eq(subUsers.owner, owner.uid), eq(subUsers.memberId, person.uid)));
    expect(rows).toHaveLength(1);
  });

  it('refuses anyone else: joining off, another domain, a sign-in without organization, no free seat', async () => {
    const organization = `org_join_${randomUUID().slice(0, 6)}`;
    const owner = await businessOwner(organization, { autoJoin: false });
    const domain = freshDomain();
    await verified(owner, domain);
    const person = await through(await personAt(domain), organization);
    expect((await call('POST', '/api/sso/join', person)).json().code).toBe('workspaces/not-found');
    await db().update(workspaceSso).set({ autoJoin: true }).where(eq(workspaceSso.workspace, owner.uid));
    const stranger = await through(await personAt(freshDomain()), organization);
    expect((await call('POST', '/api/sso/join', stranger)).json().code).toBe('workspaces/not-found');
    const plain = await personAt(domain);
    expect((await call('POST', '/api/sso/join', plain)).json().code).toBe('sso/not-an-organization-sign-in');
    await setPlan(db(), owner.uid, { quantity: 0 });
    const full = await call('POST', '/api/sso/join', person);
    expect(full.statusCode).toBe(403);
    expect(full.json().code).toBe('workspaces/no-seat');
    expect(await db().select().from(subUsers).where(eq(subUsers.owner, owner.uid))).toEqual([]);
  });
});
