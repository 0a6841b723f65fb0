import { readOutbox } from '@launchkit/mail';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, subUsers } from '#api/db/schema.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

// "Delete my account" racing an accepted ownership offer (delete-account.ts, team/accept-ownership.ts).
// Both lock the owner's row first and read nothing before it, so the race has two outcomes: the
// deletion first (the acceptance then finds no offer), or the acceptance first, and the deletion, which
// waited on the row, runs on what the acceptance left. The tests drive the second outcome
// deterministically: the acceptance commits, then the deletion the person sent with their choice of
// that moment (members had joined, so they chose) arrives at the row.

const world = useBillingWorld();

const db = () => world().app.db;
const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
  world().call(user, method, path, body);

/** An owner with two joined members, an item, and an open offer of the workspace to the first member. */
async function ownerWithOpenOffer() {
  const owner = await world().signedInUser();
  await setPlan(db(), owner.uid, { quantity: 3 });
  const [member, other] = [await world().signedInUser(), await world().signedInUser()];
  const membership = await insertJoinedMember(db(), owner, member);
  const otherMembership = await insertJoinedMember(db(), owner, other);
  expect((await call(owner, 'POST', '/api/items', { name: 'Roadmap' })).status).toBe(201);
  const offered = await call(owner, 'POST', '/api/workspace/ownership-transfer', { memberId: membership.id });
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  return { owner, member, otherMembership };
}

const acceptOffer = async (member: TestUser, workspace: string) => {
  const answer = await call(
    member,
    'POST',
    `/api/ownership-offers/${encodeURIComponent(workspace)}/acceptance`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

async function deletionMailTo(email: string) {
  await mailSettled(db());
  const { mail } = world().app.config;
  if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
  return (await readOutbox(mail.outboxDir, { to: email })).find((each) => each.subject.includes('deleted'));
}

describe('a deletion that waited behind an accepted ownership offer', () => {
  it('chose "delete": answers that the workspace moved to its new owner, and deletes none of it', async () => {
    const { owner, member } = await ownerWithOpenOffer();
    await acceptOffer(member, owner.uid);
    const answer = await call(owner, 'DELETE', '/api/account', {
      confirmation: owner.email,
      workspace: 'delete',
    });
    expect(answer.body).toEqual({ status: 'success', data: { workspace: 'transferred' } });
    expect(
      (await db().select({ name: items.name }).from(items).where(eq(items.owner, member.uid))).map(
        (row) => row.name,
      ),
    ).toEqual(['Roadmap']);
    expect((await deletionMailTo(owner.email))?.text).toContain(`now belongs to ${member.email}`);
  });

  it('chose "transfer" to another member: answers where it went, instead of refusing the moved member', async () => {
    const { owner, member, otherMembership } = await ownerWithOpenOffer();
    await acceptOffer(member, owner.uid);
    const answer = await call(owner, 'DELETE', '/api/account', {
      confirmation: owner.email,
      workspace: 'transfer',
      transferTo: otherMembership.id,
    });
    expect(answer.body).toEqual({ status: 'success', data: { workspace: 'transferred' } });
    // The other member stays in the workspace, under its new owner.
    const rows = await db()
      .select({ id: subUsers.id })
      .from(subUsers)
      .where(and(eq(subUsers.owner, member.uid), eq(subUsers.id, otherMembership.id)));
    expect(rows).toHaveLength(1);
  });

  it('a workspace used again after an accepted offer is deleted as chosen, and said so', async () => {
    const { owner, member } = await ownerWithOpenOffer();
    await acceptOffer(member, owner.uid);
    expect((await call(owner, 'POST', '/api/items', { name: 'A new start' })).status).toBe(201);
    const answer = await call(owner, 'DELETE', '/api/account', {
      confirmation: owner.email,
      workspace: 'delete',
    });
    expect(answer.body).toEqual({ status: 'success', data: { workspace: 'deleted' } });
  });
});
