import { type PasswordPolicyName, passwordPolicyNames } from '@launchkit/password-policy';
import passwordSheriff from 'password-sheriff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity, testTenant } from '#identity/test/test-identity.ts';
import { passwordCorpus, showPassword } from './password-corpus.ts';

/**
 * The emulator's password decisions against password-sheriff 2, the library Auth0's database
 * connections use, over a generated corpus at every policy level. Each password is offered to
 * POST /dbconnections/signup for an email that already exists: the policy is judged first, so a
 * refusal is `invalid_password` and an acceptance is `user_exists`, and no password is ever hashed.
 * A refusal must also carry password-sheriff's own verdict per rule (`description`) and policy text.
 */

const takenEmail = 'taken@example.com';
const corpus = passwordCorpus();

type Disagreement = { policy: PasswordPolicyName; password: string; label: string; problem: string };

const identities = new Map<PasswordPolicyName, TestIdentity>();
const decisionDisagreements: Disagreement[] = [];
const detailDisagreements: Disagreement[] = [];

beforeAll(async () => {
  for (const policy of passwordPolicyNames) {
    const identity = await startTestIdentity({ PASSWORD_POLICY: policy });
    identities.set(policy, identity);
    expect((await identity.signUp(takenEmail, testTenant.goodPassword)).statusCode).toBe(200);
  }
  for (const policy of passwordPolicyNames) {
    const identity = identities.get(policy) as TestIdentity;
    const sheriff = passwordSheriff(policy);
    for (const { password, label } of corpus) {
      const response = await identity.signUp(takenEmail, password);
      const body = response.json() as Record<string, unknown>;
      const isAccepted = response.statusCode === 400 && body.code === 'user_exists';
      const shouldAccept = sheriff.check(password);
      if (isAccepted !== shouldAccept) {
        decisionDisagreements.push({
          policy,
          password,
          label,
          problem: `${isAccepted ? 'accepted' : `refused (${String(body.code)})`}; password-sheriff ${shouldAccept ? 'accepts' : 'refuses'}`,
        });
        continue;
      }
      if (isAccepted || body.code !== 'invalid_password') continue;
      const expected = { description: sheriff.missing(password), policy: sheriff.toString() };
      const actual = { description: body.description, policy: body.policy };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        detailDisagreements.push({ policy, password, label, problem: 'description or policy differs' });
      }
    }
  }
  const decisions = corpus.length * passwordPolicyNames.length;
  const lines = [
    `password policy conformance (password-sheriff 2): ${corpus.length} passwords x ${passwordPolicyNames.length} levels = ${decisions} decisions: ` +
      `${decisionDisagreements.length} disagreements; ${detailDisagreements.length} refusals whose details differ`,
    ...[...decisionDisagreements, ...detailDisagreements]
      .slice(0, 20)
      .map(
        (each) =>
          `  ${each.policy.padEnd(9)} ${showPassword(each.password)} (${each.label}): ${each.problem}`,
      ),
  ];
  console.log(lines.join('\n'));
}, 120_000);

afterAll(async () => {
  for (const identity of identities.values()) await identity.destroy();
});

describe('password policies against password-sheriff', () => {
  it('covers ASCII, non-ASCII, emoji and the lengths around each minimum', () => {
    expect(corpus.length).toBeGreaterThan(300);
    expect(corpus.some(({ password }) => /\p{Extended_Pictographic}/u.test(password))).toBe(true);
    expect(corpus.some(({ password }) => password.length !== [...password].length)).toBe(true);
    expect(testTenant.connection).toBe('Username-Password-Authentication');
  });

  it('accepts and refuses exactly what password-sheriff does, at every level', () => {
    expect(decisionDisagreements).toEqual([]);
  });

  it("refuses with password-sheriff's rules and policy text", () => {
    expect(detailDisagreements).toEqual([]);
  });
});
