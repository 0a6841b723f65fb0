import { describe, expect, it } from 'vitest';
import { checkPassword, describePasswordPolicy } from './index.ts';

describe('password policies', () => {
  it('good needs 8 characters and 3 of the 4 character classes', () => {
    expect(checkPassword('good', 'Abcdefg1').valid).toBe(true);
    expect(checkPassword('good', 'abcdefg!').valid).toBe(false);
    expect(checkPassword('good', 'Abc1!').valid).toBe(false);
  });

  it('fair needs lower, upper and digit', () => {
    expect(checkPassword('fair', 'Abcdefg1').valid).toBe(true);
    expect(checkPassword('fair', 'abcdefg1!').valid).toBe(false);
  });

  it('excellent refuses three identical characters in a row', () => {
    expect(checkPassword('excellent', 'Abcdefgh12').valid).toBe(true);
    expect(checkPassword('excellent', 'Abcdefggg12').valid).toBe(false);
  });

  it('low and none only count characters', () => {
    expect(checkPassword('low', 'abcdef').valid).toBe(true);
    expect(checkPassword('low', 'abcde').valid).toBe(false);
    expect(checkPassword('none', 'a').valid).toBe(true);
    expect(checkPassword('none', '').valid).toBe(false);
  });

  it('describes the policy as Auth0 lists it', () => {
    expect(describePasswordPolicy('good')).toBe(
      '* At least 8 characters in length\n* Contain at least 3 of the following 4 types of characters: lower case letters (a-z), upper case letters (A-Z), numbers (i.e. 0-9), special characters (e.g. !@#$%^&*)',
    );
  });
});
