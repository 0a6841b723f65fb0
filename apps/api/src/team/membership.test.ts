import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { errorBody } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { setPlan } from '#api/test/test-users.ts';

// "sub-users" in the URLs: the API's paths since the first release; the domain's word is member.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, invite, joinedMember, ownerWithSeats, workspacesOf } = kit;

const leave = (user: Parameters<typeof call>[0], workspace: string) =>
  call(user, 'DELETE', `/api/workspaces/${encodeURIComponent(workspace)}/membership`);

const rowsOf = (ownerUid: string) =>
  suite.testApp.db.select().from(subUsers).where(eq(subUsers.owner, ownerUid));

const workspaceNotFound = errorBody(
  'workspaces/not-found',
  'You are not a member of this workspace: the owner may have removed you, or you left it.',
);

describe('GET /api/workspaces', () => {
  it("lists the caller's own first, then those joined, newest joined first, with each owner's plan", async () => {
    const subscribedTo = (stripePriceId: string) =>
      ownerWithSeats(2, { stripePriceId, stripeSubscriptionStatus: 'active' });
    const business = await subscribedTo('price_business_monthly');
    const pro = await subscribedTo('price_pro_monthly');
    const person = await kit.signedIn();
    for (const owner of [business, pro]) {
      const { token } = await kit.invited(owner, person.email);
      expect((await kit.accept(person, token)).statusCode).toBe(200);
    }
    expect(await workspacesOf(person)).toEqual([
      expect.objectContaining({ id: person.uid, role: 'owner', hasSeat: true, ownerEmail: person.email }),
      expect.objectContaining({ id: pro.uid, role: 'member', hasSeat: true, canFeatureItems: false }),
      expect.objectContaining({ id: business.uid, role: 'member', hasSeat: true, canFeatureItems: true }),
    ]);
    // A pending invitation is no workspace yet.
    const pending = await kit.signedIn();
    await kit.invited(business, pending.email);
    expect((await workspacesOf(pending)).map((each) => each.id)).toEqual([pending.uid]);
  });

  it('needs a valid token', async () => {
    const response = await call(null, 'GET', '/api/workspaces');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });
});

