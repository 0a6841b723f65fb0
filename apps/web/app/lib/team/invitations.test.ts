import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenOfHash } from '#web/lib/link-token.ts';
import { forgetInvitationToken, invitationTokenKey, takeInvitationToken } from './invitations.ts';

const token = `${'A'.repeat(21)}_-${'b'.repeat(20)}`;

function stubSessionStorage() {
  const values = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    },
  });
  return values;
}

afterEach(() => vi.unstubAllGlobals());

describe('the invitation token', () => {
  it('is the address’s fragment, without the #', () => {
    expect(tokenOfHash(`#${token}`)).toBe(token);
    expect(tokenOfHash('#')).toBeNull();
    expect(tokenOfHash('')).toBeNull();
  });

  it('is kept in this tab’s session storage for the way back from signing up or in', () => {
    const values = stubSessionStorage();
    expect(takeInvitationToken(`#${token}`)).toBe(token);
    expect(values.get(invitationTokenKey)).toBe(token);
    // Back from /auth/signup?next=/invitation: no fragment any more.
    expect(takeInvitationToken('')).toBe(token);
    forgetInvitationToken();
    expect(takeInvitationToken('')).toBeNull();
  });

  it('from a newer link replaces the one kept', () => {
    stubSessionStorage();
    takeInvitationToken(`#${token}`);
    const newer = 'N'.repeat(43);
    expect(takeInvitationToken(`#${newer}`)).toBe(newer);
    expect(takeInvitationToken('')).toBe(newer);
  });
});
