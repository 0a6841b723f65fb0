import { createHash } from 'node:crypto';
import { apiKeyDefaultDays, endpoints } from '@launchkit/api-contract';
import { planLimits } from '@launchkit/plans';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, apiKeys, subUsers, users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectBudgetSpent } from '#api/test/error-envelope.ts';
import { openEventStream } from '#api/test/event-stream.ts';
import { listenOnLoopback } from '#api/test/test-app.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { onPlan, type TestUser } from '#api/test/test-users.ts';
import { useTwoInstances } from '#api/test/two-instances.ts';
import { inWorkspace } from '#api/test/workspace-requests.ts';

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats } = kit;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Created = { key: { id: string; name: string; role: string; prefix: string }; secret: string };

/** One request with an API key's secret as the bearer token. */
const withKey = (secret: string, method: Method, url: string, payload?: unknown) =>
  suite.testApp.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });

async function createKey(by: TestUser, body: Record<string, unknown>, workspace?: string): Promise<Created> {
  const response = await call(by, 'POST', inWorkspace('/api/api-keys', workspace), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Created;
}

/** A member of `owner`'s workspace with `role`, joined through a real invitation. */
async function memberWithRole(owner: TestUser, role: 'admin' | 'member' | 'viewer') {
  const { member, recordId } = await kit.joinedMember(owner);
  await suite.testApp.db.update(subUsers).set({ role }).where(eq(subUsers.id, recordId));
  return member;
}

const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;

const logOf = async (owner: TestUser) => {
  const response = await call(owner, 'GET', '/api/activity');
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().data.entries as { action: string; actorId: string; actorEmail: string; subject: string }[]
  ).map(({ action, actorId, actorEmail, subject }) => ({ action, actorId, actorEmail, subject }));
};

