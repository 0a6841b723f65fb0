import { randomUUID } from 'node:crypto';
import type { MemberRole } from '@launchkit/api-contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  items,
  operatorAudit,
  scimTokens,
  subUsers,
  users,
  workspaceDomains,
  workspaceSso,
} from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { itemStreamKit, nextList } from '#api/test/item-streams.ts';
import { listenOnLoopback } from '#api/test/test-app.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { inWorkspace, type Method, workspaceRequests } from '#api/test/workspace-requests.ts';

// Roles (docs/team.md, "Roles"): every endpoint that acts in a workspace, called by its owner, an admin,
// a member, a viewer and someone from outside, each answer written out by hand below. The permission
// table (packages/api-contract/src/permissions.ts) is what the server reads; this file does not read
// it, so a wrong entry there fails here.

const suite = useAppWithIdentity();
const db = () => suite.testApp.db;
const { openItemStream, closeItemStreams } = itemStreamKit();

type Caller = 'owner' | 'admin' | 'member' | 'viewer' | 'outsider';
const callers: readonly Caller[] = ['owner', 'admin', 'member', 'viewer', 'outsider'];

const { call, signedUp } = workspaceRequests(suite);

let people: Record<Caller, TestUser>;
let owner: TestUser;
const freshEmail = () => `person-${randomUUID()}@example.com`;

/** An invitation (not joined) in the owner's workspace, never sent yet so a resend is allowed. */
async function invitation(role: MemberRole) {
  const [row] = await db()
    .insert(subUsers)
    .values({ owner: owner.uid, email: freshEmail(), firstName: 'In', lastName: 'Vited', role })
    .returning({ id: subUsers.id });
  if (!row) throw new Error('no invitation row');
  return row.id;
}

/** A joined member of the owner's workspace with `role`, who is no one of the callers. */
async function joined(role: MemberRole) {
  const person = await signedUp();
  return (await insertJoinedMember(db(), owner, person, role)).id;
}

/** The call that adds a person with `role` (a fresh address each time, so it never collides). */
function addingSubUser(role: MemberRole, lastName: string) {
  return async (): Promise<[Method, string, unknown]> => [
    'POST',
    '/api/sub-users',
    { firstName: 'N', lastName, email: freshEmail(), role },
  ];
}

async function ownersItem(name = 'Plan') {
  const response = await call('POST', '/api/items', owner, { name });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
}

/** A SCIM token of the owner's workspace, written as making one in Settings would (decision 0056). */
async function scimToken() {
  const [row] = await db()
    .insert(scimTokens)
    .values({ workspace: owner.uid, prefix: 'scim_matrix00', secretHash: randomUUID(), createdBy: owner.uid })
    .returning({ id: scimTokens.id });
  if (!row) throw new Error('no SCIM token row');
  return row.id;
}

/** Everything a refused call must leave as it was: the workspace's items, people, log, settings and single sign-on. */
async function workspaceState() {
  const ws = owner.uid;
  return {
    items: await db().select().from(items).where(eq(items.owner, ws)).orderBy(asc(items.id)),
    members: await db().select().from(subUsers).where(eq(subUsers.owner, ws)).orderBy(asc(subUsers.id)),
    activity: (await db().select({ id: activity.id }).from(activity).where(eq(activity.workspace, ws)))
      .length,
    scimTokens: await db()
      .select({ id: scimTokens.id, revokedAt: scimTokens.revokedAt })
      .from(scimTokens)
      .where(eq(scimTokens.workspace, ws))
      .orderBy(asc(scimTokens.id)),
    owner: await db()
      .select({ requiresSecondFactor: users.requiresSecondFactor, quantity: users.quantity })
      .from(users)
      .where(eq(users.id, ws)),
    sso: await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, ws)),
    domains: await db()
      .select()
      .from(workspaceDomains)
      .where(eq(workspaceDomains.workspace, ws))
      .orderBy(asc(workspaceDomains.domain)),
  };
}

type Expected = number | readonly [status: number, code: string];
/** Refused: the role may not do this. */
const F = [403, 'workspaces/forbidden'] as const;
/** Refused: not a member of this workspace. */
const N = [404, 'workspaces/not-found'] as const;

type Case = {
  name: string;
  /** Makes what the call acts on (a fresh item or person each time), and says the call. */
  request: () => Promise<[Method, string, unknown?]>;
  expected: Record<Caller, Expected>;
};

const returnAddress = 'https://elsewhere.example/back';

