import { readOutbox, type StoredMail } from '@launchkit/mail';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import { invitationLimits } from '#api/team/invitation-limits.ts';
import type { AppWithIdentity } from './app-with-identity.ts';
import { mailSettled } from './test-mail.ts';
import { setPlan, type TestUser } from './test-users.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let lookupAddress = 0;

/** The directory the suite's app writes its mail to (the embedded mode's outbox). */
export function outboxOf(suite: AppWithIdentity): string {
  const { mail } = suite.testApp.config;
  if (mail.transport !== 'outbox') throw new Error('the test app sends mail by SMTP, not to the outbox');
  return mail.outboxDir;
}

/**
 * Calls of the team suites against the suite's app: invitations made and read as a person would, from
 * the mail in the app's own outbox (the mailer of embedded mode, which the test app uses).
 */
export function teamKit(suite: AppWithIdentity) {
  /** One request; a string payload is sent as it is (malformed JSON), anything else as JSON. */
  const call = (
    user: TestUser | null,
    method: Method,
    url: string,
    payload?: unknown,
    options: { remoteAddress?: string } = {},
  ) =>
    suite.testApp.app.inject({
      method,
      url,
      ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
      headers: {
        ...(user && { authorization: `Bearer ${user.token}` }),
        ...(payload !== undefined && { 'content-type': 'application/json' }),
      },
      payload: payload === undefined || typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  /** A signed-in person whose user document exists, as after their first visit. */
  async function signedIn(): Promise<TestUser> {
    const person = await suite.newUser();
    expect((await call(person, 'GET', '/api/user')).statusCode).toBe(200);
    return person;
  }

  /** A signed-in person whose plan has `quantity` seats. */
  async function ownerWithSeats(quantity: number, plan: Parameters<typeof setPlan>[2] = {}) {
    const owner = await signedIn();
    await setPlan(suite.testApp.db, owner.uid, { quantity, ...plan });
    return owner;
  }

  // "sub-users" in the URLs: the API's paths since the first release; the domain's word is member.
  const invite = (owner: TestUser, email: string, names = { firstName: 'Ada', lastName: 'Lovelace' }) =>
    call(owner, 'POST', '/api/sub-users', { ...names, email });

  /** Mails in the outbox to `email`, newest first; their own welcome (on their first call) left out. */
  async function mailsTo(email: string): Promise<StoredMail[]> {
    await mailSettled(suite.testApp.db);
    const mails = await readOutbox(outboxOf(suite), { to: email });
    return mails.filter((mail) => !mail.subject.startsWith('Welcome to '));
  }

  /** The token of the newest invitation mailed to `email` (a reminder's too), taken from its link. */
  async function tokenMailedTo(email: string): Promise<string> {
    const token = (await mailsTo(email))
      .map((mail) => mail.text.match(/\/invitation#([A-Za-z0-9_-]{43})\s/)?.[1])
      .find(Boolean);
    if (!token) throw new Error(`no invitation link mailed to ${email}`);
    return token;
  }

  /** Invites `email` and returns the new member's record and the token of the link mailed to them. */
  async function invited(owner: TestUser, email: string) {
    const response = await invite(owner, email);
    expect(response.statusCode, response.body).toBe(201);
    return { record: response.json().data, token: await tokenMailedTo(email) };
  }

  /** Each lookup from its own address, so a suite's lookups never meet the per-address limit. */
  const lookup = (token: unknown, remoteAddress = `198.51.100.${(lookupAddress++ % 250) + 1}`) =>
    call(null, 'POST', '/api/invitations/lookup', { token }, { remoteAddress });

  const accept = (user: TestUser, token: unknown) => call(user, 'POST', '/api/invitations/accept', { token });

  /**
   * Resends an invitation as its owner would a while later: its last mail is dated back past the wait
   * between two mails of one invitation first (team/invitation-limits.ts).
   */
  async function resendLater(owner: TestUser, recordId: string) {
    await suite.testApp.db
      .update(subUsers)
      .set({
        invitationSentAt: sql`now() - make_interval(secs => ${invitationLimits.resendAfterSeconds + 1})`,
      })
      .where(eq(subUsers.id, recordId));
    return call(owner, 'POST', `/api/sub-users/${recordId}/invitation`);
  }

  /** A person who joined `owner`'s workspace through a real invitation. */
  async function joinedMember(owner: TestUser) {
    const member = await suite.newUser();
    const { record, token } = await invited(owner, member.email);
    const joined = await accept(member, token);
    expect(joined.statusCode, joined.body).toBe(200);
    return { member, recordId: record.id as string };
  }

  const workspacesOf = async (user: TestUser) => {
    const response = await call(user, 'GET', '/api/workspaces');
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; role: string; hasSeat: boolean }[];
  };

  /** The owner's members as their list shows them. */
  const membersOf = async (owner: TestUser) => {
    const response = await call(owner, 'GET', '/api/sub-users');
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; email: string; status: string; hasSeat: boolean }[];
  };

  return {
    call,
    resendLater,
    signedIn,
    ownerWithSeats,
    invite,
    mailsTo,
    tokenMailedTo,
    invited,
    lookup,
    accept,
    joinedMember,
    workspacesOf,
    membersOf,
  };
}
