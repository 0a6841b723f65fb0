/** Types for password-sheriff 2 (Auth0's password policy library), which ships none. */
declare module 'password-sheriff' {
  /** One rule as password-sheriff explains it; `verified` is there when a password was checked. */
  export type RuleDescription = {
    message: string;
    code: string;
    format?: (string | number)[];
    items?: RuleDescription[];
    verified?: boolean;
  };

  export type MissingRules = { rules: RuleDescription[]; verified: boolean };

  export type NamedPolicy = {
    check(password: string): boolean;
    assert(password: string): void;
    missing(password: string): MissingRules;
    missingAsMarkdown(password: string): string;
    explain(): RuleDescription[];
    toString(): string;
  };

  type PasswordSheriff = {
    /** Auth0's named policies: none, low, fair, good, excellent (unknown names give none). */
    (policyName: string): NamedPolicy;
    PasswordPolicy: new (rules: Record<string, unknown>) => NamedPolicy;
  };

  const passwordSheriff: PasswordSheriff;
  export default passwordSheriff;
}
