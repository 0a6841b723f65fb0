import { formatLongDate } from '@launchkit/plans';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config/app-config.ts';
import { invitationMail } from './invitation-mail.ts';
import {
  hashInvitationToken,
  invitationExpiry,
  invitationLink,
  newInvitationToken,
} from './invitation-token.ts';

describe('the invitation token', () => {
  it('is 43 base64url characters, new each time, stored as its SHA-256 in hex', () => {
    const { token, hash } = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(token)).toBe(hash);
    expect(newInvitationToken().token).not.toBe(token);
  });

  it('travels in the fragment of the link', () => {
    expect(invitationLink('https://app.example.com', 'abc')).toBe('https://app.example.com/invitation#abc');
  });
});

describe('INVITATION_TTL_HOURS', () => {
  it('defaults to 168 hours (7 days) and takes 1 to 8760', () => {
    expect(loadConfig({}).invitations.ttlHours).toBe(168);
    expect(loadConfig({ INVITATION_TTL_HOURS: '' }).invitations.ttlHours).toBe(168);
    expect(loadConfig({ INVITATION_TTL_HOURS: '2' }).invitations.ttlHours).toBe(2);
    for (const bad of ['0', '8761', 'a week', '1.5']) {
      expect(() => loadConfig({ INVITATION_TTL_HOURS: bad }), bad).toThrow(/INVITATION_TTL_HOURS/);
    }
    const from = new Date('2026-11-22T10:00:00Z');
    expect(invitationExpiry(2, from).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
});

describe('the invitation mail', () => {
  const expiresAt = new Date('2026-11-29T12:00:00Z');
  const base = {
    to: 'ada@example.com',
    firstName: 'Ada',
    link: 'https://app.example.com/invitation#token',
    expiresAt,
  };

  it('says who invites, gives the link and when it expires', () => {
    const mail = invitationMail({ ...base, owner: { name: 'Olivia Owner', email: 'olivia@example.com' } });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('signed in as olivia@example.com, invited you to work with them');
    expect(mail.text).toContain('\nhttps://app.example.com/invitation#token\n');
    expect(mail.text).toContain(`expires on ${formatLongDate(expiresAt)}`);
    expect(mail.text).toContain('(ada@example.com)');
  });

  it('puts nothing an owner wrote in the subject, and quotes it in the body as theirs', () => {
    const phishing = 'Your bank: account locked, verify at https://evil.example/login';
    const mail = invitationMail({
      ...base,
      firstName: 'Please call +1 555 0100',
      owner: { name: phishing, email: 'olivia@example.com' },
    });
    expect(mail.subject).toBe('You are invited to join a workspace');
    expect(mail.text).toContain(
      `What they wrote, as they typed it:\n  Their name: “${phishing}”\n  Your name: “Please call +1 555 0100”\n`,
    );
    // Their words appear only on those quoted lines.
    const unquoted = mail.text.split('\n').filter((line) => !/^ {2}(Their|Your) name: “/.test(line));
    expect(unquoted.join('\n')).not.toMatch(/evil\.example|555 0100/);
  });

  it('leaves out a name the owner did not give, or that is only their email', () => {
    for (const name of [null, '', 'olivia@example.com']) {
      const mail = invitationMail({ ...base, owner: { name, email: 'olivia@example.com' } });
      expect(mail.text).not.toContain('Their name:');
      expect(mail.text).toContain('  Your name: “Ada”');
    }
  });
});
