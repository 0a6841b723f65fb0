import passwordSheriff from 'password-sheriff';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  describePasswordPolicy,
  explainPasswordPolicy,
  formatPasswordRule,
  type PasswordPolicyName,
  passwordPolicyNames,
} from './index.ts';

describe('password policies', () => {
  it.each<[rule: string, policy: PasswordPolicyName, accepted: string, refused: string[]]>([
    ['good needs 8 characters and 3 of the 4 character classes', 'good', 'Abcdefg1', ['abcdefg!', 'Abc1!']],
    ['fair needs lower, upper and digit', 'fair', 'Abcdefg1', ['abcdefg1!']],
    ['excellent refuses three identical characters in a row', 'excellent', 'Abcdefgh12', ['Abcdefggg12']],
    ['low only counts characters', 'low', 'abcdef', ['abcde']],
    ['none only counts characters', 'none', 'a', ['']],
  ])('%s', (_rule, policy, accepted, refused) => {
    expect(checkPassword(policy, accepted).valid).toBe(true);
    for (const password of refused) expect(checkPassword(policy, password).valid, password).toBe(false);
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