describe('managing API keys', () => {
  it('lets the owner create, list and revoke keys; the secret is shown once and only its hash is kept', async () => {
    const owner = await ownerWithSeats(0);
    const { key, secret } = await createKey(owner, { name: '  Nightly export ', role: 'member' });
    expect(secret).toMatch(/^lk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Nightly export',
      role: 'member',
      prefix: secret.slice(0, 11),
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: expect.any(String),
    });

    const listed = await call(owner, 'GET', '/api/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([key]);
    expect(listed.body).not.toContain(secret.slice(12));

    // The database holds the SHA-256 of the secret, and the secret nowhere.
    const [row] = await suite.testApp.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    expect(row?.createdBy).toBe(owner.uid);

    const revoked = await call(owner, 'DELETE', `/api/api-keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toEqual({ id: key.id });
    expect((await call(owner, 'GET', '/api/api-keys')).json().data).toEqual([]);
    const again = await call(owner, 'DELETE', `/api/api-keys/${key.id}`);
    expect(again.statusCode).toBe(404);
    expect(codeOf(again)).toBe('api-keys/not-found');
    expect(codeOf(await call(owner, 'DELETE', '/api/api-keys/not-a-uuid'))).toBe('api-keys/not-found');

    const byOwner = { actorId: owner.uid, actorEmail: owner.email, subject: 'Nightly export' };
    expect((await logOf(owner)).slice(0, 2)).toEqual([
      { action: 'api-key.revoked', ...byOwner },
      { action: 'api-key.created', ...byOwner },
    ]);
  });

  it('lets an admin manage the keys of the workspace they administer; a member or a viewer is refused', async () => {
    const owner = await ownerWithSeats(3);
    const admin = await memberWithRole(owner, 'admin');
    const member = await memberWithRole(owner, 'member');
    const viewer = await memberWithRole(owner, 'viewer');

    const { key } = await createKey(admin, { name: 'Made by the admin', role: 'admin' }, owner.uid);
    const listed = await call(admin, 'GET', inWorkspace('/api/api-keys', owner.uid));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((listedKey: { id: string }) => listedKey.id)).toEqual([key.id]);
    // The owner sees it too; the admin's own workspace has none.
    expect((await call(owner, 'GET', '/api/api-keys')).json().data).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/api-keys')).json().data).toEqual([]);

    for (const person of [member, viewer]) {
      for (const [method, path, body] of [
        ['GET', '/api/api-keys', undefined],
        ['POST', '/api/api-keys', { name: 'Not allowed', role: 'viewer' }],
        ['DELETE', `/api/api-keys/${key.id}`, undefined],
      ] as const) {
        const refused = await call(person, method, inWorkspace(path, owner.uid), body);
        expect(refused.statusCode, `${method} ${path}`).toBe(403);
        expect(codeOf(refused)).toBe('workspaces/forbidden');
      }
    }
    // Someone outside the workspace: not found.
    const stranger = await kit.signedIn();
    const outside = await call(stranger, 'GET', inWorkspace('/api/api-keys', owner.uid));
    expect(outside.statusCode).toBe(404);
    expect(codeOf(outside)).toBe('workspaces/not-found');

    expect((await call(admin, 'DELETE', inWorkspace(`/api/api-keys/${key.id}`, owner.uid))).statusCode).toBe(
      200,
    );
    const log = await logOf(owner);
    expect(log.slice(0, 2)).toEqual([
      {
        action: 'api-key.revoked',
        actorId: admin.uid,
        actorEmail: admin.email,
        subject: 'Made by the admin',
      },
      {
        action: 'api-key.created',
        actorId: admin.uid,
        actorEmail: admin.email,
        subject: 'Made by the admin',
      },
    ]);
  });

  it('refuses a key without a name, with the owner role, or with an expiry out of range', async () => {
    const owner = await ownerWithSeats(0);
    for (const body of [
      { name: ' ', role: 'member' },
      { name: 'x'.repeat(101), role: 'member' },
      { name: 'Owner key', role: 'owner' },
      { name: 'No role' },
      { name: 'Too long', role: 'viewer', expiresInDays: 731 },
      { name: 'Too short', role: 'viewer', expiresInDays: 0 },
      { name: 'Half a day', role: 'viewer', expiresInDays: 0.5 },
      { name: 'Extra', role: 'viewer', secret: 'lk_mine' },
    ]) {
      const refused = await call(owner, 'POST', '/api/api-keys', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(refused)).toBe('validation_failed');
    }
    expect(await suite.testApp.db.select().from(apiKeys).where(eq(apiKeys.workspace, owner.uid))).toEqual([]);
  });

  it('keeps an expiry the given number of days after the key was made', async () => {
    const owner = await ownerWithSeats(0);
    const { key } = await createKey(owner, { name: 'For a month', role: 'viewer', expiresInDays: 30 });
    const listed = (await call(owner, 'GET', '/api/api-keys')).json().data[0];
    expect(listed.id).toBe(key.id);
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it(`expires a key made without a choice after ${apiKeyDefaultDays} days, and never one made with null`, async () => {
    const owner = await ownerWithSeats(0);
    const { key: usual } = await createKey(owner, { name: 'Usual', role: 'viewer' });
    const { key: lasting } = await createKey(owner, { name: 'Lasting', role: 'viewer', expiresInDays: null });
    const listed = (await call(owner, 'GET', '/api/api-keys')).json().data as Array<Record<string, string>>;
    const byId = new Map(listed.map((entry) => [entry.id, entry]));
    const usualListed = byId.get(usual.id);
    expect(Date.parse(String(usualListed?.expiresAt)) - Date.parse(String(usualListed?.createdAt))).toBe(
      apiKeyDefaultDays * 24 * 60 * 60 * 1000,
    );
    expect(byId.get(lasting.id)?.expiresAt).toBeNull();
  });

  it('holds as many keys as the plan allows; an expired or revoked key takes no place', async () => {
    const free = await ownerWithSeats(0);
    const held = [];
    for (let index = 0; index < planLimits.free.apiKeys; index += 1) {
      held.push(await createKey(free, { name: `Key ${index}`, role: 'viewer' }));
    }
    const refused = await call(free, 'POST', '/api/api-keys', { name: 'One more', role: 'viewer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 'error',
      code: 'api-keys/limit-reached',
      message: `This workspace has ${planLimits.free.apiKeys} keys, the most its plan allows. Revoke one you no longer use first.`,
    });
    await suite.testApp.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, held[0]?.key.id ?? ''));
    await createKey(free, { name: 'In place of the expired one', role: 'viewer' });

    const pro = await ownerWithSeats(0, onPlan('pro'));
    for (let index = 0; index <= planLimits.free.apiKeys; index += 1) {
      await createKey(pro, { name: `Key ${index}`, role: 'viewer' });
    }
  });
});

describe('calling the API with a key', () => {
  it('reads and writes items as its role allows, and the log names the key', async () => {
    const owner = await ownerWithSeats(0);
    const member = await createKey(owner, { name: 'Importer', role: 'member' });
    const viewer = await createKey(owner, { name: 'Dashboard', role: 'viewer' });

    const created = await withKey(member.secret, 'POST', '/api/items', { name: 'From a script' });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data as { id: string; owner: string };
    expect(item.owner).toBe(owner.uid);
    const renamed = await withKey(member.secret, 'PATCH', `/api/items/${item.id}`, {
      name: 'Renamed by a script',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await withKey(member.secret, 'GET', `/api/items/${item.id}`)).json().data.name).toBe(
      'Renamed by a script',
    );
    // Naming its own workspace is the same as naming none.
    for (const secret of [member.secret, viewer.secret]) {
      for (const path of ['/api/items', inWorkspace('/api/items', owner.uid)]) {
        const listed = await withKey(secret, 'GET', path);
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.json().data.map((listedItem: { name: string }) => listedItem.name)).toEqual([
          'Renamed by a script',
        ]);
      }
    }
    // The owner sees the key's item.
    expect((await call(owner, 'GET', '/api/items')).json().data[0].id).toBe(item.id);

    // A viewer key writes nothing.
    for (const [method, path, body] of [
      ['POST', '/api/items', { name: 'Not allowed' }],
      ['PATCH', `/api/items/${item.id}`, { name: 'Not allowed' }],
      ['DELETE', `/api/items/${item.id}`, undefined],
    ] as const) {
      const refused = await withKey(viewer.secret, method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(codeOf(refused)).toBe('workspaces/forbidden');
    }
    expect((await withKey(member.secret, 'DELETE', `/api/items/${item.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/items')).json().data).toEqual([]);

    const byKey = { actorId: `api-key:${member.key.id}`, actorEmail: 'Importer' };
    expect((await logOf(owner)).slice(0, 3)).toEqual([
      { action: 'item.deleted', ...byKey, subject: 'Renamed by a script' },
      { action: 'item.renamed', ...byKey, subject: 'Renamed by a script' },
      { action: 'item.created', ...byKey, subject: 'From a script' },
    ]);
    // The entries keep the key's name once it is revoked.
    expect((await call(owner, 'DELETE', `/api/api-keys/${member.key.id}`)).statusCode).toBe(200);
    const [entry] = await suite.testApp.db
      .select({ actorEmail: activity.actorEmail })
      .from(activity)
      .where(and(eq(activity.workspace, owner.uid), eq(activity.action, 'item.created')));
    expect(entry?.actorEmail).toBe('Importer');
  });

  it('reads the activity log with an admin key only', async () => {
    const owner = await ownerWithSeats(0);
    const admin = await createKey(owner, { name: 'Auditor', role: 'admin' });
    const member = await createKey(owner, { name: 'Worker', role: 'member' });
    const read = await withKey(admin.secret, 'GET', '/api/activity');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.entries.map((entry: { subject: string }) => entry.subject)).toEqual([
      'Worker',
      'Auditor',
    ]);
    const refused = await withKey(member.secret, 'GET', '/api/activity');
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('workspaces/forbidden');
  });

  it("never reaches billing, members, keys, or a person's own endpoints, whatever its role", async () => {
    const owner = await ownerWithSeats(2);
    const admin = await createKey(owner, { name: 'Everything it can', role: 'admin' });
    const memberId = (await kit.invited(owner, `keyless-${Date.now()}@example.com`)).record.id as string;
    const refusedEndpoints: [Method, string, unknown?][] = [
      // A person's: their record, account, sessions, settings, workspaces and invitations.
      ['GET', '/api/user'],
      ['PATCH', '/api/auth-user', { displayName: 'Key' }],
      ['GET', '/api/auth-user/authentication-methods'],
      ['GET', '/api/auth-user/sessions'],
      ['POST', '/api/auth-user/sessions/end-others'],
      ['GET', '/api/mail-preferences'],
      ['GET', '/api/account/exports'],
      ['POST', '/api/account/exports'],
      ['DELETE', '/api/account', { confirmation: 'x' }],
      ['GET', '/api/workspaces'],
      ['DELETE', `/api/workspaces/${encodeURIComponent(owner.uid)}/membership`],
      ['POST', '/api/invitations/accept', { token: 'A'.repeat(43) }],
      // Billing.
      ['POST', '/api/stripe-create-checkout-session', { price: 'price_x' }],
      ['POST', '/api/stripe-create-billing-session', {}],
      // Members and the workspace's settings.
      ['GET', '/api/sub-users'],
      ['POST', '/api/sub-users', { firstName: 'A', lastName: 'B', email: 'key@example.com' }],
      ['POST', `/api/sub-users/${memberId}/invitation`],
      ['DELETE', `/api/sub-users/${memberId}`],
      ['PATCH', '/api/workspace/security', { requiresSecondFactor: false }],
      // Keys.
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'Another', role: 'admin' }],
      ['DELETE', `/api/api-keys/${admin.key.id}`],
    ];
    for (const [method, path, body] of refusedEndpoints) {
      const refused = await withKey(admin.secret, method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(codeOf(refused), `${method} ${path}`).toBe('auth/api-key-not-allowed');
    }
    // Nothing changed: the member is still there, the key still works, no user record was made for it.
    expect((await kit.membersOf(owner)).map((row) => row.id)).toEqual([memberId]);
    expect((await withKey(admin.secret, 'GET', '/api/items')).statusCode).toBe(200);
    const records = await suite.testApp.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.id, 'api-key:%'));
    expect(records).toEqual([]);
  });

  it("is refused in any other workspace, the owner's other items included", async () => {
    const owner = await ownerWithSeats(1);
    const other = await ownerWithSeats(0);
    const { secret } = await createKey(owner, { name: 'Own workspace only', role: 'admin' });
    const theirs = (await call(other, 'POST', '/api/items', { name: 'Theirs' })).json().data as {
      id: string;
    };
    for (const [method, path, body] of [
      ['GET', '/api/items', undefined],
      ['POST', '/api/items', { name: 'Sneaked in' }],
      ['GET', `/api/items/${theirs.id}`, undefined],
      ['PATCH', `/api/items/${theirs.id}`, { name: 'Sneaked in' }],
      ['DELETE', `/api/items/${theirs.id}`, undefined],
      ['GET', '/api/activity', undefined],
    ] as const) {
      const refused = await withKey(secret, method, inWorkspace(path, other.uid), body);
      expect(refused.statusCode, `${method} ${path}`).toBe(404);
      expect(codeOf(refused)).toBe('workspaces/not-found');
    }
    // Its own workspace, naming another workspace's item: not found either.
    const missed = await withKey(secret, 'GET', `/api/items/${theirs.id}`);
    expect(missed.statusCode).toBe(404);
    expect(codeOf(missed)).toBe('not_found');
    expect(
      (await call(other, 'GET', '/api/items')).json().data.map((item: { name: string }) => item.name),
    ).toEqual(['Theirs']);
  });

  it('answers 401 with a code of its own for a key that is malformed, unknown, revoked or expired', async () => {
    const owner = await ownerWithSeats(0);
    const expiring = await createKey(owner, { name: 'Expiring', role: 'member', expiresInDays: 1 });
    const revoked = await createKey(owner, { name: 'Revoked', role: 'member' });
    expect((await call(owner, 'DELETE', `/api/api-keys/${revoked.key.id}`)).statusCode).toBe(200);
    await suite.testApp.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, expiring.key.id));
    const unknown = `lk_abcdefgh_${'A'.repeat(43)}`;
    for (const [secret, code] of [
      ['lk_short', 'auth/invalid-api-key'],
      [`${revoked.secret}x`, 'auth/invalid-api-key'],
      [unknown, 'auth/invalid-api-key'],
      [revoked.secret, 'auth/api-key-revoked'],
      [expiring.secret, 'auth/api-key-expired'],
    ] as const) {
      for (const [method, path] of [
        ['GET', '/api/items'],
        ['GET', '/api/user'],
      ] as const) {
        const refused = await withKey(secret, method, path);
        expect(refused.statusCode, `${secret} ${path}`).toBe(401);
        expect(refused.json(), `${secret} ${path}`).toEqual({
          status: 'error',
          code,
          message: expect.any(String),
        });
      }
    }
  });

  it('writes when it was last used at most once a minute', async () => {
    const owner = await ownerWithSeats(0);
    const { key, secret } = await createKey(owner, { name: 'Busy', role: 'viewer' });
    const lastUsed = async () =>
      (
        await suite.testApp.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id))
      )[0]?.at;
    expect(await lastUsed()).toBeNull();
    expect((await withKey(secret, 'GET', '/api/items')).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect((await withKey(secret, 'GET', '/api/items')).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(first);
    // A minute later (the last use dated back), the next request writes it again.
    await suite.testApp.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
      .where(eq(apiKeys.id, key.id));
    const datedBack = await lastUsed();
    expect((await withKey(secret, 'GET', '/api/items')).statusCode).toBe(200);
    expect((await lastUsed())?.getTime()).toBeGreaterThan(datedBack?.getTime() ?? Number.POSITIVE_INFINITY);
    expect((await call(owner, 'GET', '/api/api-keys')).json().data[0].lastUsedAt).toEqual(expect.any(String));
  });

  it("shares its workspace's budget with the workspace's other keys, as the plan sets it", async () => {
    const owner = await ownerWithSeats(0);
    const keys = [
      await createKey(owner, { name: 'Polling', role: 'member' }),
      await createKey(owner, { name: 'Importing', role: 'member' }),
    ];
    const budget = planLimits.free.apiRequestsPerMinute;
    for (let index = 0; index < budget; index += 1) {
      const secret = keys[index % 2]?.secret ?? '';
      const answer =
        index % 4 === 0
          ? await withKey(secret, 'POST', '/api/items', { name: `Item ${index}` })
          : await withKey(secret, 'GET', '/api/items');
      expect(answer.statusCode, `request ${index + 1}`).toBeLessThan(300);
      expect(answer.headers['ratelimit-limit']).toBe(String(budget));
      expect(answer.headers['ratelimit-remaining']).toBe(String(budget - index - 1));
    }
    for (const { secret } of keys) {
      expectBudgetSpent(
        await withKey(secret, 'GET', '/api/items'),
        'api-keys/rate-limited',
        `This workspace's API keys made ${budget} requests in the last minute, the most its plan allows.`,
        budget,
      );
    }
    // The owner, a person, is not the keys' budget; another workspace's key has its own, as its plan sets it.
    expect((await call(owner, 'POST', '/api/items', { name: 'By a person' })).statusCode).toBe(201);
    const other = await ownerWithSeats(0, onPlan('pro'));
    const elsewhere = await withKey(
      (await createKey(other, { name: 'Elsewhere', role: 'viewer' })).secret,
      'GET',
      '/api/items',
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['ratelimit-limit']).toBe(String(planLimits.pro.apiRequestsPerMinute));
  });
});

