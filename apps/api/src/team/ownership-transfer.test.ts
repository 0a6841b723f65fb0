import { readOutbox } from '@launchkit/mail';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activity, items, ownershipTransfers, subUsers, users } from '#api/db/schema.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

// Ownership transfer (offer-ownership.ts, accept-ownership.ts) between the real identity and payment
// emulators, on PGlite or on PostgreSQL (TEST_DATABASE_URL): who may offer and accept, what moves (the
// workspace and its billing), and what the payment provider is told.

const world = useBillingWorld({ ITEMS_PER_USER_MAX: '8' });

const db = () => world().app.db;
const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
  world().call(user, method, path, body);
const offer = (owner: TestUser, memberId: string) =>
  call(owner, 'POST', '/api/workspace/ownership-transfer', { memberId });
const offerPath = (workspace: string) => `/api/ownership-offers/${encodeURIComponent(workspace)}`;
const accept = (member: TestUser, workspace: string) =>
  call(member, 'POST', `${offerPath(workspace)}/acceptance`);

async function addItems(user: TestUser, names: string[], workspace?: string) {
  const query = workspace ? `?workspace=${encodeURIComponent(workspace)}` : '';
  for (const name of names)
    expect((await call(user, 'POST', `/api/items${query}`, { name })).status).toBe(201);
}

const itemNamesOf = async (owner: string) =>
  (await db().select({ name: items.name }).from(items).where(eq(items.owner, owner)))
    .map((row) => row.name)
    .sort();

const membersOf = async (owner: string) =>
  (
    await db()
      .select({ memberId: subUsers.memberId, email: subUsers.email, role: subUsers.role })
      .from(subUsers)
      .where(eq(subUsers.owner, owner))
  ).sort((a, b) => a.email.localeCompare(b.email));

const actionsOf = async (workspace: string) =>
  (await db().select().from(activity).where(eq(activity.workspace, workspace))).map((entry) => entry.action);

/** An owner with `seats` seats and a joined member of `role`. */
async function ownerWithMember(seats = 3, role: 'admin' | 'member' | 'viewer' = 'member') {
  const owner = await world().signedInUser();
  await setPlan(db(), owner.uid, { quantity: seats });
  const member = await world().signedInUser();
  const membership = await insertJoinedMember(db(), owner, member, role);
  return { owner, member, membership };
}

// Purchases go through the hosted checkout and the provider's webhooks: slower than the default allows
// on a busy machine.
const purchaseTimeout = 60_000;

