import { and, asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, items, subUsers } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';
import { inWorkspace, type Method, workspaceRequests } from '#api/test/workspace-requests.ts';
import type { Item } from './item-document.ts';

// The isolation matrix of items extended to members (docs/team.md): a member works in the
// workspaces they joined exactly as their owner does, and reaches nothing else.

const suite = useAppWithIdentity();
const db = () => suite.testApp.db;

const { call, signedUp } = workspaceRequests(suite);

async function create(person: TestUser, name: string, workspace?: string) {
  const response = await call(
    'POST',
    workspace ? inWorkspace('/api/items', workspace) : '/api/items',
    person,
    {
      name,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Item;
}

/** Every items endpoint, against the workspace `workspace` and the item `id`. */
const everyEndpoint = (workspace: string, id: string): [Method, string, unknown][] => [
  ['GET', inWorkspace('/api/items', workspace), undefined],
  ['GET', inWorkspace('/api/items/stream', workspace), undefined],
  ['POST', inWorkspace('/api/items', workspace), { name: 'Sneaked in' }],
  ['GET', inWorkspace(`/api/items/${id}`, workspace), undefined],
  ['PATCH', inWorkspace(`/api/items/${id}`, workspace), { name: 'Hijacked' }],
  ['PATCH', inWorkspace(`/api/items/${id}`, workspace), { featured: true }],
  ['PATCH', inWorkspace(`/api/items/${id}`, workspace), { featured: false }],
  ['DELETE', inWorkspace(`/api/items/${id}`, workspace), undefined],
];

async function expectEverywhere(
  person: TestUser,
  workspace: string,
  id: string,
  expected: { status: number; code: string },
) {
  for (const [method, url, payload] of everyEndpoint(workspace, id)) {
    const response = await call(method, url, person, payload);
    const label = `${method} ${url} ${JSON.stringify(payload ?? '')}`;
    expect(response.statusCode, label).toBe(expected.status);
    expect(response.json(), label).toMatchObject({ status: 'error', code: expected.code });
    expect(response.json().message, label).toMatch(/\w/);
  }
}

const plans = {
  businessActive: { stripePriceId: 'price_business_monthly', stripeSubscriptionStatus: 'active' },
  businessCanceled: { stripePriceId: 'price_business_monthly', stripeSubscriptionStatus: 'canceled' },
  proActive: { stripePriceId: 'price_pro_monthly', stripeSubscriptionStatus: 'active' },
};

const storedItem = async (id: string) => (await db().select().from(items).where(eq(items.id, id)))[0];

describe('a member of workspace A', () => {
  let ownerA: TestUser;
  let ownerB: TestUser;
  let member: TestUser;
  let itemOfA: Item;
  let itemOfB: Item;

  beforeAll(async () => {
    [ownerA, ownerB, member] = [await signedUp(), await signedUp(), await signedUp()];
    await setPlan(db(), ownerA.uid, { quantity: 3 });
    await insertJoinedMember(db(), ownerA, member);
    itemOfA = await create(ownerA, 'Plan of A');
    itemOfB = await create(ownerB, 'Secret of B');
    await create(member, 'The member’s own');
  });

  it('lists, reads, creates, renames and deletes the workspace’s items, which are the owner’s', async () => {
    const list = await call('GET', inWorkspace('/api/items', ownerA.uid), member);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([itemOfA]);
    expect(
      (await call('GET', inWorkspace(`/api/items/${itemOfA.id}`, ownerA.uid), member)).json().data,
    ).toEqual(itemOfA);

    const added = await create(member, 'Added by the member', ownerA.uid);
    expect(added.owner).toBe(ownerA.uid);
    // The owner sees it in their own list, with no query parameter.
    expect((await call('GET', '/api/items', ownerA)).json().data).toEqual([added, itemOfA]);

    const renamed = await call('PATCH', inWorkspace(`/api/items/${added.id}`, ownerA.uid), member, {
      name: 'Renamed by the member',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ ...added, name: 'Renamed by the member' });

    const deleted = await call('DELETE', inWorkspace(`/api/items/${added.id}`, ownerA.uid), member);
    expect(deleted.json()).toEqual({ status: 'success', data: { id: added.id } });
    expect(await storedItem(added.id)).toBeUndefined();

    // Their own workspace is theirs alone, and A's items are not in it.
    const own = (await call('GET', '/api/items', member)).json().data as Item[];
    expect(own.map((item) => item.name)).toEqual(['The member’s own']);
    // Naming one's own workspace is the same as naming none.
    expect((await call('GET', inWorkspace('/api/items', member.uid), member)).json().data).toEqual(own);
  });

  it('reaches nothing of workspace B: 404 workspaces/not-found on every endpoint', async () => {
    await expectEverywhere(member, ownerB.uid, itemOfB.id, { status: 404, code: 'workspaces/not-found' });
    // Nor of a workspace that does not exist, nor of a malformed id.
    for (const workspace of ['auth0|nobody', '', ' ', 'a\u0000b', 'x'.repeat(300)]) {
      await expectEverywhere(member, workspace, itemOfB.id, { status: 404, code: 'workspaces/not-found' });
    }
    expect(await storedItem(itemOfB.id)).toMatchObject({ name: 'Secret of B', featured: false });
    expect((await call('GET', '/api/items', ownerB)).json().data).toEqual([itemOfB]);
  });

  it('does not reach B’s items through workspace A: 404 not_found, whatever A’s plan', async () => {
    for (const plan of [{}, plans.businessActive]) {
      await setPlan(db(), ownerA.uid, { quantity: 3, ...plan });
      for (const [method, url, payload] of everyEndpoint(ownerA.uid, itemOfB.id).slice(3)) {
        const response = await call(method, url, member, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(404);
        expect(response.json()).toEqual({
          status: 'error',
          code: 'not_found',
          message: 'There is no such item. It may have been deleted.',
        });
      }
    }
    await setPlan(db(), ownerA.uid, { stripePriceId: null, stripeSubscriptionStatus: null });
    expect(await storedItem(itemOfB.id)).toMatchObject({ name: 'Secret of B', featured: false });
  });

  it('refuses a workspace parameter given twice with 400 validation_failed', async () => {
    const twice = `?workspace=${encodeURIComponent(ownerA.uid)}&workspace=${encodeURIComponent(ownerB.uid)}`;
    for (const [method, url, payload] of [
      ['GET', `/api/items${twice}`, undefined],
      ['GET', `/api/items/stream${twice}`, undefined],
      ['POST', `/api/items${twice}`, { name: 'Twice' }],
      ['GET', `/api/items/${itemOfA.id}${twice}`, undefined],
      ['PATCH', `/api/items/${itemOfA.id}${twice}`, { name: 'Twice' }],
      ['DELETE', `/api/items/${itemOfA.id}${twice}`, undefined],
    ] as [Method, string, unknown][]) {
      const response = await call(method, url, member, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
    expect(await storedItem(itemOfA.id)).toMatchObject({ name: 'Plan of A' });
  });

  it('is never the owner of someone else’s workspace: an owner has no access to a member’s own workspace', async () => {
    await expectEverywhere(ownerA, member.uid, itemOfA.id, { status: 404, code: 'workspaces/not-found' });
  });
});

describe('membership that ends or is not there', () => {
  it('a removed member reaches nothing of the workspace', async () => {
    const [owner, member] = [await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 1 });
    const membership = await insertJoinedMember(db(), owner, member);
    const item = await create(owner, 'Before the removal');
    expect((await call('GET', inWorkspace('/api/items', owner.uid), member)).statusCode).toBe(200);

    await db().delete(subUsers).where(eq(subUsers.id, membership.id));
    await expectEverywhere(member, owner.uid, item.id, { status: 404, code: 'workspaces/not-found' });
    expect(await storedItem(item.id)).toMatchObject({ name: 'Before the removal', featured: false });
    expect((await call('GET', '/api/items', owner)).json().data).toEqual([item]);
  });

  it('an invitation not accepted yet opens nothing', async () => {
    const [owner, invitee] = [await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 1 });
    await db()
      .insert(subUsers)
      .values({ owner: owner.uid, email: invitee.email.toLowerCase(), firstName: 'Not', lastName: 'Joined' });
    const item = await create(owner, 'Not yet');
    await expectEverywhere(invitee, owner.uid, item.id, { status: 404, code: 'workspaces/not-found' });
  });

  it('a member without a seat gets 403 workspaces/no-seat until an older row is removed', async () => {
    const [owner, kept, newest] = [await signedUp(), await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 3 });
    const [invited] = await db()
      .insert(subUsers)
      .values({ owner: owner.uid, email: 'pending@example.com', firstName: 'Pending', lastName: 'Invite' })
      .returning({ id: subUsers.id });
    const keptRow = await insertJoinedMember(db(), owner, kept);
    const newestRow = await insertJoinedMember(db(), owner, newest);
    // Rows added within one clock tick would be ordered by their random ids: space them out.
    for (const [id, secondsAgo] of [
      [invited?.id, 30],
      [keptRow.id, 20],
      [newestRow.id, 10],
    ] as const) {
      await db()
        .update(subUsers)
        .set({ createdAt: sql`now() - make_interval(secs => ${secondsAgo})` })
        .where(eq(subUsers.id, id ?? ''));
    }
    const item = await create(owner, 'Seats');
    expect((await call('GET', inWorkspace('/api/items', owner.uid), newest)).statusCode).toBe(200);

    // The plan drops to two seats: the pending invitation and `kept` hold them, `newest` has none.
    await setPlan(db(), owner.uid, { quantity: 2 });
    await expectEverywhere(newest, owner.uid, item.id, { status: 403, code: 'workspaces/no-seat' });
    expect((await call('GET', inWorkspace('/api/items', owner.uid), kept)).statusCode).toBe(200);
    expect(await storedItem(item.id)).toMatchObject({ name: 'Seats', featured: false });

    // The owner withdraws the pending invitation: `newest` moves up into a seat.
    await db()
      .delete(subUsers)
      .where(eq(subUsers.id, invited?.id ?? ''));
    const list = await call('GET', inWorkspace('/api/items', owner.uid), newest);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([item]);
    expect(
      (await call('POST', inWorkspace('/api/items', owner.uid), newest, { name: 'Back' })).statusCode,
    ).toBe(201);

    // No seats at all: no member has access; the owner always has.
    await setPlan(db(), owner.uid, { quantity: 0 });
    await expectEverywhere(kept, owner.uid, item.id, { status: 403, code: 'workspaces/no-seat' });
    expect((await call('GET', '/api/items', owner)).statusCode).toBe(200);
  });
});

describe('featuring by a member', () => {
  const upgrade = {
    status: 'error',
    code: 'plan/upgrade-required',
    message: 'You must upgrade to the organization plan to use this feature',
  };

  it('follows the owner’s plan, not the member’s', async () => {
    const [owner, member] = [await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 1 });
    await insertJoinedMember(db(), owner, member);
    const item = await create(owner, 'To feature');
    const feature = (featured: boolean) =>
      call('PATCH', inWorkspace(`/api/items/${item.id}`, owner.uid), member, { featured });

    // The member's own business plan does not feature items of an owner without one.
    await setPlan(db(), member.uid, plans.businessActive);
    for (const plan of [{}, plans.proActive, plans.businessCanceled]) {
      await setPlan(db(), owner.uid, { stripePriceId: null, stripeSubscriptionStatus: null, ...plan });
      const refused = await feature(true);
      expect(refused.statusCode, JSON.stringify(plan)).toBe(403);
      expect(refused.json()).toEqual(upgrade);
    }
    expect((await storedItem(item.id))?.featured).toBe(false);

    // The owner's active business plan features them, whatever the member's.
    await setPlan(db(), member.uid, { stripePriceId: null, stripeSubscriptionStatus: null });
    await setPlan(db(), owner.uid, plans.businessActive);
    const featured = await feature(true);
    expect(featured.statusCode).toBe(200);
    expect(featured.json().data).toEqual({ ...item, featured: true });

    // Taking the mark off never needs the plan.
    await setPlan(db(), owner.uid, plans.businessCanceled);
    expect((await feature(false)).json().data.featured).toBe(false);
    expect((await feature(true)).statusCode).toBe(403);
  });
});

describe('the activity log of item actions', () => {
  it('records each action by a member, in the transaction of the change, naming the member', async () => {
    const [owner, member] = [await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 1, ...plans.businessActive });
    await insertJoinedMember(db(), owner, member);
    const at = (path: string) => inWorkspace(path, owner.uid);

    const item = await create(member, 'Draft', owner.uid);
    expect((await call('PATCH', at(`/api/items/${item.id}`), member, { name: 'Final' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', at(`/api/items/${item.id}`), member, { featured: true })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', at(`/api/items/${item.id}`), member, { featured: false })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', at(`/api/items/${item.id}`), member)).statusCode).toBe(200);
    // Refused and not-found actions change nothing, so they log nothing.
    expect((await call('DELETE', at(`/api/items/${item.id}`), member)).statusCode).toBe(404);
    await setPlan(db(), owner.uid, plans.businessCanceled);
    const other = await create(owner, 'The owner’s');
    expect((await call('PATCH', at(`/api/items/${other.id}`), member, { featured: true })).statusCode).toBe(
      403,
    );

    const rows = await db()
      .select({
        workspace: activity.workspace,
        actorId: activity.actorId,
        actorEmail: activity.actorEmail,
        action: activity.action,
        subject: activity.subject,
        previous: activity.previous,
      })
      .from(activity)
      .where(eq(activity.workspace, owner.uid))
      .orderBy(asc(activity.createdAt), asc(activity.id));
    const byMember = { workspace: owner.uid, actorId: member.uid, actorEmail: member.email };
    expect(rows).toEqual([
      { ...byMember, action: 'item.created', subject: 'Draft', previous: null },
      { ...byMember, action: 'item.renamed', subject: 'Final', previous: 'Draft' },
      { ...byMember, action: 'item.featured', subject: 'Final', previous: null },
      { ...byMember, action: 'item.unfeatured', subject: 'Final', previous: null },
      { ...byMember, action: 'item.deleted', subject: 'Final', previous: null },
      {
        workspace: owner.uid,
        actorId: owner.uid,
        actorEmail: owner.email,
        action: 'item.created',
        subject: 'The owner’s',
        previous: null,
      },
    ]);
    // Nothing lands in the member's own log.
    expect(await db().select().from(activity).where(eq(activity.workspace, member.uid))).toEqual([]);
  });
});

/**
 * Deletes a membership in a transaction and, before it commits, reads the ids of the workspace's
 * items. On PostgreSQL on a connection of its own, so that it does not queue behind the creates for
 * one of the app's pool.
 */
async function removeReadingCommitted(membership: string, workspace: string): Promise<string[]> {
  const { url } = suite.testApp.database as { url?: string };
  if (!url) {
    return db().transaction(async (tx) => {
      expect(await tx.delete(subUsers).where(eq(subUsers.id, membership)).returning()).toHaveLength(1);
      const rows = await tx.select({ id: items.id }).from(items).where(eq(items.owner, workspace));
      return rows.map((row) => row.id).sort();
    });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const removed = await client.query('delete from sub_users where id = $1', [membership]);
    expect(removed.rowCount).toBe(1);
    const { rows } = await client.query<{ id: string }>('select id from items where owner = $1', [workspace]);
    await client.query('commit');
    return rows.map((row) => row.id).sort();
  } finally {
    await client.end();
  }
}

describe('a removal racing a member’s writes', () => {
  it('lets every create that answered 201 commit before the removal, and refuses every later one', async () => {
    const [owner, member] = [await signedUp(), await signedUp()];
    await setPlan(db(), owner.uid, { quantity: 1 });
    const membership = await insertJoinedMember(db(), owner, member);
    const creates = Array.from({ length: 30 }, (_, index) =>
      call('POST', inWorkspace('/api/items', owner.uid), member, { name: `Race ${index}` }),
    );
    // Remove the member once a few creates answered and the others are under way. Inside the
    // removal's transaction, after its DELETE (which waited for every create holding the membership),
    // read what is committed: nothing may commit after that point, since a create that did would have
    // needed the row.
    let answered = 0;
    for (const create of creates) void create.then(() => (answered += 1));
    await expect.poll(() => answered, { interval: 1, timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    const committedBeforeRemoval = await removeReadingCommitted(membership.id, owner.uid);
    const answers = await Promise.all(creates);
    const later = await call('POST', inWorkspace('/api/items', owner.uid), member, { name: 'Too late' });

    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    console.log(
      `race: ${accepted.length} creates committed before the removal, ${refused.length} refused after it (${suite.testApp.databaseKind})`,
    );
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of [...refused, later]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ status: 'error', code: 'workspaces/not-found' });
    }
    const acceptedIds = accepted.map((answer) => answer.json().data.id as string).sort();
    expect(acceptedIds).toEqual(committedBeforeRemoval);
    const stored = await db().select({ id: items.id }).from(items).where(eq(items.owner, owner.uid));
    expect(stored.map((row) => row.id).sort()).toEqual(acceptedIds);
    // The log matches the data exactly: one entry per committed create, none for a refused one.
    const logged = await db()
      .select({ subject: activity.subject })
      .from(activity)
      .where(and(eq(activity.workspace, owner.uid), eq(activity.action, 'item.created')));
    expect(logged.map((row) => row.subject).sort()).toEqual(
      accepted.map((answer) => answer.json().data.name as string).sort(),
    );
  });
});