describe('the isolation matrix, key rows: every endpoint × each role of key', () => {
  type Role = 'admin' | 'member' | 'viewer';
  type Expected = Record<Role, number>;
  const all = (status: number): Expected => ({ admin: status, member: status, viewer: status });
  const writer = (status: number): Expected => ({ admin: status, member: status, viewer: 403 });
  // What a key may call, written out by hand (not read from the contract or the permission table):
  // the items as its role allows, the activity log for an admin key. Every other endpoint that needs
  // a caller refuses every key with 403 auth/api-key-not-allowed.
  const reachable: Record<string, Expected> = {
    listItems: all(200),
    streamItems: all(200),
    getItem: all(200),
    createItem: writer(201),
    updateItem: writer(200),
    deleteItem: writer(200),
    listActivity: { admin: 200, member: 403, viewer: 403 },
  };

  it('answers each as written, and refuses keys on every other signed-in endpoint', async () => {
    // A plan whose limits hold three keys and this many changes a minute.
    const owner = await ownerWithSeats(0, onPlan('business'));
    const origin = await listenOnLoopback(suite.testApp);
    const keyOf: Record<Role, string> = {
      admin: (await createKey(owner, { name: 'Admin key', role: 'admin' })).secret,
      member: (await createKey(owner, { name: 'Member key', role: 'member' })).secret,
      viewer: (await createKey(owner, { name: 'Viewer key', role: 'viewer' })).secret,
    };
    const signedInEndpoints = endpoints.filter((entry) => entry.auth === 'bearer');
    expect(
      signedInEndpoints
        .filter((entry) => entry.id in reachable)
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(Object.keys(reachable).sort());
    for (const role of ['admin', 'member', 'viewer'] as const) {
      for (const entry of signedInEndpoints) {
        // A fresh item for each request that names one: a delete must not take the next one's.
        let path = entry.path;
        if (path.includes(':id')) {
          const item = await call(owner, 'POST', '/api/items', { name: `${role} ${entry.id}` });
          expect(item.statusCode, item.body).toBe(201);
          path = path.replace(':id', (item.json().data as { id: string }).id);
        }
        const label = `${role} key: ${entry.method} ${entry.path}`;
        const expected = reachable[entry.id]?.[role] ?? 403;
        if (entry.id === 'streamItems') {
          const stream = await openEventStream(`${origin}${path}`, {
            authorization: `Bearer ${keyOf[role]}`,
          });
          expect(stream.response.status, label).toBe(expected);
          await stream.close();
          continue;
        }
        const body = entry.method === 'POST' || entry.method === 'PATCH' ? { name: 'By a key' } : undefined;
        const answer = await withKey(keyOf[role], entry.method, path, body);
        expect(answer.statusCode, `${label}: ${answer.body}`).toBe(expected);
        if (expected === 403) {
          expect(codeOf(answer), label).toBe(
            entry.id in reachable ? 'workspaces/forbidden' : 'auth/api-key-not-allowed',
          );
        }
      }
    }
  });
});

describe('revoking a key on one instance', () => {
  const two = useTwoInstances();

  const request = (origin: string, secret: string, path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
    });

  it('refuses its next request on the other, and ends its live list there', async () => {
    const owner = await two.newUser();
    const asOwner = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
    expect((await fetch(`${two.firstOrigin}/api/user`, { headers: asOwner })).status).toBe(200);
    const made = await fetch(`${two.firstOrigin}/api/api-keys`, {
      method: 'POST',
      headers: asOwner,
      body: JSON.stringify({ name: 'Two instances', role: 'member' }),
    });
    expect(made.status).toBe(201);
    const { key, secret } = ((await made.json()) as { data: Created }).data;

    const createdThere = await request(two.secondOrigin, secret, '/api/items', {
      method: 'POST',
      body: JSON.stringify({ name: 'Made on the second' }),
    });
    expect(createdThere.status).toBe(201);
    const stream = await openEventStream(`${two.secondOrigin}/api/items/stream`, {
      authorization: `Bearer ${secret}`,
    });
    expect(stream.response.status).toBe(200);
    expect((await stream.next()).type).toBe('items');

    const revoked = await fetch(`${two.firstOrigin}/api/api-keys/${key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(revoked.status).toBe(200);

    const refused = await request(two.secondOrigin, secret, '/api/items');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('auth/api-key-revoked');
    const closed = await stream.next(10_000);
    expect(closed.type).toBe('closed');
    expect(JSON.parse(closed.data)).toEqual({ reason: 'access-revoked' });
    await stream.close();
  });
});

describe('keys follow their maker (docs/api-keys.md)', () => {
  /** An admin of a fresh workspace with a key they made, beside a key the owner made. */
  async function adminWithKeys() {
    const owner = await ownerWithSeats(2);
    const { member: admin, recordId } = await kit.joinedMember(owner);
    await suite.testApp.db.update(subUsers).set({ role: 'admin' }).where(eq(subUsers.id, recordId));
    const adminKey = await createKey(admin, { name: 'The admin’s', role: 'member' }, owner.uid);
    const ownerKey = await createKey(owner, { name: 'The owner’s', role: 'member' });
    return { owner, admin, recordId, adminKey, ownerKey };
  }
  type Setup = Awaited<ReturnType<typeof adminWithKeys>>;
  const membership = (setup: Setup) => `/api/workspaces/${encodeURIComponent(setup.owner.uid)}/membership`;

  it.each([
    ['is removed', (setup: Setup) => call(setup.owner, 'DELETE', `/api/sub-users/${setup.recordId}`)],
    [
      'is made a member',
      (setup: Setup) => call(setup.owner, 'PATCH', `/api/sub-users/${setup.recordId}`, { role: 'member' }),
    ],
    ['leaves', (setup: Setup) => call(setup.admin, 'DELETE', membership(setup))],
    [
      'deletes their account',
      (setup: Setup) => call(setup.admin, 'DELETE', '/api/account', { confirmation: setup.admin.email }),
    ],
  ])(
    'revokes the keys an admin made when the admin %s; the owner’s keep working',
    async (_change, change) => {
      const setup = await adminWithKeys();
      expect((await withKey(setup.adminKey.secret, 'GET', '/api/items')).statusCode).toBe(200);
      const changed = await change(setup);
      expect(changed.statusCode, changed.body).toBe(200);

      const refused = await withKey(setup.adminKey.secret, 'GET', '/api/items');
      expect(refused.statusCode).toBe(401);
      expect(codeOf(refused)).toBe('auth/api-key-revoked');
      expect((await withKey(setup.ownerKey.secret, 'GET', '/api/items')).statusCode).toBe(200);
      expect((await logOf(setup.owner)).filter((entry) => entry.action === 'api-key.revoked')).toEqual([
        expect.objectContaining({ subject: 'The admin’s' }),
      ]);
    },
  );

  it('keeps the keys of an admin whose role does not change, and of one made an admin', async () => {
    const setup = await adminWithKeys();
    const again = await call(setup.owner, 'PATCH', `/api/sub-users/${setup.recordId}`, { role: 'admin' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await withKey(setup.adminKey.secret, 'GET', '/api/items')).statusCode).toBe(200);
  });
});
