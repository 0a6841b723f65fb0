import { rm, writeFile } from 'node:fs/promises';
import { formatLongDate } from '@launchkit/plans';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import { hashLinkToken } from '#api/http/link-token.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { outboxOf, teamKit } from '#api/test/test-invitations.ts';
import { jobsDueNow, mailFailed } from '#api/test/test-mail.ts';
import { setPlan } from '#api/test/test-users.ts';

// "sub-users" in the URLs: the API's paths since the first release; the domain's word is member.

// The per-address limit of the public lookup is met by its own test; the others look up from
// addresses of their own (teamKit's `lookup`).
const suite = useAppWithIdentity({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' });
const kit = teamKit(suite);
const { accept, call, invited, lookup, ownerWithSeats, workspacesOf } = kit;

const expireInvitation = (id: string) =>
  suite.testApp.db
    .update(subUsers)
    .set({ invitationExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(subUsers.id, id));

const joinedRowsOf = async (ownerUid: string) =>
  (await suite.testApp.db.select().from(subUsers).where(eq(subUsers.owner, ownerUid))).filter(
    (row) => row.memberId !== null,
  );

describe('the invitation mail', () => {
  it('names the owner and the expiry and carries a working link to /invitation#<token>', async () => {
    const owner = await ownerWithSeats(2);
    await call(owner, 'PATCH', '/api/auth-user', { name: 'Olivia Owner' });
    const invitee = await suite.newUser();
    const { record } = await invited(owner, invitee.email);
    const [mail, ...others] = await kit.mailsTo(invitee.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('You are invited to join a workspace');
    const origin = suite.testApp.config.site.origin;
    const link = mail?.text.match(/(\S+\/invitation#\S+)/)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`^${origin}/invitation#[A-Za-z0-9_-]{43}$`));
    expect(mail?.text).toContain(`signed in as ${owner.email}, invited you`);
    expect(mail?.text).toContain('They gave their name as “Olivia Owner”');
    expect(mail?.text).toContain(`expires on ${formatLongDate(record.invitationExpiresAt)}`);

    // Only the token's hash is stored.
    const token = link.slice(link.indexOf('#') + 1);
    const [row] = await suite.testApp.db.select().from(subUsers).where(eq(subUsers.id, record.id));
    expect(row?.invitationTokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await lookup(token)).json()).toEqual({
      status: 'success',
      data: {
        email: invitee.email,
        ownerName: 'Olivia Owner',
        ownerEmail: owner.email,
        status: 'pending',
        expiresAt: record.invitationExpiresAt,
      },
    });
  });

  it('presents the owner by address only when they verified it', async () => {
    const owner = await suite.newUser({ verified: false });
    expect((await call(owner, 'GET', '/api/user')).statusCode).toBe(200);
    await setPlan(suite.testApp.db, owner.uid, { quantity: 1 });
    const invitee = await suite.newUser();
    await invited(owner, invitee.email);
    const [mail] = await kit.mailsTo(invitee.email);
    expect(mail?.subject).toBe('You are invited to join a workspace');
    expect(mail?.text).toContain('The owner of a workspace invited you to work with them in it.');
    expect(mail?.text).not.toContain('signed in as');
    expect(mail?.text).not.toContain(owner.email);
  });

  it('keeps the record when the mail cannot be sent, and sends it once the mailer works again', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const outbox = outboxOf(suite);
    // A file where the outbox directory should be: the mailer fails.
    await rm(outbox, { recursive: true, force: true });
    await writeFile(outbox, 'not a directory');
    try {
      const response = await kit.invite(owner, invitee.email);
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ email: invitee.email, status: 'invited' });
      await mailFailed(suite.testApp.db);
    } finally {
      await rm(outbox, { force: true });
    }
    await jobsDueNow(suite.testApp.db);
    const mails = await kit.mailsTo(invitee.email);
    expect(mails).toHaveLength(1);
    const joined = await accept(invitee, await kit.tokenMailedTo(invitee.email));
    expect(joined.statusCode).toBe(200);
  });
});

describe('the reminder', () => {
  it('mails a pending invitation once more three days later, with a new link that replaces the first', async () => {
    const owner = await ownerWithSeats(4);
    const pending = await suite.newUser();
    const joining = await suite.newUser();
    const withdrawn = await suite.newUser();
    const { token } = await invited(owner, pending.email);
    const { token: joiningToken } = await invited(owner, joining.email);
    const { record: withdrawnRecord } = await invited(owner, withdrawn.email);
    expect((await accept(joining, joiningToken)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/sub-users/${withdrawnRecord.id}`)).statusCode).toBe(200);
    // The reminders wait holding ids only: no link, no token.
    const waiting = JSON.stringify(
      await suite.testApp.db.execute(
        sql`select data::text as data from jobs.job where name = 'invitation-reminder'`,
      ),
    );
    expect(waiting).toContain(withdrawnRecord.id);
    expect(waiting).not.toContain(token);
    expect(waiting).not.toContain('/invitation#');
    // Three days from now, as far as the queue knows.
    await jobsDueNow(suite.testApp.db, 'invitation-reminder');
    await vi.waitFor(
      async () => {
        const subjects = (await kit.mailsTo(pending.email)).map((mail) => mail.subject);
        expect(subjects).toContain('Reminder: you are invited to join a workspace');
      },
      { timeout: 10_000, interval: 100 },
    );
    const [reminder] = await kit.mailsTo(pending.email);
    expect(reminder?.text).toContain('A reminder: this invitation is still waiting for you.');
    const newToken = await kit.tokenMailedTo(pending.email);
    expect(newToken).not.toBe(token);
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await lookup(newToken)).statusCode).toBe(200);
    // No reminder for the joined one, nor for the withdrawn one.
    for (const person of [joining, withdrawn]) {
      expect((await kit.mailsTo(person.email)).map((mail) => mail.subject)).toEqual([
        'You are invited to join a workspace',
      ]);
    }
  });
});

describe('accepting', () => {
  it("joins the invited person, even on their first call, and lists the owner's workspace", async () => {
    const owner = await ownerWithSeats(2, {
      stripePriceId: 'price_business_monthly',
      stripeSubscriptionStatus: 'active',
    });
    const invitee = await suite.newUser(); // signed up through the link: no user document yet
    const { record, token } = await invited(owner, invitee.email);
    const joined = await accept(invitee, token);
    expect(joined.statusCode).toBe(200);
    const nameOf = async (user: typeof owner) => (await call(user, 'GET', '/api/user')).json().data.name;
    const workspace = {
      id: owner.uid,
      ownerName: await nameOf(owner),
      ownerEmail: owner.email,
      role: 'member',
      hasSeat: true,
      seats: 2,
      canFeatureItems: true,
      billingNeedsAttention: false,
      requiresSecondFactor: false,
    };
    expect(joined.json()).toEqual({ status: 'success', data: workspace });
    expect(await workspacesOf(invitee)).toEqual([
      {
        id: invitee.uid,
        ownerName: await nameOf(invitee),
        ownerEmail: invitee.email,
        role: 'owner',
        hasSeat: true,
        seats: 0,
        canFeatureItems: false,
        billingNeedsAttention: false,
        requiresSecondFactor: false,
      },
      workspace,
    ]);
    const [row] = (await kit.membersOf(owner)).filter((each) => each.id === record.id);
    expect(row).toMatchObject({ status: 'member', memberId: invitee.uid, hasSeat: true });
    expect((await lookup(token)).json().data.status).toBe('used');
    // The owner hears of it, once.
    const joinedMails = (await kit.mailsTo(owner.email)).filter(
      (mail) => mail.subject === `${invitee.email} joined your workspace`,
    );
    expect(joinedMails).toHaveLength(1);
  });

  it('joins with the invited email in another case, and by a social sign-in of that email', async () => {
    const owner = await ownerWithSeats(2);
    const email = `social-${Date.now()}@example.com`;
    const { token } = await invited(owner, email.toUpperCase());
    const { access_token } = await suite.identity.signInWithProvider('google-oauth2', email);
    const social = { email, uid: '', token: access_token };
    const joined = await accept(social, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.id).toBe(owner.uid);
  });

  it('refuses another email with 403 invitations/wrong-email and joins nothing', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const { token } = await invited(owner, invitee.email);
    const stranger = await suite.newUser();
    const refused = await accept(stranger, token);
    expectErrorEnvelope(
      refused,
      403,
      'invitations/wrong-email',
      `This invitation is for ${invitee.email}. Sign in (or sign up) with that email address to join.`,
    );
    expect(await joinedRowsOf(owner.uid)).toEqual([]);
    expect(await workspacesOf(stranger)).toHaveLength(1);
    // The link still works for the person it was made out to.
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('refuses an invitee whose address is not verified yet, until they follow the mailed link', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser({ verified: false });
    const { token } = await invited(owner, invitee.email);
    expectErrorEnvelope(
      await accept(invitee, token),
      403,
      'invitations/email-not-verified',
      `Verify your email address first: open the link we mailed to ${invitee.email}, then join. No mail? Send it again below.`,
    );
    expect(await joinedRowsOf(owner.uid)).toEqual([]);
    await suite.identity.verifyEmail(invitee.email);
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('refuses a holder of the link who changed their email to the invited one, until they prove it', async () => {
    const owner = await ownerWithSeats(2);
    const invitedEmail = `leaked-${Date.now()}@example.com`;
    const { token } = await invited(owner, invitedEmail);
    const holder = await suite.newUser();
    const renamed = await call(holder, 'PATCH', '/api/auth-user', { email: invitedEmail });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await accept(holder, token)).json().code).toBe('invitations/email-not-verified');
    expect(await joinedRowsOf(owner.uid)).toEqual([]);
    // Only the owner of the address can open the link the provider mailed to it.
    await suite.identity.verifyEmail(invitedEmail);
    expect((await accept(holder, token)).statusCode).toBe(200);
  });

  it('refuses an expired link with 409 invitations/expired', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const { record, token } = await invited(owner, invitee.email);
    await expireInvitation(record.id);
    const refused = await accept(invitee, token);
    expectErrorEnvelope(
      refused,
      409,
      'invitations/expired',
      'This invitation has expired. Ask the workspace owner to send it again.',
    );
    expect(await joinedRowsOf(owner.uid)).toEqual([]);
    expect((await lookup(token)).json().data).toMatchObject({ status: 'expired' });
    expect((await kit.membersOf(owner))[0]).toMatchObject({ status: 'expired' });
  });

  it('refuses a used link with 409 invitations/used, for the member and anyone else', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const { token } = await invited(owner, invitee.email);
    expect((await accept(invitee, token)).statusCode).toBe(200);
    for (const person of [invitee, await suite.newUser()]) {
      const refused = await accept(person, token);
      expectErrorEnvelope(
        refused,
        409,
        'invitations/used',
        'This invitation has already been used. Sign in with the invited email to open the workspace.',
      );
    }
    expect(await joinedRowsOf(owner.uid)).toHaveLength(1);
  });

  it('refuses a second membership of the same person in one workspace (a later invitation) as used', async () => {
    const owner = await ownerWithSeats(3);
    const { member, recordId } = await kit.joinedMember(owner);
    // The member changes their address, and proves it; the owner invites the new address.
    const newEmail = `renamed-${Date.now()}@example.com`;
    expect((await call(member, 'PATCH', '/api/auth-user', { email: newEmail })).statusCode).toBe(200);
    await suite.identity.verifyEmail(newEmail);
    const { token } = await invited(owner, newEmail);
    const refused = await accept(member, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('invitations/used');
    expect((await joinedRowsOf(owner.uid)).map((row) => row.id)).toEqual([recordId]);
  });

  it('answers a withdrawn link 404 invitations/not-found, on lookup and accept', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const { record, token } = await invited(owner, invitee.email);
    expect((await call(owner, 'DELETE', `/api/sub-users/${record.id}`)).statusCode).toBe(200);
    const notFound = {
      status: 'error',
      code: 'invitations/not-found',
      message:
        'This invitation link is not valid: it was withdrawn, or a newer one replaced it. Ask the workspace owner to send it again.',
    };
    for (const response of [await accept(invitee, token), await lookup(token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await workspacesOf(invitee)).toHaveLength(1);
  });

  it('resending makes the old link not found and the new one work', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await suite.newUser();
    const { record, token: oldToken } = await invited(owner, invitee.email);
    const resent = await kit.resendLater(owner, record.id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ id: record.id, status: 'invited', hasSeat: true });
    const newToken = await kit.tokenMailedTo(invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect(await kit.mailsTo(invitee.email)).toHaveLength(2);
    expect((await lookup(oldToken)).statusCode).toBe(404);
    expect((await accept(invitee, oldToken)).json().code).toBe('invitations/not-found');
    expect((await accept(invitee, newToken)).statusCode).toBe(200);
  });

  it('refuses resending to someone who joined (409) or is not the caller’s (404)', async () => {
    const owner = await ownerWithSeats(2);
    const { recordId } = await kit.joinedMember(owner);
    const joined = await call(owner, 'POST', `/api/sub-users/${recordId}/invitation`);
    expect(joined.statusCode).toBe(409);
    expect(joined.json()).toMatchObject({ status: 'error', code: 'invitations/already-joined' });
    const other = await ownerWithSeats(2);
    for (const id of [recordId, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const response = await call(other, 'POST', `/api/sub-users/${id}/invitation`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', code: 'not_found' });
    }
  });

  it("refuses the owner's own workspace with 409 invitations/own-workspace", async () => {
    const owner = await ownerWithSeats(2);
    const { token } = await invited(owner, `someone-${Date.now()}@example.com`);
    const refused = await accept(owner, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'invitations/own-workspace' });
    expect(await joinedRowsOf(owner.uid)).toEqual([]);
  });

  it('refuses an invitation without a seat with 409 workspaces/no-seat', async () => {
    const owner = await ownerWithSeats(2);
    await kit.joinedMember(owner);
    const invitee = await suite.newUser();
    const { token } = await invited(owner, invitee.email);
    await setPlan(suite.testApp.db, owner.uid, { quantity: 1 }); // the newest invitation has no seat
    const refused = await accept(invitee, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'error', code: 'workspaces/no-seat' });
    expect(await joinedRowsOf(owner.uid)).toHaveLength(1);
    await setPlan(suite.testApp.db, owner.uid, { quantity: 2 });
    expect((await accept(invitee, token)).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous accepts of one link join', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = await kit.signedIn();
    const { token } = await invited(owner, invitee.email);
    const statuses = (await Promise.all([accept(invitee, token), accept(invitee, token)])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await joinedRowsOf(owner.uid)).toHaveLength(1);
  });
});

describe('how often an invitation is mailed (team/invitation-limits.ts)', () => {
  it('mails one resend of 20 simultaneous ones; the others wait, told how long', async () => {
    const owner = await ownerWithSeats(2);
    const invitee = `resent-${Date.now()}@example.com`;
    const { record } = await invited(owner, invitee);
    await suite.testApp.db
      .update(subUsers)
      .set({ invitationSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(subUsers.id, record.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(owner, 'POST', `/api/sub-users/${record.id}/invitation`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expectErrorEnvelope(
        answer,
        429,
        'invitations/resend-too-soon',
        expect.stringMatching(
          /^This invitation was sent less than a minute ago\. Please wait (60|59) seconds/,
        ),
      );
    }
    expect(await kit.mailsTo(invitee)).toHaveLength(2);
  });

  it('mails nothing for an invitation the plan has no seat for', async () => {
    const owner = await ownerWithSeats(1);
    const invitee = `seatless-${Date.now()}@example.com`;
    const { record } = await invited(owner, invitee);
    await setPlan(suite.testApp.db, owner.uid, { quantity: 0, stripeSubscriptionStatus: 'canceled' });
    expectErrorEnvelope(
      await kit.resendLater(owner, record.id),
      409,
      'invitations/no-seat',
      'Your plan has no seat for this person, so they could not join. Add seats in Settings → Billing, then send the invitation again.',
    );
    expect(await kit.mailsTo(invitee)).toHaveLength(1);
  });
});

describe('bad input', () => {
  const badTokens: [string, unknown][] = [
    ['no token', {}],
    ['a short token', { token: 'abc' }],
    ['a token of 44 characters', { token: 'a'.repeat(44) }],
    ['a token with other characters', { token: `${'a'.repeat(42)}=` }],
    ['a NUL in the token', { token: `${'a'.repeat(42)}\u0000` }],
    ['a number', { token: 42 }],
    ['an extra key', { token: 'a'.repeat(43), workspace: 'x' }],
    ['a JSON array', []],
    ['a JSON string', 'just a string'],
  ];

  let address = 0;
  it.each(badTokens)('answers %s with 400 validation_failed on lookup and accept', async (_label, body) => {
    const person = await suite.newUser();
    const payload = JSON.stringify(body);
    const remoteAddress = `192.0.2.${++address}`;
    for (const response of [
      await call(null, 'POST', '/api/invitations/lookup', payload, { remoteAddress }),
      await call(person, 'POST', '/api/invitations/accept', payload),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    }
  });

  it('answers malformed JSON with 400 invalid_json on every new endpoint that takes a body', async () => {
    const person = await kit.signedIn();
    const id = '00000000-0000-0000-0000-000000000000';
    for (const [method, url, user] of [
      ['POST', '/api/invitations/lookup', null],
      ['POST', '/api/invitations/accept', person],
      ['POST', `/api/sub-users/${id}/invitation`, person],
      ['DELETE', `/api/sub-users/${id}`, person],
      ['DELETE', '/api/workspaces/auth0%7Cabc/membership', person],
    ] as const) {
      const response = await call(user, method, url, '{"token": ', { remoteAddress: '192.0.2.51' });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', code: 'invalid_json' });
    }
  });

  it('answers an unknown token 404 invitations/not-found', async () => {
    const person = await suite.newUser();
    const token = 'A'.repeat(43);
    expect((await lookup(token)).json()).toMatchObject({ code: 'invitations/not-found' });
    expect((await accept(person, token)).statusCode).toBe(404);
  });

  it('needs a signed-in caller to accept; the lookup is public', async () => {
    const response = await call(null, 'POST', '/api/invitations/accept', { token: 'A'.repeat(43) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });

  it('limits lookups per address (RATE_LIMIT_MAX) with 429 rate_limited', async () => {
    const address = '192.0.2.99';
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await lookup('B'.repeat(43), address)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await lookup('B'.repeat(43), address)).json()).toMatchObject({ code: 'rate_limited' });
    expect((await lookup('B'.repeat(43), '192.0.2.100')).statusCode).toBe(404);
  });
});