// The matrix, by hand: endpoint × caller → answer. The owner passes the billing check and is then
// refused for the return address on another site (400), which shows the check let them through.
const matrix: Case[] = [
  {
    name: 'GET /api/items',
    request: async () => ['GET', '/api/items'],
    expected: { owner: 200, admin: 200, member: 200, viewer: 200, outsider: N },
  },
  {
    name: 'GET /api/items/:id',
    request: async () => ['GET', `/api/items/${await ownersItem()}`],
    expected: { owner: 200, admin: 200, member: 200, viewer: 200, outsider: N },
  },
  {
    name: 'POST /api/items',
    request: async () => ['POST', '/api/items', { name: 'New' }],
    expected: { owner: 201, admin: 201, member: 201, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/items/:id (rename)',
    request: async () => ['PATCH', `/api/items/${await ownersItem()}`, { name: 'Renamed' }],
    expected: { owner: 200, admin: 200, member: 200, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/items/:id (unfeature)',
    request: async () => ['PATCH', `/api/items/${await ownersItem()}`, { featured: false }],
    expected: { owner: 200, admin: 200, member: 200, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/items/:id',
    request: async () => ['DELETE', `/api/items/${await ownersItem()}`],
    expected: { owner: 200, admin: 200, member: 200, viewer: F, outsider: N },
  },
  {
    name: 'GET /api/activity',
    request: async () => ['GET', '/api/activity'],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'GET /api/sub-users',
    request: async () => ['GET', '/api/sub-users'],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sub-users (as viewer)',
    request: addingSubUser('viewer', 'V'),
    expected: { owner: 201, admin: 201, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sub-users (as admin)',
    request: addingSubUser('admin', 'A'),
    expected: { owner: 201, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sub-users/:id/invitation (a member’s)',
    request: async () => ['POST', `/api/sub-users/${await invitation('member')}/invitation`],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sub-users/:id/invitation (an admin’s)',
    request: async () => ['POST', `/api/sub-users/${await invitation('admin')}/invitation`],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/sub-users/:id member → viewer',
    request: async () => ['PATCH', `/api/sub-users/${await joined('member')}`, { role: 'viewer' }],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/sub-users/:id viewer → member (an invitation)',
    request: async () => ['PATCH', `/api/sub-users/${await invitation('viewer')}`, { role: 'member' }],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/sub-users/:id member → admin',
    request: async () => ['PATCH', `/api/sub-users/${await joined('member')}`, { role: 'admin' }],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/sub-users/:id admin → member',
    request: async () => ['PATCH', `/api/sub-users/${await joined('admin')}`, { role: 'member' }],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/sub-users/:id (a member)',
    request: async () => ['DELETE', `/api/sub-users/${await joined('member')}`],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/sub-users/:id (an invited viewer)',
    request: async () => ['DELETE', `/api/sub-users/${await invitation('viewer')}`],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/sub-users/:id (an admin)',
    request: async () => ['DELETE', `/api/sub-users/${await joined('admin')}`],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  // SCIM tokens add and remove people, admins included: the owner's alone (decision 0056).
  {
    name: 'GET /api/scim-tokens',
    request: async () => ['GET', '/api/scim-tokens'],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/scim-tokens',
    request: async () => ['POST', '/api/scim-tokens', {}],
    expected: { owner: 201, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/scim-tokens/:id',
    request: async () => ['DELETE', `/api/scim-tokens/${await scimToken()}`],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/workspace/security',
    request: async () => ['PATCH', '/api/workspace/security', { requiresSecondFactor: false }],
    expected: { owner: 200, admin: 200, member: F, viewer: F, outsider: N },
  },
  // Single sign-on (decision 0055): the owner only. The owner's answers show the check let them
  // through: no connection to change, a domain not in the list, a test token that is none, an issuer
  // that does not answer.
  {
    name: 'GET /api/sso',
    request: async () => ['GET', '/api/sso'],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'PATCH /api/sso',
    request: async () => ['PATCH', '/api/sso', { autoJoin: true }],
    expected: { owner: [409, 'sso/no-connection'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sso/oidc',
    request: async () => [
      'POST',
      '/api/sso/oidc',
      { issuer: 'http://127.0.0.1:9/nobody', clientId: 'c', clientSecret: 's' },
    ],
    expected: { owner: [400, 'sso/discovery-failed'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sso/test',
    request: async () => ['POST', '/api/sso/test', { accessToken: 'not-a-token' }],
    expected: { owner: [400, 'sso/test-failed'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sso/domains',
    request: async () => ['POST', '/api/sso/domains', { domain: `r${randomUUID().slice(0, 8)}.example` }],
    expected: { owner: 200, admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/sso/domains/:domain/verify',
    request: async () => ['POST', '/api/sso/domains/not-added.example/verify'],
    expected: { owner: [404, 'not_found'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'DELETE /api/sso/domains/:domain',
    request: async () => ['DELETE', '/api/sso/domains/not-added.example'],
    expected: { owner: [404, 'not_found'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/stripe-create-checkout-session',
    request: async () => [
      'POST',
      '/api/stripe-create-checkout-session',
      { priceId: 'price_pro_monthly', successUrl: returnAddress, cancelUrl: returnAddress },
    ],
    expected: { owner: [400, 'validation_failed'], admin: F, member: F, viewer: F, outsider: N },
  },
  {
    name: 'POST /api/stripe-create-billing-session',
    request: async () => ['POST', '/api/stripe-create-billing-session', { returnUrl: returnAddress }],
    expected: { owner: [400, 'validation_failed'], admin: F, member: F, viewer: F, outsider: N },
  },
];

beforeAll(async () => {
  owner = await signedUp();
  const [admin, member, viewer, outsider] = [
    await signedUp(),
    await signedUp(),
    await signedUp(),
    await signedUp(),
  ];
  people = { owner, admin, member, viewer, outsider };
  // A plan whose changes a minute (docs/limits.md) leave room for the whole matrix.
  await setPlan(db(), owner.uid, { quantity: 500, ...onPlan('business') });
  await insertJoinedMember(db(), owner, admin, 'admin');
  await insertJoinedMember(db(), owner, member, 'member');
  await insertJoinedMember(db(), owner, viewer, 'viewer');
});

afterAll(closeItemStreams);

describe('the permission matrix: endpoint × role, with ?workspace=<owner>', () => {
  for (const entry of matrix) {
    it.each(callers.map((caller) => [caller] as const))(`${entry.name} as %s`, async (caller) => {
      const [method, path, payload] = await entry.request();
      // An invitation's mail writes its link's hash as it is sent: let it, before the state is read.
      await mailSettled(db());
      const before = await workspaceState();
      const response = await call(method, inWorkspace(path, owner.uid), people[caller], payload);
      const expected = entry.expected[caller];
      const [status, code] = typeof expected === 'number' ? [expected, undefined] : expected;
      expect(response.statusCode, response.body).toBe(status);
      if (code === undefined) {
        expect(response.json().status).toBe('success');
        return;
      }
      expect(response.json()).toMatchObject({ status: 'error', code });
      // A refusal writes nothing, not even half.
      expect(await workspaceState()).toEqual(before);
    });
  }
});

// The back office (docs/operations.md): no workspace role reaches it, the owner's included; each call is
// refused before anything is read or written, and the operator audit log stays empty.
const backOffice = (): [Method, string, unknown?][] => {
  const ws = encodeURIComponent(owner.uid);
  const reason = { reason: 'Asked to' };
  return [
    ['GET', '/api/admin/session'],
    ['GET', '/api/admin/customers?q=example'],
    ['GET', `/api/admin/workspaces/${ws}`],
    ['GET', '/api/admin/audit'],
    ['POST', `/api/admin/workspaces/${ws}/trial`, { days: 7, reason: 'Asked to' }],
    ['POST', `/api/admin/workspaces/${ws}/credit`, { amount: 10, reason: 'Asked to' }],
    ['POST', `/api/admin/workspaces/${ws}/lock`, reason],
    ['POST', `/api/admin/workspaces/${ws}/unlock`, reason],
    ['POST', `/api/admin/workspaces/${ws}/webhook-endpoints/${randomUUID()}/disable`, reason],
    ['POST', `/api/admin/people/${ws}/verification-email`, reason],
    ['POST', `/api/admin/people/${ws}/sessions/end`, reason],
    ['POST', '/api/admin/operators', { email: freshEmail(), reason: 'Asked to' }],
    ['POST', '/api/admin/impersonations', { person: owner.uid, reason: 'Asked to' }],
    ['POST', `/api/admin/impersonations/${randomUUID()}/end`],
  ];
};

describe('the back office refuses every workspace role', () => {
  it.each(callers.map((caller) => [caller] as const))('as %s', async (caller) => {
    for (const [method, path, payload] of backOffice()) {
      const response = await call(method, path, people[caller], payload);
      expect([path, response.statusCode, response.json().code]).toEqual([
        path,
        403,
        'operators/not-an-operator',
      ]);
    }
    expect(await db().select().from(operatorAudit)).toEqual([]);
    expect(
      (await db().select({ lockedAt: users.lockedAt }).from(users).where(eq(users.id, owner.uid)))[0],
    ).toEqual({
      lockedAt: null,
    });
  });
});

describe('roles', () => {
  it('streams the live list to every role, and to nobody outside', async () => {
    const origin = await listenOnLoopback(suite.testApp);
    const streams = [];
    for (const caller of ['admin', 'member', 'viewer'] as const) {
      const stream = await openItemStream(origin, people[caller], { workspace: owner.uid });
      await nextList(stream);
      streams.push(stream);
    }
    const id = await ownersItem('Seen live');
    for (const stream of streams) expect((await nextList(stream)).map((item) => item.id)).toContain(id);

    const outside = await fetch(inWorkspace(`${origin}/api/items/stream`, owner.uid), {
      headers: { authorization: `Bearer ${people.outsider.token}` },
    });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ code: 'workspaces/not-found' });
  });

  it('tells each person their role in the workspaces they can open', async () => {
    const expected: Record<Caller, string | undefined> = {
      owner: 'owner',
      admin: 'admin',
      member: 'member',
      viewer: 'viewer',
      outsider: undefined,
    };
    for (const caller of callers) {
      const response = await call('GET', '/api/workspaces', people[caller]);
      const workspace = (response.json().data as { id: string; role: string }[]).find(
        (candidate) => candidate.id === owner.uid,
      );
      expect(workspace?.role, caller).toBe(expected[caller]);
    }
  });

  it('changes a role at once, logs it with the role before, and shows the role in the list', async () => {
    const person = await signedUp();
    const id = await insertJoinedMember(db(), owner, person, 'viewer').then((row) => row.id);
    const write = () => call('POST', inWorkspace('/api/items', owner.uid), person, { name: 'Now allowed' });
    expect((await write()).statusCode).toBe(403);

    const changed = await call('PATCH', inWorkspace(`/api/sub-users/${id}`, owner.uid), people.admin, {
      role: 'member',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id, role: 'member', status: 'member' });
    expect((await write()).statusCode).toBe(201);

    // The same role again changes nothing and logs nothing.
    const logged = async () =>
      (await db().select().from(activity).where(eq(activity.workspace, owner.uid))).filter(
        (entry) => entry.action === 'member.role_changed' && entry.subject === person.email.toLowerCase(),
      );
    expect((await call('PATCH', `/api/sub-users/${id}`, owner, { role: 'member' })).json().data.role).toBe(
      'member',
    );
    expect(await logged()).toMatchObject([
      { actorId: people.admin.uid, previous: 'viewer', subject: person.email.toLowerCase() },
    ]);

    // The admin reads it in the log they may read, the member does not.
    const log = await call('GET', inWorkspace('/api/activity', owner.uid), people.admin);
    const entries = log.json().data.entries as { action: string }[];
    expect(entries.find((entry) => entry.action === 'member.role_changed')).toMatchObject({
      action: 'member.role_changed',
      actorEmail: people.admin.email.toLowerCase(),
      subject: person.email.toLowerCase(),
      previous: 'viewer',
    });
    const list = await call('GET', inWorkspace('/api/sub-users', owner.uid), people.admin);
    expect(list.json().data.find((row: { id: string }) => row.id === id)).toMatchObject({ role: 'member' });

    const demoted = await call('PATCH', `/api/sub-users/${id}`, owner, { role: 'viewer' });
    expect(demoted.json().data.role).toBe('viewer');
    expect((await write()).json()).toMatchObject({ status: 'error', code: 'workspaces/forbidden' });
  });

  it('invites with a role (a member by default), refuses a role that is none, and nobody changes the owner', async () => {
    const invited = await call('POST', '/api/sub-users', owner, {
      firstName: 'Ro',
      lastName: 'Le',
      email: freshEmail(),
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data.role).toBe('viewer');
    const id = invited.json().data.id as string;
    for (const role of ['owner', 'Admin', '', null, 3]) {
      const response = await call('PATCH', `/api/sub-users/${id}`, owner, { role });
      expect(response.statusCode, String(role)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(
      (await call('PATCH', `/api/sub-users/${id}`, owner, { role: 'member', extra: 1 })).statusCode,
    ).toBe(400);
    // The owner has no row among the members: no id names them, so no change reaches them.
    const missing = await call('PATCH', inWorkspace(`/api/sub-users/${owner.uid}`, owner.uid), people.admin, {
      role: 'viewer',
    });
    expect(missing.statusCode).toBe(404);
    // An admin cannot change their own role either (it is admin).
    const ownRow = (await call('GET', inWorkspace('/api/sub-users', owner.uid), people.admin))
      .json()
      .data.find((row: { memberId: string }) => row.memberId === people.admin.uid);
    const self = await call('PATCH', inWorkspace(`/api/sub-users/${ownRow.id}`, owner.uid), people.admin, {
      role: 'member',
    });
    expect(self.json()).toMatchObject({ status: 'error', code: 'workspaces/forbidden' });
  });

  it('keeps an admin’s own workspace their own: without the parameter they manage their own people', async () => {
    const response = await call('GET', '/api/sub-users', people.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    // And the owner's calls without the parameter are the owner's workspace, as always.
    const own = await call('GET', '/api/sub-users', owner);
    expect(own.json().data.some((row: { memberId: string }) => row.memberId === people.viewer.uid)).toBe(
      true,
    );
  });
});
