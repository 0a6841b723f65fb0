/// <reference path="./password-sheriff.d.ts" />
import passwordSheriff, { type RuleDescription } from 'password-sheriff';

/**
 * Auth0's database-connection password policies, decided by password-sheriff, the library Auth0 itself
 * uses for them: a password is accepted or refused exactly as Auth0 does (lengths counted in UTF-16
 * code units, so an emoji counts twice; "special characters" only from the OWASP ASCII list). The
 * identity emulator enforces them; the product API quotes the same policy text when it reports a weak
 * password, so the two always agree.
 */
export const passwordPolicyNames = ['none', 'low', 'fair', 'good', 'excellent'] as const;
export type PasswordPolicyName = (typeof passwordPolicyNames)[number];

/** One rule of a policy as Auth0 reports it in `description.rules`: `code`, `message`, `format`, `items`. */
export type PasswordRule = RuleDescription;

/**
 * Whether the password meets the policy, with each rule and whether it is met: the `description` of
 * Auth0's `invalid_password` error is `{rules, verified}` exactly as password-sheriff builds it.
 */
export function checkPassword(policyName: PasswordPolicyName, password: string) {
  const policy = passwordSheriff(policyName);
  return { valid: policy.check(password), rules: policy.missing(password).rules };
}

/** The rules of a policy, none checked yet (what a form shows before anything is typed). */
export function explainPasswordPolicy(policyName: PasswordPolicyName): PasswordRule[] {
  return passwordSheriff(policyName).explain();
}

/**
 * The policy as the text Auth0 sends in `policy` of an `invalid_password` error: one '* rule' per line,
 * the character classes on their own indented lines.
 */
export function describePasswordPolicy(policyName: PasswordPolicyName): string {
  return passwordSheriff(policyName).toString();
}

/** A rule's message with its `format` values put in ('At least %d characters' → 'At least 8 characters'). */
export function formatPasswordRule(rule: Pick<PasswordRule, 'message' | 'format'>): string {
  const values = [...(rule.format ?? [])];
  return rule.message.replace(/%[sd%]/g, (placeholder) =>
    placeholder === '%%' || values.length === 0 ? placeholder : String(values.shift()),
  );
}
