import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { teamKit } from '#api/test/test-invitations.ts';

// Settings → Notifications and the one-click unsubscribe of optional mails (RFC 8058), with the mail
// the choice is about: a member joining, mailed to the owner.

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats, joinedMember, signedIn } = kit;

const joinedMails = async (owner: { email: string }) =>
  (await kit.mailsTo(owner.email)).filter((mail) => mail.subject.endsWith('joined your workspace'));

const preferenceOf = async (user: Parameters<typeof call>[0], mail: string) =>
  (await call(user, 'GET', '/api/mail-preferences'))
    .json()
    .data.mails.find((each: { mail: string }) => each.mail === mail);

describe('mail preferences', () => {
  it('lists the optional mails, all on, and nothing a duty calls for', async () => {
    const person = await signedIn();
    const response = await call(person, 'GET', '/api/mail-preferences');
    expect(response.statusCode).toBe(200);
    const { mails } = response.json().data;
    // The product runs without trials here (STRIPE_TRIAL_DAYS unset): no one is offered the trial's mail.
    expect(mails.map((each: { mail: string }) => each.mail)).toEqual(['member-joined']);
    expect(mails[0]).toMatchObject({ label: 'Someone joins your workspace', enabled: true });
    expect((await call(null, 'GET', '/api/mail-preferences')).statusCode).toBe(401);
  });

  it("lists the trial's mail to a person on a trial, though the product offers none any more", async () => {
    const person = await signedIn();
    await suite.testApp.db
      .update(users)
      .set({ stripeSubscriptionStatus: 'trialing' })
      .where(eq(users.id, person.uid));
    const { mails } = (await call(person, 'GET', '/api/mail-preferences')).json().data;
    expect(mails.map((each: { mail: string }) => each.mail)).toEqual(['member-joined', 'trial-ending']);
  });

  it('turns a mail off and on; names it sends nothing about are refused and change nothing', async () => {
    const person = await signedIn();
    const off = await call(person, 'PATCH', '/api/mail-preferences', { 'member-joined': false });
    expect(off.json().data.mails).toMatchObject([{ mail: 'member-joined', enabled: false }]);
    // Again is no error.
    expect(
      (await call(person, 'PATCH', '/api/mail-preferences', { 'member-joined': false })).statusCode,
    ).toBe(200);

    const receipt = await call(person, 'PATCH', '/api/mail-preferences', {
      'member-joined': true,
      receipt: false,
    });
    expectErrorEnvelope(receipt, 400, 'mail/unknown-mail', 'There is no optional mail named “receipt”.');
    expect((await preferenceOf(person, 'member-joined')).enabled).toBe(false);
    const notBoolean = await call(person, 'PATCH', '/api/mail-preferences', { 'trial-ending': 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toMatchObject({
      code: 'validation_failed',
      fields: { 'trial-ending': 'Invalid input: expected boolean, received string' },
    });

    const on = await call(person, 'PATCH', '/api/mail-preferences', { 'member-joined': true });
    expect(on.json().data.mails.every((each: { enabled: boolean }) => each.enabled)).toBe(true);
  });

  it('sends an optional mail with its one-click unsubscribe, and not once it is turned off by it', async () => {
    const owner = await ownerWithSeats(3);
    await joinedMember(owner);
    const [mail] = await joinedMails(owner);
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const origin = suite.testApp.config.site.origin;
    expect(header).toMatch(
      new RegExp(`^<${origin}/api/mail-preferences/unsubscribe\\?token=[0-9a-f-]{36}&mail=member-joined>$`),
    );
    // The footer's link is the product's page, where a person confirms: a scanner opening it turns nothing off.
    expect(mail?.text).toMatch(new RegExp(`${origin}/unsubscribe\\?token=[0-9a-f-]{36}&mail=member-joined`));

    // As a mail client posts it.
    const url = new URL(header.slice(1, -1));
    const clicked = await suite.testApp.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json().data).toEqual({
      mail: 'member-joined',
      label: 'Someone joins your workspace',
      enabled: false,
    });
    expect((await preferenceOf(owner, 'member-joined')).enabled).toBe(false);

    await joinedMember(owner);
    expect(await joinedMails(owner)).toHaveLength(1);
  });

  it('refuses a link whose token names nobody, or a mail that is not optional', async () => {
    const unknownToken = await suite.testApp.app.inject({
      method: 'POST',
      url: '/api/mail-preferences/unsubscribe?token=00000000-0000-4000-8000-000000000000&mail=member-joined',
    });
    expectErrorEnvelope(
      unknownToken,
      404,
      'mail/unsubscribe-link-not-found',
      'This unsubscribe link is not valid any more. Sign in and choose your mail in Settings → Notifications.',
    );
    const notOptional = await suite.testApp.app.inject({
      method: 'POST',
      url: '/api/mail-preferences/unsubscribe?token=00000000-0000-4000-8000-000000000000&mail=receipt',
    });
    expectErrorEnvelope(notOptional, 400, 'mail/unknown-mail', 'There is no optional mail named “receipt”.');
    const notAToken = await suite.testApp.app.inject({
      method: 'POST',
      url: '/api/mail-preferences/unsubscribe?token=nope&mail=member-joined',
    });
    expect(notAToken.statusCode).toBe(400);
    expect(notAToken.json()).toMatchObject({
      code: 'validation_failed',
      message: 'This unsubscribe link is not complete. Copy the whole link from the mail.',
    });
  });
});
