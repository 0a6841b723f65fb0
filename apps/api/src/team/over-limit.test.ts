import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { setPlan } from '#api/test/test-users.ts';

// The plan dropped below the number of people (docs/team.md): seats go in order of addition, the
// newest have none, nobody's data is deleted, and the owner chooses whom to keep by removing.
// "sub-users" in the URLs: the API's paths since the first release; the domain's word is member.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, invite, joinedMember, ownerWithSeats } = kit;

const seats = async (owner: Parameters<typeof kit.membersOf>[0]) =>
  (await kit.membersOf(owner)).map((each) => [each.id, each.hasSeat]);

describe('over the limit', () => {
  it('takes the seat from the newest, refuses adds, and gives it back when an older one goes', async () => {
    const owner = await ownerWithSeats(3);
    const first = await joinedMember(owner);
    const second = await kit.invited(owner, `second-${Date.now()}@example.com`);
    const third = await joinedMember(owner);

    await setPlan(suite.testApp.db, owner.uid, { quantity: 1 });
    // Newest first, as the list shows them.
    expect(await seats(owner)).toEqual([
      [third.recordId, false],
      [second.record.id, false],
      [first.recordId, true],
    ]);
    const seatOf = async (member: typeof first.member) =>
      (await kit.workspacesOf(member)).find((each) => each.id === owner.uid)?.hasSeat;
    expect(await seatOf(first.member)).toBe(true);
    expect(await seatOf(third.member)).toBe(false);

    const refused = await invite(owner, `fourth-${Date.now()}@example.com`);
    expectErrorEnvelope(
      refused,
      409,
      'seats/limit-reached',
      'You have used all 1 seats of your plan. Upgrade your plan to add more users.',
    );
    // Nobody's record is gone.
    expect(await suite.testApp.db.select().from(subUsers).where(eq(subUsers.owner, owner.uid))).toHaveLength(
      3,
    );

    // The owner keeps the third: removing the older two hands the seat down the order.
    expect((await call(owner, 'DELETE', `/api/sub-users/${first.recordId}`)).statusCode).toBe(200);
    expect(await seats(owner)).toEqual([
      [third.recordId, false],
      [second.record.id, true],
    ]);
    expect((await invite(owner, `fifth-${Date.now()}@example.com`)).json().code).toBe('seats/limit-reached');
    expect((await call(owner, 'DELETE', `/api/sub-users/${second.record.id}`)).statusCode).toBe(200);
    expect(await seats(owner)).toEqual([[third.recordId, true]]);
    expect(await seatOf(third.member)).toBe(true);
  });

  it('gives everyone back their seat when the plan grows again, and none when it holds no seats', async () => {
    const owner = await ownerWithSeats(2);
    const first = await joinedMember(owner);
    const second = await joinedMember(owner);
    await setPlan(suite.testApp.db, owner.uid, { quantity: 0 });
    expect(await seats(owner)).toEqual([
      [second.recordId, false],
      [first.recordId, false],
    ]);
    expect((await invite(owner, `none-${Date.now()}@example.com`)).json().message).toBe(
      'Your plan does not include other users. Choose a plan to add users.',
    );
    await setPlan(suite.testApp.db, owner.uid, { quantity: 5 });
    expect(await seats(owner)).toEqual([
      [second.recordId, true],
      [first.recordId, true],
    ]);
    expect((await invite(owner, `again-${Date.now()}@example.com`)).statusCode).toBe(201);
  });

  it('orders rows added in the same instant by id, the same way everywhere', async () => {
    const owner = await ownerWithSeats(1);
    const instant = new Date();
    const people = await Promise.all([kit.signedIn(), kit.signedIn()]);
    const rows = await suite.testApp.db
      .insert(subUsers)
      .values(
        people.map((person) => ({
          owner: owner.uid,
          email: person.email,
          firstName: 'Same',
          lastName: 'Instant',
          createdAt: instant,
          memberId: person.uid,
          joinedAt: instant,
        })),
      )
      .returning({ id: subUsers.id, memberId: subUsers.memberId });
    const [earlier, later] = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await seats(owner)).toEqual([
      [later?.id, false],
      [earlier?.id, true],
    ]);
    for (const person of people) {
      const seat = (await kit.workspacesOf(person)).find((each) => each.id === owner.uid)?.hasSeat;
      expect(seat).toBe(person.uid === earlier?.memberId);
    }
  });
});
