/**
 * Auth0's database-connection password policies. The identity emulator enforces them; the product API
 * uses the same text when it reports a weak password, so the two always agree.
 */
export const passwordPolicyNames = ['none', 'low', 'fair', 'good', 'excellent'] as const;
export type PasswordPolicyName = (typeof passwordPolicyNames)[number];

type CharacterClass = { label: string; pattern: RegExp };

const characterClasses: CharacterClass[] = [
  { label: 'lower case letters (a-z)', pattern: /[a-z]/ },
  { label: 'upper case letters (A-Z)', pattern: /[A-Z]/ },
  { label: 'numbers (i.e. 0-9)', pattern: /[0-9]/ },
  { label: 'special characters (e.g. !@#$%^&*)', pattern: /[^a-zA-Z0-9]/ },
];

type PolicyRules = {
  minLength: number;
  /** Every listed class is required, or `atLeast` of them. */
  classes?: { of: CharacterClass[]; atLeast: number };
  /** Longest run of one repeated character allowed. */
  maxRepeated?: number;
};

const policies: Record<PasswordPolicyName, PolicyRules> = {
  none: { minLength: 1 },
  low: { minLength: 6 },
  fair: { minLength: 8, classes: { of: characterClasses.slice(0, 3), atLeast: 3 } },
  good: { minLength: 8, classes: { of: characterClasses, atLeast: 3 } },
  excellent: { minLength: 10, classes: { of: characterClasses, atLeast: 3 }, maxRepeated: 2 },
};

export type PasswordRuleResult = { message: string; verified: boolean };

/** Each rule of the policy with whether the password meets it (the shape of Auth0's `description.rules`). */
export function checkPassword(policyName: PasswordPolicyName, password: string) {
  const policy = policies[policyName];
  const rules: PasswordRuleResult[] = [
    {
      message: `At least ${policy.minLength} characters in length`,
      verified: [...password].length >= policy.minLength,
    },
  ];
  if (policy.classes) {
    const { of, atLeast } = policy.classes;
    const met = of.filter((each) => each.pattern.test(password)).length;
    rules.push({
      message:
        atLeast === of.length
          ? `Contain all of the following ${of.length} types of characters: ${of.map((each) => each.label).join(', ')}`
          : `Contain at least ${atLeast} of the following ${of.length} types of characters: ${of.map((each) => each.label).join(', ')}`,
      verified: met >= atLeast,
    });
  }
  if (policy.maxRepeated) {
    rules.push({
      message: `No more than ${policy.maxRepeated} identical characters in a row (e.g., "aaa" not allowed)`,
      verified: !new RegExp(`(.)\\1{${policy.maxRepeated}}`).test(password),
    });
  }
  return { valid: rules.every((rule) => rule.verified), rules };
}

/** The policy as one sentence list, as Auth0 sends it in `policy` of an `invalid_password` error. */
export function describePasswordPolicy(policyName: PasswordPolicyName): string {
  return checkPassword(policyName, '')
    .rules.map((rule) => `* ${rule.message}`)
    .join('\n');
}
