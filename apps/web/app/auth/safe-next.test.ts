import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('the post-auth path (docs/product.md §2)', () => {
  // Each behaviour: the `next` values it covers and the path each one leads to.
  const followedPaths: Record<string, [next: string | null, path: string][]> = {
    'defaults to the dashboard': [
      [null, '/dashboard'],
      ['', '/dashboard'],
    ],
    'follows a path on this site, keeping its query and hash': [
      ['/settings/password', '/settings/password'],
      ['/purchase/pro?x=1#top', '/purchase/pro?x=1#top'],
      // The invitation page sends visitors to sign up or in and back (its token waits in session storage).
      ['/invitation', '/invitation'],
    ],
    'follows the path as the browser will read it once dot segments and backslashes are resolved': [
      ['/settings/../dashboard', '/dashboard'],
      ['/./settings', '/settings'],
      ['/settings\\password', '/settings/password'],
      ['/items?next=//evil.example', '/items?next=//evil.example'],
    ],
  };

  for (const [behaviour, cases] of Object.entries(followedPaths)) {
    it(behaviour, () => {
      for (const [next, path] of cases) expect(safeNextPath(next)).toBe(path);
    });
  }

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
