import { deletedActorLabel } from '@launchkit/api-contract';
import { signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { readOutbox } from '@launchkit/mail';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createManagementClient, ManagementApiError } from '#api/auth/management-client.ts';
import { activity, deletedAccounts, items, mails, subUsers, users } from '#api/db/schema.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import type { EventStream } from '#api/test/event-stream.ts';
import { itemStreamKit, nextList } from '#api/test/item-streams.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { jobsDueNow, mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { freePort } from '#api/test/test-payments-provider.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';
import { accountDeletionProviderJob } from './delete-at-providers.ts';

// "Delete my account" (delete-account.ts) between the real identity and payment emulators, on PGlite or
// on PostgreSQL (TEST_DATABASE_URL): what the product keeps, what the providers keep, and the tokens.

const itemsPerUser = 6;
const world = useBillingWorld({ ITEMS_PER_USER_MAX: String(itemsPerUser) });
const { openItemStream, closeItemStreams } = itemStreamKit();
afterEach(() => closeItemStreams());

/** Why the server ended a live list (`event: closed`), past the lists it sent before. */
async function closedReason(stream: EventStream): Promise<string> {
  for (;;) {
    const event = await stream.next(5_000);
    if (event.type === 'closed') return JSON.parse(event.data).reason;
  }
}

const db = () => world().app.db;
const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
  world().call(user, method, path, body);
const deleteAccount = (user: TestUser, body: unknown) => call(user, 'DELETE', '/api/account', body);
const envelope = (answer: { status: number; body: Record<string, unknown> }) => ({
  statusCode: answer.status,
  json: () => answer.body,
});

async function addItems(user: TestUser, names: string[], workspace?: string) {
  const query = workspace ? `?workspace=${encodeURIComponent(workspace)}` : '';
  for (const name of names) {
    const { status } = await call(user, 'POST', `/api/items${query}`, { name });
    expect(status).toBe(201);
  }
}

const itemNamesOf = async (owner: string) =>
  (await db().select({ name: items.name }).from(items).where(eq(items.owner, owner)))
    .map((row) => row.name)
    .sort();

/** The provider's answer for the user: 404 once the deletion's job has run. */
async function providerUserStatus(uid: string): Promise<number> {
  try {
    await createManagementClient(world().app.config.identity).getUser(uid);
    return 200;
  } catch (error) {
    if (error instanceof ManagementApiError) return error.statusCode;
    throw error;
  }
}

const liveSubscriptions = async (customer: string) =>
  (await world().payments.stripe.subscriptions.list({ customer, status: 'all' })).data.filter(
    (subscription) => !['canceled', 'incomplete_expired'].includes(subscription.status),
  );

/** Waits for the providers' job: the identity provider's user gone, the customer deleted. */
async function providersDone(uid: string, customer?: string) {
  await vi.waitFor(
    async () => {
      expect(await providerUserStatus(uid)).toBe(404);
      if (customer) {
        const record = (await world().payments.stripe.customers.retrieve(customer)) as Stripe.DeletedCustomer;
        expect(record.deleted).toBe(true);
      }
    },
    { timeout: 15_000, interval: 100 },
  );
}

async function deletionMailsTo(email: string) {
  await mailSettled(db());
  const { mail, site } = world().app.config;
  if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
  return (await readOutbox(mail.outboxDir, { to: email })).filter(
    (each) => each.subject === `Your ${site.name} account has been deleted`,
  );
}

/** An owner with `seats` seats and a joined member (a signed-in person with a record). */
async function ownerWithMember(seats = 3) {
  const owner = await world().signedInUser();
  await setPlan(db(), owner.uid, { quantity: seats });
  const member = await world().signedInUser();
  const membership = await insertJoinedMember(db(), owner, member);
  return { owner, member, membership };
}

