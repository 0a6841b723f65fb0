import passwordSheriff from 'password-sheriff';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  describePasswordPolicy,
  explainPasswordPolicy,
  formatPasswordRule,
  passwordPolicyNames,
} from './index.ts';

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

  it('counts as Auth0 does: UTF-16 code units, and only OWASP ASCII punctuation as special', () => {
    // Three emoji are six code units: enough for low (6).
    expect(checkPassword('low', '😀🎉😀').valid).toBe(true);
    // é is neither a lower case letter (a-z) nor a special character.
    expect(checkPassword('good', 'abcdefé1').valid).toBe(false);
    expect(checkPassword('good', 'abcdef!1').valid).toBe(true);
    // Identical characters are compared by code unit: an emoji repeated thrice is allowed.
    expect(checkPassword('excellent', 'Abcdefgh1😀😀😀').valid).toBe(true);
  });

  it('reports each rule as password-sheriff does (code, format, items, verified)', () => {
    for (const policy of passwordPolicyNames) {
      expect(checkPassword(policy, 'abc').rules).toEqual(passwordSheriff(policy).missing('abc').rules);
    }
    expect(checkPassword('good', 'abcdefgh').rules).toEqual([
      { message: 'At least %d characters in length', format: [8], code: 'lengthAtLeast', verified: true },
      {
        message: 'Contain at least %d of the following %d types of characters:',
        code: 'containsAtLeast',
        format: [3, 4],
        items: [
          { message: 'lower case letters (a-z)', code: 'lowerCase', verified: true },
          { message: 'upper case letters (A-Z)', code: 'upperCase', verified: false },
          { message: 'numbers (i.e. 0-9)', code: 'numbers', verified: false },
          { message: 'special characters (e.g. !@#$%^&*)', code: 'specialCharacters', verified: false },
        ],
        verified: false,
      },
    ]);
  });

  it('describes the policy as Auth0 sends it in `policy`', () => {
    expect(describePasswordPolicy('good')).toBe(
      '* At least 8 characters in length\n* Contain at least 3 of the following 4 types of characters:\n' +
        ' * lower case letters (a-z)\n * upper case letters (A-Z)\n * numbers (i.e. 0-9)\n' +
        ' * special characters (e.g. !@#$%^&*)',
    );
    expect(describePasswordPolicy('none')).toBe('* Non-empty password required');
  });

  it('formats rule messages for people', () => {
    const [length, classes] = explainPasswordPolicy('excellent');
    expect(formatPasswordRule(length as { message: string })).toBe('At least 10 characters in length');
    expect(formatPasswordRule(classes as { message: string })).toBe(
      'Contain at least 3 of the following 4 types of characters:',
    );
    expect(formatPasswordRule(explainPasswordPolicy('excellent')[2] as { message: string })).toBe(
      'No more than 2 identical characters in a row (e.g., "aaa" not allowed)',
    );
  });
});