describe('ownership transfer: offer and acceptance', () => {
  it(
    'the workspace, its plan and its customer become the member’s; the old owner stays as an admin',
    async () => {
      const { user: owner, customer } = await world().payingUser();
      const seats = (await world().userDocument(owner)).quantity as number;
      expect(seats).toBeGreaterThan(1);
      const member = await world().signedInUser();
      const colleague = await world().signedInUser();
      const membership = await insertJoinedMember(db(), owner, member, 'viewer');
      await insertJoinedMember(db(), owner, colleague, 'admin');
      await addItems(owner, ['Roadmap', 'Budget']);
      await addItems(member, ['Own notes']);

      const offered = await offer(owner, membership.id);
      expect(offered.status).toBe(200);
      expect(offered.body.data).toMatchObject({ memberId: membership.id, email: member.email.toLowerCase() });
      const expiresIn = new Date(offered.body.data.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600_000);
      expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);
      expect(
        (await call(owner, 'GET', '/api/workspace/ownership-transfer')).body.data.transfer,
      ).toMatchObject({
        memberId: membership.id,
      });
      const offers = (await call(member, 'GET', '/api/ownership-offers')).body.data;
      expect(offers).toEqual([
        {
          workspace: owner.uid,
          ownerName: owner.email,
          ownerEmail: owner.email,
          expiresAt: offered.body.data.expiresAt,
          hasPlan: true,
        },
      ]);
      // The member is mailed a link to the offer's page.
      await mailSettled(db());
      const { mail } = world().app.config;
      if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
      const [sent] = (await readOutbox(mail.outboxDir, { to: member.email })).filter(
        (each) => each.subject === 'You are offered the ownership of a workspace',
      );
      expect(sent?.text).toContain(`/ownership-offers/${encodeURIComponent(owner.uid)}`);
      // The owner's address was verified at sign-up: the mail may say who offers.
      expect(sent?.text).toContain(`signed in as ${owner.email.toLowerCase()}`);

      const accepted = await accept(member, owner.uid);
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({ id: member.uid, role: 'owner', seats });

      // The workspace: items, members (roles kept), the old owner as an admin, the activity log.
      expect(await itemNamesOf(member.uid)).toEqual(['Budget', 'Own notes', 'Roadmap']);
      expect(await itemNamesOf(owner.uid)).toEqual([]);
      expect(await membersOf(member.uid)).toEqual(
        [
          { memberId: colleague.uid, email: colleague.email.toLowerCase(), role: 'admin' },
          { memberId: owner.uid, email: owner.email.toLowerCase(), role: 'admin' },
        ].sort((a, b) => a.email.localeCompare(b.email)),
      );
      expect(await membersOf(owner.uid)).toEqual([]);
      expect(await actionsOf(member.uid)).toEqual(
        expect.arrayContaining(['ownership.offered', 'workspace.transferred', 'item.created']),
      );
      expect(
        await db().select().from(ownershipTransfers).where(eq(ownershipTransfers.workspace, owner.uid)),
      ).toEqual([]);

      // Billing followed the workspace.
      const newOwnerDocument = await world().userDocument(member);
      expect(newOwnerDocument).toMatchObject({ planIsActive: true, quantity: seats });
      expect(await world().userDocument(owner)).toMatchObject({ planIsActive: false, quantity: 0 });
      const [rows] = await db()
        .select({ customer: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, member.uid));
      expect(rows?.customer).toBe(customer);

      // The old owner works there as an admin: user management yes, billing no.
      const inNew = `?workspace=${encodeURIComponent(member.uid)}`;
      expect((await call(owner, 'GET', `/api/sub-users${inNew}`)).status).toBe(200);
      expect(
        (await call(owner, 'GET', `/api/items${inNew}`)).body.data
          .map((item: { name: string }) => item.name)
          .sort(),
      ).toEqual(['Budget', 'Own notes', 'Roadmap']);
      const portal = await call(owner, 'POST', `/api/stripe-create-billing-session${inNew}`, {
        returnUrl: `${world().appUrl}/settings/billing`,
      });
      expect(portal).toMatchObject({ status: 403, body: { code: 'workspaces/forbidden' } });

      // The provider is told who its customer is now, subscription included.
      await vi.waitFor(
        async () => {
          const record = await world().payments.stripe.customers.retrieve(customer);
          if (record.deleted) throw new Error('the customer was deleted');
          expect(record.metadata.uid).toBe(member.uid);
          expect(record.email).toBe(member.email);
          // The job writes the subscriptions after the customer.
          const [live] = (await world().payments.stripe.subscriptions.list({ customer })).data;
          expect(live?.metadata.uid).toBe(member.uid);
        },
        { timeout: 20_000, interval: 100 },
      );
      const [subscription] = (await world().payments.stripe.subscriptions.list({ customer })).data;

      // The provider's next change to the subscription lands on the new owner.
      if (!subscription?.items.data[0]) throw new Error('no subscription item');
      await world().payments.stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0].id, quantity: seats + 2 }],
      });
      await vi.waitFor(async () => expect((await world().userDocument(member)).quantity).toBe(seats + 2), {
        timeout: 10_000,
      });
      expect((await world().userDocument(owner)).quantity).toBe(0);
    },
    purchaseTimeout,
  );

  it('a workspace without a plan moves alone: the new owner keeps the plan they had', async () => {
    const { owner, member, membership } = await ownerWithMember(2);
    await setPlan(db(), owner.uid, { quantity: 2, stripeSubscriptionStatus: null });
    await setPlan(db(), member.uid, {
      quantity: 5,
      stripeSubscriptionStatus: 'active',
      stripePriceId: 'price_pro_monthly',
    });
    await addItems(owner, ['Plan-free']);
    expect((await offer(owner, membership.id)).status).toBe(200);
    expect((await accept(member, owner.uid)).status).toBe(200);
    const [newOwner] = await db().select().from(users).where(eq(users.id, member.uid));
    expect(newOwner).toMatchObject({ quantity: 5, stripeSubscriptionStatus: 'active' });
    expect(await itemNamesOf(member.uid)).toEqual(['Plan-free']);
  });

  it(
    'a member with a plan of their own must end it first; nothing moves',
    async () => {
      const owner = await world().signedInUser();
      await world().buy(owner, 'price_pro_monthly');
      const member = await world().signedInUser();
      await world().buy(member, 'price_pro_monthly');
      await vi.waitFor(
        async () => {
          expect((await world().userDocument(owner)).planIsActive).toBe(true);
          expect((await world().userDocument(member)).planIsActive).toBe(true);
        },
        { timeout: 10_000 },
      );
      const membership = await insertJoinedMember(db(), owner, member);
      await addItems(owner, ['Stays']);
      expect((await offer(owner, membership.id)).status).toBe(200);
      const refused = await accept(member, owner.uid);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('workspaces/transfer-recipient-has-plan');
      expect(await itemNamesOf(owner.uid)).toEqual(['Stays']);
      expect((await call(member, 'GET', '/api/ownership-offers')).body.data).toHaveLength(1);
    },
    purchaseTimeout,
  );

  it('the items of both over the limit: refused with the counts, nothing moves', async () => {
    const { owner, member, membership } = await ownerWithMember();
    await addItems(owner, ['a', 'b', 'c', 'd', 'e']);
    await addItems(member, ['f', 'g', 'h', 'i']);
    expect((await offer(owner, membership.id)).status).toBe(200);
    const refused = await accept(member, owner.uid);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'workspaces/transfer-over-item-limit',
      message:
        "Your 4 items and the workspace's 5 would pass the limit of 8 in one workspace. Delete some of your items first.",
    });
    expect(await itemNamesOf(owner.uid)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('ownership transfer: who may, and when', () => {
  it('only the member offered accepts, while the offer is open', async () => {
    const { owner, member, membership } = await ownerWithMember();
    const other = await world().signedInUser();
    await insertJoinedMember(db(), owner, other);
    const outsider = await world().signedInUser();
    expect((await offer(owner, membership.id)).status).toBe(200);
    for (const person of [other, outsider, owner]) {
      const refused = await accept(person, owner.uid);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('workspaces/transfer-not-found');
    }
    for (const workspace of ['', 'x\u0000y', 'a'.repeat(300)]) {
      expect(
        (await call(member, 'POST', `${offerPath(workspace)}/acceptance`)).status,
      ).toBeGreaterThanOrEqual(400);
    }
    // Expired: as if seven days had passed.
    await db()
      .update(ownershipTransfers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(ownershipTransfers.workspace, owner.uid));
    expect((await accept(member, owner.uid)).body.code).toBe('workspaces/transfer-not-found');
    expect((await call(member, 'GET', '/api/ownership-offers')).body.data).toEqual([]);
    expect((await call(owner, 'GET', '/api/workspace/ownership-transfer')).body.data.transfer).toBeNull();
    expect(await itemNamesOf(member.uid)).toEqual([]);
  });

  it('one offer at a time: a new one replaces it; a withdrawn or declined offer cannot be accepted', async () => {
    const { owner, member, membership } = await ownerWithMember();
    const second = await world().signedInUser();
    const secondMembership = await insertJoinedMember(db(), owner, second);
    expect((await offer(owner, membership.id)).status).toBe(200);
    expect((await offer(owner, secondMembership.id)).status).toBe(200);
    expect((await accept(member, owner.uid)).status).toBe(404);
    expect((await call(second, 'GET', '/api/ownership-offers')).body.data).toHaveLength(1);

    expect((await call(owner, 'DELETE', '/api/workspace/ownership-transfer')).body.data).toEqual({
      transfer: null,
    });
    expect((await accept(second, owner.uid)).status).toBe(404);

    expect((await offer(owner, membership.id)).status).toBe(200);
    const declined = await call(member, 'DELETE', offerPath(owner.uid));
    expect(declined).toMatchObject({ status: 200, body: { data: { id: owner.uid } } });
    expect((await accept(member, owner.uid)).status).toBe(404);
    expect((await call(member, 'DELETE', offerPath(owner.uid))).status).toBe(404);
    expect(await actionsOf(owner.uid)).toEqual(
      expect.arrayContaining(['ownership.offered', 'ownership.withdrawn', 'ownership.declined']),
    );
    expect(await itemNamesOf(member.uid)).toEqual([]);
  });

  it('a member who left can no longer accept', async () => {
    const { owner, member, membership } = await ownerWithMember();
    expect((await offer(owner, membership.id)).status).toBe(200);
    expect(
      (await call(member, 'DELETE', `/api/workspaces/${encodeURIComponent(owner.uid)}/membership`)).status,
    ).toBe(200);
    expect((await accept(member, owner.uid)).status).toBe(404);
    expect((await call(owner, 'GET', '/api/workspace/ownership-transfer')).body.data.transfer).toBeNull();
  });

  it('offers go to joined members of the caller’s own workspace only, after a recent sign-in', async () => {
    const { owner, member, membership } = await ownerWithMember();
    const elsewhere = await ownerWithMember();
    for (const memberId of [elsewhere.membership.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const refused = await offer(owner, memberId);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('account/transfer-member-not-found');
    }
    // A member offers nothing of the workspace they joined: their own has no such member.
    expect((await offer(member, membership.id)).status).toBe(404);
    expect((await call(owner, 'POST', '/api/workspace/ownership-transfer', {})).status).toBe(400);
    const stale = { ...owner, token: await world().identity.signedInLongAgo(owner.uid) };
    const refused = await offer(stale, membership.id);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auth/requires-recent-login');
    expect((await call(owner, 'GET', '/api/workspace/ownership-transfer')).body.data.transfer).toBeNull();
  });
});
