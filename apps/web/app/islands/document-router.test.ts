import { describe, expect, it } from 'vitest';
import { isActivePath } from './document-router.tsx';

describe("an island's NavLink", () => {
  it('is active on its path and below it, as React Router decides', () => {
    expect(isActivePath('/about', '/about')).toBe(true);
    expect(isActivePath('/about/team', '/about')).toBe(true);
    expect(isActivePath('/aboutus', '/about')).toBe(false);
    expect(isActivePath('/pricing', '/about')).toBe(false);
  });

  it("'/' is active on the home page only", () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
  });
});
