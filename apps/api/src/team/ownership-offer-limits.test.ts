import { randomUUID } from 'node:crypto';
import { readOutbox } from '@launchkit/mail';
import { describe, expect, it } from 'vitest';
import { ownershipTransfers, subUsers, users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { outboxOf, teamKit } from '#api/test/test-invitations.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan } from '#api/test/test-users.ts';
import { ownershipOfferLimits } from './ownership-offer-limits.ts';

// The limits on ownership-offer mails (ownership-offer-limits.ts, decision 0041), and what the mail
// says of who offers.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const db = () => suite.testApp.db;
const offerSubject = 'You are offered the ownership of a workspace';

async function offerMailsTo(email: string) {
  await mailSettled(db());
  return (await readOutbox(outboxOf(suite), { to: email })).filter((mail) => mail.subject === offerSubject);
}

async function ownerWithMember(options: { verified?: boolean } = {}) {
  const owner = await suite.newUser(options);
  expect((await kit.call(owner, 'GET', '/api/user')).statusCode).toBe(200);
  await setPlan(db(), owner.uid, { quantity: 2 });
  const member = await kit.signedIn();
  const membership = await insertJoinedMember(db(), owner, member);
  return { owner, member, membership };
}

describe('ownership-offer mails', () => {
  it('offer and withdraw in a loop: 5 mails a day from one workspace, then 429', async () => {
    const { owner, member, membership } = await ownerWithMember();
    const answers: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const offered = await kit.call(owner, 'POST', '/api/workspace/ownership-transfer', {
        memberId: membership.id,
      });
      answers.push(offered.statusCode);
      if (offered.statusCode === 429) {
        expectErrorEnvelope(
          offered,
          429,
          'workspaces/transfer-offer-limit',
          'You have made 5 ownership offers in the last 24 hours, withdrawn ones included: each mails the member, so that is the most for one day. Please try again tomorrow.',
        );
      }
      expect((await kit.call(owner, 'DELETE', '/api/workspace/ownership-transfer')).statusCode).toBe(200);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await offerMailsTo(member.email)).toHaveLength(ownershipOfferLimits.offersPerWorkspace);
  });

  it('refuses an offer to a member with 5 open offers from other workspaces made today', async () => {
    const { owner, member, membership } = await ownerWithMember();
    for (let index = 0; index < ownershipOfferLimits.openOffersPerRecipient; index += 1) {
      const other = `auth0|offering-${randomUUID()}`;
      await db()
        .insert(users)
        .values({ id: other, email: `${other.slice(6)}@example.com`, quantity: 2 });
      await db().insert(subUsers).values({
        owner: other,
        email: member.email.toLowerCase(),
        firstName: 'M',
        lastName: 'M',
        memberId: member.uid,
        joinedAt: new Date(),
      });
      await db()
        .insert(ownershipTransfers)
        .values({ workspace: other, toMember: member.uid, expiresAt: new Date(Date.now() + 86_400_000) });
    }
    expectErrorEnvelope(
      await kit.call(owner, 'POST', '/api/workspace/ownership-transfer', { memberId: membership.id }),
      429,
      'workspaces/transfer-recipient-limit',
      'This member has 5 ownership offers from other workspaces made in the last 24 hours and still open, the most we mail one person. Please try again tomorrow.',
    );
    expect(await offerMailsTo(member.email)).toEqual([]);
  });

  it('names no unverified owner: no address in the subject, none presented as who offers', async () => {
    const { owner, member, membership } = await ownerWithMember({ verified: false });
    const offered = await kit.call(owner, 'POST', '/api/workspace/ownership-transfer', {
      memberId: membership.id,
    });
    expect(offered.statusCode).toBe(200);
    const [mail] = await offerMailsTo(member.email);
    expect(mail?.subject).toBe(offerSubject);
    expect(mail?.text).not.toContain(owner.email);
    expect(mail?.text).not.toContain(owner.email.toLowerCase());
    expect(mail?.text).toContain('The owner of a workspace you are a member of offers to make you its owner');
  });
});