describe('removal', () => {
  it('frees the seat at once: the next add succeeds, and the member has the workspace no more', async () => {
    const owner = await ownerWithSeats(1);
    const { member, recordId } = await joinedMember(owner);
    const full = await invite(owner, `next-${Date.now()}@example.com`);
    expect(full.json()).toMatchObject({ code: 'seats/limit-reached' });

    const removed = await call(owner, 'DELETE', `/api/sub-users/${recordId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: 'success', data: { id: recordId } });
    expect((await invite(owner, `next-${Date.now()}@example.com`)).statusCode).toBe(201);
    expect((await workspacesOf(member)).map((each) => each.id)).toEqual([member.uid]);
    expect((await leave(member, owner.uid)).json()).toEqual(workspaceNotFound);
    // The person's own account is untouched.
    expect((await call(member, 'GET', '/api/user')).json().data.uid).toBe(member.uid);
  });

  it("answers 404 not_found for an id that is not one of the caller's rows, or not a uuid", async () => {
    const owner = await ownerWithSeats(2);
    const { recordId } = await joinedMember(owner);
    const other = await ownerWithSeats(2);
    for (const id of [recordId, 'not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00']) {
      const response = await call(other, 'DELETE', `/api/sub-users/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
    }
    expect(await rowsOf(owner.uid)).toHaveLength(1);
    const again = await call(owner, 'DELETE', `/api/sub-users/${recordId}`, '{}');
    expect(again.statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/sub-users/${recordId}`)).statusCode).toBe(404);
  });
});

describe('leaving', () => {
  it('deletes the membership: the seat is free, the workspace leaves the list, leaving again is 404', async () => {
    const owner = await ownerWithSeats(1);
    const { member } = await joinedMember(owner);
    const left = await leave(member, owner.uid);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ status: 'success', data: { id: owner.uid } });
    expect(await rowsOf(owner.uid)).toEqual([]);
    expect((await workspacesOf(member)).map((each) => each.id)).toEqual([member.uid]);
    expect(await kit.membersOf(owner)).toEqual([]);
    expect((await invite(owner, `next-${Date.now()}@example.com`)).statusCode).toBe(201);
    expect((await leave(member, owner.uid)).json()).toEqual(workspaceNotFound);
  });

  it('takes the uid with its `|` as it is, unencoded', async () => {
    const owner = await ownerWithSeats(1);
    const { member } = await joinedMember(owner);
    expect((await call(member, 'DELETE', `/api/workspaces/${owner.uid}/membership`)).statusCode).toBe(200);
  });

  it("answers 404 workspaces/not-found for one's own workspace, a pending invitation, and odd ids", async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await kit.signedIn();
    await kit.invited(owner, invitee.email); // invited, not joined
    for (const [user, id] of [
      [owner, owner.uid],
      [invitee, owner.uid],
      [invitee, invitee.uid],
      [invitee, 'auth0|nobody'],
      [invitee, '\u0000'],
      [invitee, '\u001b[2J'],
      [invitee, 'é'],
    ] as const) {
      const response = await leave(user, id);
      expect(response.statusCode, JSON.stringify(id)).toBe(404);
      expect(response.json()).toEqual(workspaceNotFound);
    }
    expect(await rowsOf(owner.uid)).toHaveLength(1);
  });

  it('answers a malformed percent-escape or an overlong id in the envelope, never 500', async () => {
    const member = await kit.signedIn();
    for (const url of [
      '/api/workspaces/%E0%A4%A/membership',
      `/api/workspaces/${'x'.repeat(300)}/membership`,
    ]) {
      const response = await call(member, 'DELETE', url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ status: 'error' });
    }
  });
});

describe("a member never reaches the owner's account", () => {
  it('members, user, billing and activity all answer about the member alone', async () => {
    const owner = await ownerWithSeats(3, { stripeCustomerId: `cus_owner_${Date.now()}` });
    const pending = await kit.invited(owner, `pending-${Date.now()}@example.com`);
    const { member, recordId } = await joinedMember(owner);
    const ownerRowsBefore = await kit.membersOf(owner);
    const mentionsOwner = (body: string) => body.includes(owner.uid) || body.includes(owner.email);

    const list = await call(member, 'GET', '/api/sub-users');
    expect(list.json()).toEqual({ status: 'success', data: [] });

    // An add goes to the member's own workspace, limited by the member's own plan (no seats).
    const add = await invite(member, `friend-${Date.now()}@example.com`);
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe('Your plan does not include other users. Choose a plan to add users.');

    for (const id of [pending.record.id, recordId]) {
      for (const response of [
        await call(member, 'POST', `/api/sub-users/${id}/invitation`),
        await call(member, 'DELETE', `/api/sub-users/${id}`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
        expect(mentionsOwner(response.body)).toBe(false);
      }
    }

    const user = await call(member, 'GET', '/api/user');
    expect(user.json().data).toMatchObject({ uid: member.uid, email: member.email, quantity: 0 });
    const billing = await call(member, 'POST', '/api/stripe-create-billing-session', {
      returnUrl: `${suite.testApp.config.site.origin}/settings/billing`,
    });
    expect(billing.statusCode).toBe(409);
    expect(billing.json()).toMatchObject({ code: 'billing/no-customer' });
    const activity = await call(member, 'GET', '/api/activity');
    expect(activity.json()).toEqual({ status: 'success', data: { entries: [], nextCursor: null } });
    for (const response of [list, add, user, billing, activity])
      expect(mentionsOwner(response.body)).toBe(false);

    expect(await kit.membersOf(owner)).toEqual(ownerRowsBefore);
    expect(await kit.mailsTo(pending.record.email)).toHaveLength(1);
  });

  it("a member's seat count does not follow the owner's plan into their own workspace", async () => {
    const owner = await ownerWithSeats(5);
    const { member } = await joinedMember(owner);
    await setPlan(suite.testApp.db, member.uid, { quantity: 1 });
    expect((await invite(member, `own-${Date.now()}@example.com`)).statusCode).toBe(201);
    expect(await kit.membersOf(member)).toHaveLength(1);
    expect(await kit.membersOf(owner)).toHaveLength(1);
  });
});
