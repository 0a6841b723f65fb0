import type { Member } from '@launchkit/api-contract';
import { readOutbox } from '@launchkit/mail';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, subUsers, users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { outboxOf } from '#api/test/test-invitations.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { onPlan, setPlan } from '#api/test/test-users.ts';

// The owner's list of members and adding them. "sub-users" in the URLs and codes: the API's since the first
// release; the domain's word is member.

const suite = useAppWithIdentity();
const { newUser } = suite;

const listMembers = (token: string | undefined) =>
  suite.testApp.app.inject({
    method: 'GET',
    url: '/api/sub-users',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const addMember = (token: string | undefined, payload: unknown) =>
  suite.testApp.app.inject({
    method: 'POST',
    url: '/api/sub-users',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** A signed-in person whose plan has `quantity` seats. */
async function ownerWithSeats(quantity: number, plan: Parameters<typeof setPlan>[2] = {}) {
  const person = await newUser();
  expect((await listMembers(person.token)).statusCode).toBe(200); // creates the user document
  await setPlan(suite.testApp.db, person.uid, { quantity, ...plan });
  return person;
}

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('members', () => {
  it('adds people and lists them newest first, with the email trimmed and lower-cased', async () => {
    const owner = await ownerWithSeats(3);
    const first = await addMember(owner.token, { ...ada, firstName: ' Ada ', email: '  ADA@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      owner: owner.uid,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt: expect.any(String),
      // An invitation is out (docs/team.md): pending, valid for INVITATION_TTL_HOURS, holding a seat.
      status: 'invited',
      memberId: null,
      // Invited without a role: a member (docs/team.md, Roles).
      role: 'member',
      joinedAt: null,
      invitationExpiresAt: expect.any(String),
      hasSeat: true,
    });
    const { createdAt, invitationExpiresAt } = first.json().data;
    expect(Date.parse(invitationExpiresAt) - Date.parse(createdAt)).toBeGreaterThan(168 * 3_600_000 - 60_000);
    expect(Date.parse(invitationExpiresAt) - Date.parse(createdAt)).toBeLessThan(168 * 3_600_000 + 60_000);
    const second = await addMember(owner.token, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    });
    expect(second.statusCode).toBe(201);
    const list = await listMembers(owner.token);
    expect(list.json()).toEqual({ status: 'success', data: [second.json().data, first.json().data] });
  });

  it('creates the user document on the first call', async () => {
    const person = await newUser();
    expect((await listMembers(person.token)).json()).toEqual({ status: 'success', data: [] });
    expect(await suite.testApp.db.select().from(users).where(eq(users.id, person.uid))).toHaveLength(1);
  });

  it('shows each owner only their own people; the same address may be added by two owners', async () => {
    const [first, second] = [await ownerWithSeats(2), await ownerWithSeats(2)];
    expect((await addMember(first.token, ada)).statusCode).toBe(201);
    expect((await addMember(second.token, ada)).statusCode).toBe(201);
    expect((await addMember(second.token, { ...ada, email: 'other@example.com' })).statusCode).toBe(201);
    const firstList = (await listMembers(first.token)).json().data as { owner: string }[];
    expect(firstList).toHaveLength(1);
    expect(firstList.every((each) => each.owner === first.uid)).toBe(true);
    expect((await listMembers(second.token)).json().data).toHaveLength(2);
  });

  it('refuses an owner key in the body: the owner is always the caller', async () => {
    const [owner, victim] = [await ownerWithSeats(2), await ownerWithSeats(2)];
    const response = await addMember(owner.token, { ...ada, owner: victim.uid });
    expect(response.statusCode).toBe(400);
    expect((await listMembers(victim.token)).json().data).toEqual([]);
  });

  it("refuses the owner's own email with 409 sub-users/own-email, whatever its case", async () => {
    const owner = await ownerWithSeats(5);
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const response = await addMember(owner.token, { ...ada, email });
      expectErrorEnvelope(
        response,
        409,
        'sub-users/own-email',
        'You cannot add yourself: you already own this workspace.',
      );
    }
    expect((await listMembers(owner.token)).json().data).toEqual([]);
    await mailSettled(suite.testApp.db);
    // Their own welcome, and no invitation.
    const subjects = (await readOutbox(outboxOf(suite), { to: owner.email })).map((mail) => mail.subject);
    expect(subjects).toEqual(['Welcome to Launchkit']);
  });

  it('refuses a second person with the same email for the same owner with 409', async () => {
    const owner = await ownerWithSeats(5);
    expect((await addMember(owner.token, ada)).statusCode).toBe(201);
    const again = await addMember(owner.token, { ...ada, firstName: 'Augusta', email: 'ADA@example.com' });
    expectErrorEnvelope(
      again,
      409,
      'sub-users/duplicate-email',
      'You have already added a user with this email address.',
    );
    expect((await listMembers(owner.token)).json().data).toHaveLength(1);
  });

  it('stops at the seat limit with 409 seats/limit-reached', async () => {
    const planless = await ownerWithSeats(0);
    const refused = await addMember(planless.token, ada);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'seats/limit-reached' });

    const owner = await ownerWithSeats(2);
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await addMember(owner.token, { ...ada, email })).statusCode).toBe(201);
    }
    const third = await addMember(owner.token, { ...ada, email: 'c@example.com' });
    expectErrorEnvelope(
      third,
      409,
      'seats/limit-reached',
      'You have used all 2 seats of your plan. Upgrade your plan to add more users.',
    );
  });

  it('never passes the seat limit under 50 concurrent adds: 5 rows, 5 invitation mails', async () => {
    // A plan whose changes a minute (docs/limits.md) leave the seats as the only limit in play.
    const owner = await ownerWithSeats(5, onPlan('business'));
    const emails = Array.from({ length: 50 }, (_, index) => `concurrent-${index}@example.com`);
    const responses = await Promise.all(emails.map((email) => addMember(owner.token, { ...ada, email })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const response of responses.filter((each) => each.statusCode === 409)) {
      expect(response.json().code).toBe('seats/limit-reached');
    }
    expect(await suite.testApp.db.select().from(subUsers).where(eq(subUsers.owner, owner.uid))).toHaveLength(
      5,
    );
    await mailSettled(suite.testApp.db);
    const mails = (await readOutbox(outboxOf(suite))).filter((mail) => emails.includes(mail.to));
    const added = responses.filter((each) => each.statusCode === 201).map((each) => each.json().data.email);
    expect(mails.map((mail) => mail.to).sort()).toEqual(added.sort());
    expect(
      await suite.testApp.db.select().from(activity).where(eq(activity.workspace, owner.uid)),
    ).toHaveLength(5);
  });

  it('lists each row with its status and seat, ranked in one query by order of addition', async () => {
    const owner = await ownerWithSeats(3);
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      expect((await addMember(owner.token, { ...ada, email })).statusCode).toBe(201);
    }
    // The link of the second expired; the plan then drops to two seats: the newest has none.
    await suite.testApp.db
      .update(subUsers)
      .set({ invitationExpiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(subUsers.owner, owner.uid), eq(subUsers.email, 'two@example.com')));
    await setPlan(suite.testApp.db, owner.uid, { quantity: 2 });
    const list = (await listMembers(owner.token)).json().data;
    expect(
      list.map((each: { email: string; status: string; hasSeat: boolean }) => [
        each.email,
        each.status,
        each.hasSeat,
      ]),
    ).toEqual([
      ['three@example.com', 'invited', false],
      ['two@example.com', 'expired', true],
      ['one@example.com', 'invited', true],
    ]);
  });

  it('shows a row from before invitations existed as expired, until the owner resends it', async () => {
    const owner = await ownerWithSeats(1);
    const [row] = await suite.testApp.db
      .insert(subUsers)
      .values({ owner: owner.uid, ...ada })
      .returning({ id: subUsers.id });
    expect((await listMembers(owner.token)).json().data).toMatchObject([
      { status: 'expired', invitationExpiresAt: null, hasSeat: true },
    ]);
    const resent = await suite.testApp.app.inject({
      method: 'POST',
      url: `/api/sub-users/${row?.id}/invitation`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ id: row?.id, status: 'invited', hasSeat: true });
    await mailSettled(suite.testApp.db);
    expect(await readOutbox(outboxOf(suite), { to: ada.email })).not.toEqual([]);
  });

  it.each([
    ['no first name', { lastName: 'L', email: 'x@example.com' }, 'Please enter a first name'],
    ['a blank first name', { ...ada, firstName: '   ' }, 'Please enter a first name'],
    ['no last name', { firstName: 'F', email: 'x@example.com' }, 'Please enter a last name'],
    ['an empty last name', { ...ada, lastName: '' }, 'Please enter a last name'],
    ['no email', { firstName: 'F', lastName: 'L' }, 'Please enter an email address'],
    ['a blank email', { ...ada, email: '  ' }, 'Please enter an email address'],
    ['an invalid email', { ...ada, email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a number for a name', { ...ada, firstName: 7 }, 'The first name must be text.'],
    ['a first name over 100 characters', { ...ada, firstName: 'x'.repeat(101) }, undefined],
    ['an extra key', { ...ada, seats: 3 }, undefined],
    ['a role that is no role', { ...ada, role: 'owner' }, 'Choose a role: admin, member, viewer.'],
    ['a JSON array', [], undefined],
    ['a JSON string', 'just a string', undefined],
  ])('refuses %s with 400 validation_failed', async (_label, payload, message) => {
    const owner = await ownerWithSeats(5);
    const response = await addMember(owner.token, JSON.stringify(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    if (message) expect(response.json().message).toBe(message);
    expect((await listMembers(owner.token)).json().data).toEqual([]);
  });

  it('answers a large list from what it read while its rows and seats are unchanged, and anew after any change or expiry', async () => {
    const owner = await ownerWithSeats(60);
    const { db } = suite.testApp;
    const expiresSoon = new Date(Date.now() + 1_500);
    await db.insert(subUsers).values(
      Array.from({ length: 59 }, (_, index) => ({
        owner: owner.uid,
        email: `member-${index}@example.com`,
        firstName: 'Ada',
        lastName: `Number ${index}`,
        invitationExpiresAt: index === 0 ? expiresSoon : new Date(Date.now() + 86_400_000),
      })),
    );
    const read = async () => (await listMembers(owner.token)).json().data as Member[];
    const byEmail = (list: Member[], email: string) => list.find((member) => member.email === email);
    expect(await read()).toHaveLength(59);
    // A change no version sees (the row trigger off) does not reach the list: the kept answer is served.
    await db.execute(sql`alter table sub_users disable trigger sub_users_row_version`);
    await db.update(subUsers).set({ lastName: 'Unseen' }).where(eq(subUsers.email, 'member-1@example.com'));
    await db.execute(sql`alter table sub_users enable trigger sub_users_row_version`);
    expect(byEmail(await read(), 'member-1@example.com')?.lastName).toBe('Number 1');
    // Any counted change, even typed by hand, is read anew: a row changed, removed, added; the seats.
    await db.update(subUsers).set({ lastName: 'Renamed' }).where(eq(subUsers.email, 'member-2@example.com'));
    expect(byEmail(await read(), 'member-2@example.com')?.lastName).toBe('Renamed');
    await db.delete(subUsers).where(eq(subUsers.email, 'member-3@example.com'));
    expect(await read()).toHaveLength(58);
    await addMember(owner.token, ada);
    expect(byEmail(await read(), 'ada@example.com')?.status).toBe('invited');
    await setPlan(db, owner.uid, { quantity: 10 });
    expect((await read()).filter((member) => member.hasSeat)).toHaveLength(10);
    // Time alone changes a status: past the first pending invitation's expiry, the list is read anew.
    expect(byEmail(await read(), 'member-0@example.com')?.status).toBe('invited');
    await new Promise((resolve) => setTimeout(resolve, expiresSoon.getTime() - Date.now() + 50));
    expect(byEmail(await read(), 'member-0@example.com')?.status).toBe('expired');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const owner = await ownerWithSeats(5);
    const response = await addMember(owner.token, '{"firstName": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_json' });
  });

  it('needs a valid token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      for (const response of [await listMembers(token), await addMember(token, ada)]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ status: 'error', code: 'auth/invalid-user-token' });
      }
    }
  });
});
