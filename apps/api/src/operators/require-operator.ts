import { impersonationHeader } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ManagementClient } from '#api/auth/management-client.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import type { IdentityConfig, OperatorsConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { operators } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { askProvider } from '#api/users/ask-provider.ts';

/** An operator, as the back office knows them: their uid, verified address and sign-in time (seconds). */
export type Operator = { uid: string; email: string; signedInAt: number };

export type OperatorDeps = {
  db: Database;
  management: ManagementClient;
  identity: IdentityConfig;
  operators: OperatorsConfig;
};

const notAnOperator = () =>
  new AppError(
    403,
    'operators/not-an-operator',
    'The back office is for the operators of this product. A workspace role does not open it; an operator can grant it to your verified address.',
  );

/** Whether the verified address is an operator's: named by OPERATOR_EMAILS (address or @domain), or granted. */
export async function isOperatorAddress(deps: Pick<OperatorDeps, 'db' | 'operators'>, email: string) {
  const { addresses, domains } = deps.operators;
  if (addresses.includes(email)) return true;
  if (domains.some((domain) => email.endsWith(domain))) return true;
  const [granted] = await deps.db
    .select({ email: operators.email })
    .from(operators)
    .where(eq(operators.email, email));
  return granted !== undefined;
}

/**
 * The back office's check (docs/operations.md, decision 0052), before anything is read: a person (no API
 * key), not viewing as anyone, whose address the identity provider says they verified and which is an
 * operator's; signed in with a second factor (the token's amr says mfa); and at most
 * OPERATOR_SIGN_IN_MAX_AGE_MINUTES ago, the operator session's lifetime. Each refusal has its own code.
 */
export async function requireOperator(deps: OperatorDeps, request: FastifyRequest): Promise<Operator> {
  if (request.headers[impersonationHeader] !== undefined) {
    throw new AppError(
      403,
      'operators/viewing-as',
      'End the "view as" session before using the back office: it acts as the operator, never as the person viewed.',
    );
  }
  const caller = callerOf(request);
  if (caller.apiKey) throw notAnOperator();
  const account = await askProvider(deps.identity, () => deps.management.getUser(caller.uid));
  const email = account.email?.toLowerCase();
  if (account.email_verified !== true || !email || !(await isOperatorAddress(deps, email))) {
    throw notAnOperator();
  }
  if (!caller.secondFactor) {
    throw new AppError(
      403,
      'operators/second-factor-required',
      'The back office needs a sign-in with two-factor authentication. Turn it on in Settings → Security, then sign in again with your code.',
    );
  }
  if (Date.now() / 1000 - caller.authTime > deps.operators.signInMaxAgeSeconds) {
    throw new AppError(
      403,
      'operators/sign-in-too-old',
      'Your back-office session has run its time. Sign out, then sign in again with your code to go on.',
    );
  }
  return { uid: caller.uid, email, signedInAt: caller.authTime };
}