describe('deleting an account', () => {
  it('an owner without members: the account, its items and its subscription go; the token is refused; one mail', async () => {
    const { user: owner, customer } = await world().payingUser();
    expect(await liveSubscriptions(customer)).toHaveLength(1);
    // The purchase's receipt ordered first: a webhook still in flight may order its mail after the
    // deletion (the one record that then outlives it, until the data retention's 90 days).
    await vi.waitFor(
      async () =>
        expect(await db().select().from(mails).where(eq(mails.template, 'receipt'))).toContainEqual(
          expect.objectContaining({ recipient: owner.email }),
        ),
      { timeout: 10_000 },
    );
    await addItems(owner, ['First', 'Second']);

    const answer = await deleteAccount(owner, { confirmation: ` ${owner.email.toUpperCase()} ` });
    expect(answer).toEqual({ status: 200, body: { status: 'success', data: { workspace: 'deleted' } } });

    expectErrorEnvelope(
      envelope(await call(owner, 'GET', '/api/user')),
      401,
      'auth/account-deleted',
      'This account has been deleted. Sign up to use the product again.',
    );
    expect(await db().select().from(users).where(eq(users.id, owner.uid))).toEqual([]);
    expect(await itemNamesOf(owner.uid)).toEqual([]);
    expect(
      await db().select().from(deletedAccounts).where(eq(deletedAccounts.userId, owner.uid)),
    ).toHaveLength(1);

    await providersDone(owner.uid, customer);
    expect(await liveSubscriptions(customer)).toEqual([]);
    await expect(world().identity.signIn(owner.email)).rejects.toThrow(/403/);

    const sent = await deletionMailsTo(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Your subscription is cancelled');
    expect(sent[0]?.text).toContain('Your workspace and its items have been deleted');
    // Of every mail to the person, only the record of this one is kept.
    expect(
      (await db().select({ key: mails.key }).from(mails).where(eq(mails.recipient, owner.email))).map(
        (row) => row.key,
      ),
    ).toEqual([`account-deleted:${owner.uid}`]);

    // A second request (another tab) finds the account gone.
    expect((await deleteAccount(owner, { confirmation: owner.email })).status).toBe(401);
  });

  it('an owner transfers the workspace to a member: items, members, invitations and log move; billing does not', async () => {
    const { owner, member } = await ownerWithMember();
    const other = await world().signedInUser();
    await insertJoinedMember(db(), owner, other);
    const pending = await call(owner, 'POST', '/api/sub-users', {
      firstName: 'Pat',
      lastName: 'Pending',
      email: `pending-${Date.now()}@example.com`,
    });
    expect(pending.status).toBe(201);
    await addItems(owner, ['Owner one', 'Owner two']);
    await addItems(member, ['Member item'], owner.uid);
    await addItems(member, ['Their own']);
    // The member already has the other person in their own workspace (a duplicate once merged).
    await setPlan(db(), member.uid, { quantity: 2 });
    await insertJoinedMember(db(), member, other);

    const memberRow = await db()
      .select({ id: subUsers.id })
      .from(subUsers)
      .where(and(eq(subUsers.owner, owner.uid), eq(subUsers.memberId, member.uid)));
    const answer = await deleteAccount(owner, {
      confirmation: owner.email,
      workspace: 'transfer',
      transferTo: memberRow[0]?.id,
    });
    expect(answer.body).toEqual({ status: 'success', data: { workspace: 'transferred' } });

    expect(await itemNamesOf(member.uid)).toEqual(['Member item', 'Owner one', 'Owner two', 'Their own']);
    const rows = await db()
      .select({ email: subUsers.email, memberId: subUsers.memberId })
      .from(subUsers)
      .where(eq(subUsers.owner, member.uid));
    expect(rows.map((row) => row.memberId).sort()).toEqual([null, other.uid].sort());
    expect(rows.find((row) => row.memberId === null)?.email).toMatch(/^pending-/);
    // The member's workspaces: their own only (the old one is theirs now).
    expect((await call(member, 'GET', '/api/workspaces')).body.data).toHaveLength(1);
    // The other member keeps access under the new owner's seats (the member's plan: 2 seats, in the
    // order the rows were added: the pending invitation's first).
    expect((await call(other, 'GET', `/api/items?workspace=${encodeURIComponent(member.uid)}`)).status).toBe(
      200,
    );

    const log = await db()
      .select({ actorEmail: activity.actorEmail, action: activity.action, subject: activity.subject })
      .from(activity)
      .where(eq(activity.workspace, member.uid));
    expect(log).toContainEqual({
      actorEmail: deletedActorLabel,
      action: 'workspace.transferred',
      subject: member.email,
    });
    expect(log).toContainEqual({
      actorEmail: deletedActorLabel,
      action: 'item.created',
      subject: 'Owner one',
    });
    expect(log).toContainEqual({ actorEmail: member.email, action: 'item.created', subject: 'Member item' });
    expect(log.some((entry) => entry.actorEmail === owner.email)).toBe(false);
    // The new owner reads it as their log.
    const page = await call(member, 'GET', '/api/activity');
    expect(page.body.data.entries[0]).toMatchObject({ action: 'workspace.transferred' });

    await providersDone(owner.uid);
    const [sent] = await deletionMailsTo(owner.email);
    expect(sent?.text).toContain(`now belongs to ${member.email}`);
  });

  it('an owner deletes the workspace: its members lose access at once and keep their own accounts', async () => {
    const { owner, member } = await ownerWithMember();
    await addItems(owner, ['Shared']);
    const memberStream = await openItemStream(world().appUrl, member, { workspace: owner.uid });
    const ownerStream = await openItemStream(world().appUrl, owner);
    expect((await nextList(memberStream)).map((item) => item.name)).toEqual(['Shared']);
    await nextList(ownerStream);

    expectErrorEnvelope(
      envelope(await deleteAccount(owner, { confirmation: owner.email })),
      409,
      'account/workspace-choice-required',
      'Members have joined your workspace: transfer it to one of them, or delete it, before you delete your account.',
    );
    expect((await deleteAccount(owner, { confirmation: owner.email, workspace: 'delete' })).body).toEqual({
      status: 'success',
      data: { workspace: 'deleted' },
    });
    // Open lists close as after a removal, and as after signing the owner's session out.
    expect(await closedReason(memberStream)).toBe('access-revoked');
    expect(await closedReason(ownerStream)).toBe('signed-out');

    expect(
      (await call(member, 'GET', `/api/items?workspace=${encodeURIComponent(owner.uid)}`)).body,
    ).toMatchObject({ code: 'workspaces/not-found' });
    expect((await call(member, 'GET', '/api/user')).status).toBe(200);
    expect(await db().select().from(subUsers).where(eq(subUsers.owner, owner.uid))).toEqual([]);
    await providersDone(owner.uid);
  });

  it('refuses a transfer to someone who has not joined, and one that would pass the item limit', async () => {
    const { owner, member, membership } = await ownerWithMember();
    const invited = await call(owner, 'POST', '/api/sub-users', {
      firstName: 'Not',
      lastName: 'Yet',
      email: `not-yet-${Date.now()}@example.com`,
    });
    const notFound =
      'That person is not a member who has joined your workspace: they may have left or been removed. Reload and choose again.';
    for (const transferTo of [invited.body.data.id, 'not-a-uuid', crypto.randomUUID()]) {
      expectErrorEnvelope(
        envelope(
          await deleteAccount(owner, { confirmation: owner.email, workspace: 'transfer', transferTo }),
        ),
        404,
        'account/transfer-member-not-found',
        notFound,
      );
    }
    await addItems(owner, ['1', '2', '3', '4']);
    await addItems(member, ['a', 'b', 'c']);
    expectErrorEnvelope(
      envelope(
        await deleteAccount(owner, {
          confirmation: owner.email,
          workspace: 'transfer',
          transferTo: membership.id,
        }),
      ),
      409,
      'account/transfer-over-item-limit',
      `Together with the 3 items of their own workspace, your 4 items would pass the limit of ${itemsPerUser}. Delete some items first, or delete the workspace instead.`,
    );
    // Nothing changed.
    expect(await itemNamesOf(owner.uid)).toEqual(['1', '2', '3', '4']);
    expect((await call(owner, 'GET', '/api/user')).status).toBe(200);
  });

  it('a member deletes their account: they leave the workspace, and its log keeps their entries as “Deleted user”', async () => {
    const { owner, member } = await ownerWithMember();
    await addItems(member, ['By the member'], owner.uid);
    await db().insert(activity).values({
      workspace: owner.uid,
      actorId: member.uid,
      actorEmail: member.email,
      action: 'member.joined',
      subject: member.email,
    });

    expect((await deleteAccount(member, { confirmation: member.email })).status).toBe(200);

    expect(await db().select().from(subUsers).where(eq(subUsers.owner, owner.uid))).toEqual([]);
    expect(await itemNamesOf(owner.uid)).toEqual(['By the member']);
    const log = await db()
      .select({
        actorId: activity.actorId,
        actorEmail: activity.actorEmail,
        action: activity.action,
        subject: activity.subject,
      })
      .from(activity)
      .where(eq(activity.workspace, owner.uid));
    expect(log).toContainEqual({
      actorId: member.uid,
      actorEmail: deletedActorLabel,
      action: 'member.left',
      subject: deletedActorLabel,
    });
    expect(log).toContainEqual({
      actorId: member.uid,
      actorEmail: deletedActorLabel,
      action: 'member.joined',
      subject: deletedActorLabel,
    });
    expect(JSON.stringify(log)).not.toContain(member.email);
    await providersDone(member.uid);
  });
});

describe('what deleting needs', () => {
  it('a recent sign-in, the existing code the browser answers by signing in again', async () => {
    const person = await world().signedInUser();
    const old = { ...person, token: await world().identity.signedInLongAgo(person.uid) };
    expectErrorEnvelope(
      envelope(await deleteAccount(old, { confirmation: person.email })),
      401,
      'auth/requires-recent-login',
      'For your security, please sign in again to complete this action.',
    );
    expect((await call(person, 'GET', '/api/user')).status).toBe(200);
  });

  it('the email typed as confirmation, and a well-formed body', async () => {
    const person = await world().signedInUser();
    const message = `To confirm, type ${person.email} exactly as shown.`;
    expect((await deleteAccount(person, { confirmation: 'someone@example.com' })).body).toEqual({
      status: 'error',
      code: 'account/confirmation-mismatch',
      message,
      fields: { confirmation: message },
    });
    for (const body of [
      {},
      { confirmation: person.email, transferTo: crypto.randomUUID() },
      { confirmation: person.email, workspace: 'transfer' },
      { confirmation: person.email, workspace: 'keep' },
      { confirmation: person.email, extra: true },
      { confirmation: 42 },
    ]) {
      const answer = await deleteAccount(person, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
    expect((await call(person, 'GET', '/api/user')).status).toBe(200);
  });
});

describe('a deleted account’s tokens', () => {
  it('are refused, signed before or after the deletion, on an instance started since, and after the endings are forgotten', async () => {
    const person = await world().signedInUser();
    expect((await deleteAccount(person, { confirmation: person.email })).status).toBe(200);
    // A sign-in the provider granted before its user went (the job runs a moment later).
    const later = {
      ...person,
      token: await world().identity.signWithProviderKey({
        sub: person.uid,
        [signedInAtClaim]: Math.floor(Date.now() / 1000) + 5,
      }),
    };
    for (const token of [person, later]) {
      expect((await call(token, 'GET', '/api/items')).body).toMatchObject({ code: 'auth/account-deleted' });
    }

    // A new instance learns it at start.
    await world().restartApp();
    expect((await call(later, 'GET', '/api/user')).body).toMatchObject({ code: 'auth/account-deleted' });
    // Past the days the instances remember, the missing record's lookup refuses it: no new empty account.
    await db()
      .update(deletedAccounts)
      .set({ deletedAt: sql`now() - interval '40 days'` })
      .where(eq(deletedAccounts.userId, person.uid));
    await world().restartApp();
    expect((await call(later, 'GET', '/api/items')).body).toMatchObject({ code: 'auth/account-deleted' });
    expect(await db().select().from(users).where(eq(users.id, person.uid))).toEqual([]);
  });
});

describe('the providers’ part', () => {
  it('is tried again while the payment provider is down, and done once it is back', async () => {
    const { user: owner, customer } = await world().payingUser();
    await world().restartApp({ STRIPE_API_URL: `http://127.0.0.1:${await freePort()}` });

    expect((await deleteAccount(owner, { confirmation: owner.email })).status).toBe(200);
    await vi.waitFor(
      async () => {
        const result = (await db().execute(
          sql`select count(*)::int as waiting from jobs.job where name = ${accountDeletionProviderJob.name} and state = 'retry'`,
        )) as unknown as { rows: { waiting: number }[] };
        expect(result.rows[0]?.waiting).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Nothing is half done at the providers: the subscription runs, the sign-in still exists.
    expect(await liveSubscriptions(customer)).toHaveLength(1);
    expect(await providerUserStatus(owner.uid)).toBe(200);

    await world().restartApp();
    await jobsDueNow(db(), accountDeletionProviderJob.name);
    await providersDone(owner.uid, customer);
    expect(await liveSubscriptions(customer)).toEqual([]);
    // (Each restarted app has an outbox of its own: the mail's record says it left.)
    await mailSettled(db());
    const [record] = await db()
      .select()
      .from(mails)
      .where(eq(mails.key, `account-deleted:${owner.uid}`));
    expect(record?.sentAt).toBeInstanceOf(Date);
  });
});
