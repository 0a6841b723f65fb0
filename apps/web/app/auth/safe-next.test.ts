import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('the post-auth path (§2)', () => {
  it('defaults to the dashboard', () => {
    expect(safeNextPath(null)).toBe('/dashboard');
    expect(safeNextPath('')).toBe('/dashboard');
  });

  it('follows a path on this site, keeping its query and hash', () => {
    expect(safeNextPath('/settings/password')).toBe('/settings/password');
    expect(safeNextPath('/purchase/pro?x=1#top')).toBe('/purchase/pro?x=1#top');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /dashboard',
  ])('ignores %j', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});
