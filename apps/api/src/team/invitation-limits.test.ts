import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, invitationMails, subUsers, users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { invitationLimits } from './invitation-limits.ts';

// The limits on invitation mails (invitation-limits.ts, decision 0041): one workspace cannot mail a
// person over and over by inviting and withdrawing, and cannot spend the allowance of another.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const db = () => suite.testApp.db;

/** `count` strangers' workspaces, each with an open invitation to `address` mailed today (rows as the app writes them). */
async function openInvitationsFromStrangers(address: string, count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const owner = `auth0|stranger-${randomUUID()}`;
    await db()
      .insert(users)
      .values({ id: owner, email: `${owner.slice(6)}@example.com`, quantity: 1 });
    const [row] = await db()
      .insert(subUsers)
      .values({ owner, email: address, firstName: 'A', lastName: 'B', invitationSentAt: new Date() })
      .returning({ id: subUsers.id });
    if (!row) throw new Error('no invitation row');
    await db().insert(invitationMails).values({ recipient: address, workspace: owner, invitationId: row.id });
    ids.push(row.id);
  }
  return ids;
}

describe('invitation mails to one address', () => {
  it('invite and withdraw in a loop: one workspace mails the address 3 times a day, and another workspace still invites it', async () => {
    const stranger = await kit.ownerWithSeats(1);
    const address = `target-${Date.now()}@example.com`;
    const answers: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const invited = await kit.invite(stranger, address);
      answers.push(invited.statusCode);
      if (invited.statusCode !== 201) {
        expectErrorEnvelope(
          invited,
          429,
          'invitations/workspace-recipient-limit',
          'Your workspace has sent 3 invitation mails to this address in the last 24 hours, withdrawn ones included, the most we send from one workspace to one person. Please try again tomorrow.',
        );
        continue;
      }
      // Mailed before it is withdrawn (an invitation withdrawn first is never mailed).
      await kit.mailsTo(address);
      const withdrawn = await kit.call(stranger, 'DELETE', `/api/sub-users/${invited.json().data.id}`);
      expect(withdrawn.statusCode).toBe(200);
    }
    expect(answers).toEqual([201, 201, 201, ...Array(7).fill(429)]);
    expect(await kit.mailsTo(address)).toHaveLength(invitationLimits.mailsPerWorkspaceAndRecipient);

    // The person's real workspace is not held by the stranger's withdrawn invitations.
    const colleague = await kit.ownerWithSeats(1);
    expect((await kit.invite(colleague, address)).statusCode).toBe(201);
    expect(await kit.mailsTo(address)).toHaveLength(invitationLimits.mailsPerWorkspaceAndRecipient + 1);
  });

  it('counts across workspaces only the mails of invitations still open', async () => {
    const address = `popular-${Date.now()}@example.com`;
    const open = await openInvitationsFromStrangers(address, invitationLimits.mailsPerRecipient);
    // Yesterday's mails no longer count at all.
    await db().insert(invitationMails).values({
      recipient: address,
      workspace: 'auth0|old',
      invitationId: randomUUID(),
      sentAt: sql`now() - interval '25 hours'`,
    });
    const owner = await kit.ownerWithSeats(2);
    expectErrorEnvelope(
      await kit.invite(owner, address.toUpperCase()),
      429,
      'invitations/recipient-limit',
      'This address has 10 open invitations mailed in the last 24 hours, the most we send to one person. Please try again tomorrow.',
    );
    expect(await kit.membersOf(owner)).toEqual([]);
    expect(await kit.mailsTo(address)).toEqual([]);

    // One of them withdrawn: it counts no more, and the invitation goes.
    await db().execute(sql`delete from sub_users where id = ${open[0]}`);
    expect((await kit.invite(owner, address)).statusCode).toBe(201);
    expect(await kit.mailsTo(address)).toHaveLength(1);
  });

  it('does not hold back a workspace the person has joined before', async () => {
    const address = `returning-${Date.now()}@example.com`;
    await openInvitationsFromStrangers(address, invitationLimits.mailsPerRecipient);
    const owner = await kit.ownerWithSeats(2);
    await db().insert(activity).values({
      workspace: owner.uid,
      actorId: 'auth0|someone',
      actorEmail: address,
      action: 'member.joined',
      subject: address,
    });
    expect((await kit.invite(owner, address)).statusCode).toBe(201);
  });
});
