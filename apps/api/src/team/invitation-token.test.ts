import { describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config/app-config.ts';
import { hashLinkToken, newLinkToken } from '#api/http/link-token.ts';
import { invitationLink } from '#api/mail/invitation-link.ts';
import { invitationExpiry } from './invitation-token.ts';

describe('the token of a mailed link', () => {
  it('is 43 base64url characters, new each time, stored as its SHA-256 in hex', () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLinkToken(token)).toBe(hash);
    expect(newLinkToken().token).not.toBe(token);
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
