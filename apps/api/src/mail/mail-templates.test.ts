import { formatLongDate } from '@launchkit/plans';
import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-template.ts';
import { mailTemplates } from './mail-templates.ts';
import { messageIdOf } from './send-mail-job.ts';
import type { InvitationProps } from './templates/invitation.ts';

const site = { name: 'Launchkit', origin: 'https://app.example.com' };

describe('every mail template', () => {
  it.each(Object.entries(mailTemplates))(
    '%s renders its example as HTML and plain text, in the layout',
    async (_name, template) => {
      const mail = await renderMail(template as never, template.example as never, site);
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('href="https://app.example.com"');
      expect(mail.text).toContain('Launchkit');
      expect(mail.text).not.toMatch(/<\/?(html|body|table|div|p|a|span)\b/);
    },
  );
});

describe('the contact notification', () => {
  it('keeps the lines of the message', async () => {
    const mail = await renderMail(
      mailTemplates['contact-notification'],
      { name: '', email: 'ada@example.com', message: 'First line\n\nThird <b>line</b>' },
      site,
    );
    expect(mail.subject).toBe('New contact message from ada@example.com');
    expect(mail.text).toContain('First line\n\nThird <b>line</b>');
    expect(mail.html).toContain('Third &lt;b&gt;line&lt;/b&gt;');
  });
});

describe('the invitation mail', () => {
  const expiresAt = new Date('2026-11-29T12:00:00Z');
  const base: InvitationProps = {
    to: 'ada@example.com',
    firstName: 'Ada',
    owner: { name: 'Olivia Owner', verifiedEmail: 'olivia@example.com' },
    invitation: { id: '00000000-0000-4000-8000-000000000000', sentAt: '2026-11-22T12:00:00.000Z' },
    link: 'https://app.example.com/invitation#token',
    expiresAt: expiresAt.toISOString(),
  };
  const render = (props: InvitationProps) => renderMail(mailTemplates.invitation, props, site);

  it('says who invites, gives the link and when it expires', async () => {
    const mail = await render(base);
    expect(mail.text).toContain('signed in as olivia@example.com, invited you to work with them');
    expect(mail.text).toContain('https://app.example.com/invitation#token');
    expect(mail.html).toContain('href="https://app.example.com/invitation#token"');
    expect(mail.text).toContain(`expires on ${formatLongDate(expiresAt)}`);
    expect(mail.text).toContain('(ada@example.com)');
  });

  it('presents no address as who invites unless its owner verified it', async () => {
    const mail = await render({ ...base, owner: { name: 'Olivia Owner', verifiedEmail: null } });
    expect(mail.text).toContain('The owner of a workspace invited you to work with them in it.');
    expect(mail.text).not.toContain('signed in as');
    expect(mail.text).not.toContain('olivia@example.com');
    expect(mail.subject).toBe('You are invited to join a workspace');
  });

  it('puts nothing an owner wrote in the subject, and quotes it in the body as theirs', async () => {
    const phishing = 'Your bank: account locked, verify at <a href="https://evil.example/login">here</a>';
    const mail = await render({
      ...base,
      firstName: 'Please call +1 555 0100',
      owner: { name: phishing, verifiedEmail: 'olivia@example.com' },
    });
    expect(mail.subject).toBe('You are invited to join a workspace');
    expect(mail.text).toContain(
      `They gave their name as “${phishing}” and yours as “Please call +1 555 0100”.`,
    );
    // Their words appear only on that quoted line, and as text: no link of theirs in the HTML.
    const unquoted = mail.text.split('\n').filter((line) => !/^They gave (their|your) name as “/.test(line));
    expect(unquoted.join('\n')).not.toMatch(/evil\.example|555 0100/);
    expect(mail.html).not.toContain('href="https://evil.example');
  });

  it('leaves out a name the owner did not give, or that is only their email', async () => {
    for (const name of [null, '', 'olivia@example.com']) {
      const mail = await render({ ...base, owner: { name, verifiedEmail: 'olivia@example.com' } });
      expect(mail.text).not.toContain('their name as');
      expect(mail.text).toContain('They gave your name as “Ada”.');
    }
  });
});

describe('the ownership offer mail', () => {
  const base = {
    ownerVerifiedEmail: 'olivia@example.com',
    workspace: 'auth0|olivia',
    expiresAt: '2026-12-03T10:00:00.000Z',
    hasPlan: false,
  };
  const render = (
    props: typeof base | (Omit<typeof base, 'ownerVerifiedEmail'> & { ownerVerifiedEmail: null }),
  ) => renderMail(mailTemplates['ownership-offered'], props, site);

  it('has no address in its subject, and names the owner only by a verified address', async () => {
    const verified = await render(base);
    expect(verified.subject).toBe('You are offered the ownership of a workspace');
    expect(verified.text).toContain('signed in as olivia@example.com');
    const unverified = await render({ ...base, ownerVerifiedEmail: null });
    expect(unverified.subject).toBe('You are offered the ownership of a workspace');
    expect(unverified.text).not.toContain('olivia@example.com');
    expect(unverified.text).toContain(
      'The owner of a workspace you are a member of offers to make you its owner',
    );
  });
});

describe('the Message-ID', () => {
  it('is the same for every sending of one mail, and differs between mails', () => {
    expect(messageIdOf('receipt:in_1', site)).toBe(messageIdOf('receipt:in_1', site));
    expect(messageIdOf('receipt:in_1', site)).not.toBe(messageIdOf('receipt:in_2', site));
    expect(messageIdOf('receipt:in_1', site)).toMatch(/^<[0-9a-f]{32}@app\.example\.com>$/);
  });
});
