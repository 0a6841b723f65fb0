import { planLimits } from '@launchkit/plans';
import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectBudgetSpent } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { onPlan, type TestUser } from '#api/test/test-users.ts';
import { inWorkspace } from '#api/test/workspace-requests.ts';

// docs/limits.md: a workspace's changes a minute are its plan's, whoever makes them.
const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, joinedMember, ownerWithSeats } = kit;

const freeChanges = planLimits.free.writesPerMinute;

const addItem = (by: TestUser, workspace: string, name: string) =>
  call(by, 'POST', inWorkspace('/api/items', workspace), { name });

describe("a workspace's changes a minute (docs/limits.md)", () => {
  it('counts the owner’s and a member’s changes together, and refuses the one past the plan’s', async () => {
    const owner = await ownerWithSeats(1);
    // Inviting the member was the workspace's first change of the minute.
    const { member } = await joinedMember(owner);
    for (let index = 1; index < freeChanges; index += 1) {
      const by = index % 2 === 0 ? owner : member;
      const answer = await addItem(by, owner.uid, `Item ${index}`);
      expect(answer.statusCode, `change ${index + 1}: ${answer.body}`).toBe(201);
    }
    for (const by of [owner, member]) {
      expectBudgetSpent(
        await addItem(by, owner.uid, 'One too many'),
        'workspaces/rate-limited',
        `This workspace made ${freeChanges} changes in the last minute, the most its plan allows.`,
        freeChanges,
      );
    }
    // Nothing was written past the limit, and the member's own workspace has its own budget.
    const listed = await call(owner, 'GET', '/api/items');
    expect(listed.json().data).toHaveLength(freeChanges - 1);
    expect((await addItem(member, member.uid, 'In my own workspace')).statusCode).toBe(201);
  });

  it('spends none of it on a stranger who names the workspace', async () => {
    const owner = await ownerWithSeats(0);
    const stranger = await suite.newUser();
    for (let index = 0; index <= freeChanges; index += 1) {
      expect((await addItem(stranger, owner.uid, `Not mine ${index}`)).statusCode).toBe(404);
    }
    expect((await addItem(owner, owner.uid, 'Still mine to add')).statusCode).toBe(201);
  });

  it('follows the plan: more while one is in force, the free budget once it has lapsed', async () => {
    const paying = await ownerWithSeats(0, onPlan('starter'));
    const lapsed = await ownerWithSeats(0, { ...onPlan('starter'), stripeSubscriptionStatus: 'canceled' });
    for (let index = 0; index < freeChanges; index += 1) {
      expect((await addItem(paying, paying.uid, `Paid ${index}`)).statusCode).toBe(201);
      expect((await addItem(lapsed, lapsed.uid, `Lapsed ${index}`)).statusCode).toBe(201);
    }
    expect((await addItem(paying, paying.uid, 'Within the starter plan')).statusCode).toBe(201);
    expect((await addItem(lapsed, lapsed.uid, 'Past the free plan')).statusCode).toBe(429);
  });
});
