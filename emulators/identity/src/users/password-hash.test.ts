import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashes', () => {
  it("use OWASP's scrypt parameters by default, and carry their own parameters", async () => {
    const stored = await hashPassword('Correct-horse-9', 17);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('Correct-horse-9', stored, 10)).toBe(true);
    expect(await verifyPassword('Correct-horse-8', stored, 10)).toBe(false);
  });

  it('made at a lower cost (the test suites) verify under any setting', async () => {
    const stored = await hashPassword('Correct-horse-9', 10);
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Correct-horse-9', stored, 17)).toBe(true);
    expect(await verifyPassword('correct-horse-9', stored, 17)).toBe(false);
  });
});
