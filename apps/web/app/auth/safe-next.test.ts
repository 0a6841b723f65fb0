import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('the post-auth path (docs/product.md §2)', () => {
  it('defaults to the dashboard', () => {
    expect(safeNextPath(null)).toBe('/dashboard');
    expect(safeNextPath('')).toBe('/dashboard');
  });

  it('follows a path on this site, keeping its query and hash', () => {
    expect(safeNextPath('/settings/password')).toBe('/settings/password');
    expect(safeNextPath('/purchase/pro?x=1#top')).toBe('/purchase/pro?x=1#top');
    // The invitation page sends visitors to sign up or in and back (its token waits in session storage).
    expect(safeNextPath('/invitation')).toBe('/invitation');
  });

  it('follows the path as the browser will read it once dot segments and backslashes are resolved', () => {
    expect(safeNextPath('/settings/../dashboard')).toBe('/dashboard');
    expect(safeNextPath('/./settings')).toBe('/settings');
    expect(safeNextPath('/settings\\password')).toBe('/settings/password');
    expect(safeNextPath('/items?next=//evil.example')).toBe('/items?next=//evil.example');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\t\\evil.example',
    ' /dashboard',
    '/.//evil.example',
    '/./..//evil.example',
    '/../..//evil.example',
    '/x/..//evil.example',
    '/.\\/evil.example',
    '\\\\evil.example',
    '/\\\\evil.example',
    '/%2f%2fevil.example',
    '/%2F%5Cevil.example',
    '//[',
  ])('ignores %j', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});
