import type { ManagementClient } from 'auth0';
import type { AuthenticationClient, UserInfoClient } from 'auth0/legacy';
import type * as oidc from 'openid-client';

/** How one feature behaves on the emulator, compared with what Auth0 does. */
export type Verdict = 'like-auth0' | 'differs' | 'missing';

export type Outcome = { verdict: Verdict; detail?: string };

export type FeatureResult = { id: string; area: string; title: string } & Outcome;

/** The line run-feature-checks.ts prints its results on. */
export const resultsPrefix = 'RESULTS ';

/** What every check works with: the emulator's coordinates and the SDKs pointed at it. */
export type CheckContext = {
  /** https://localhost:<port> */
  origin: string;
  /** https://localhost:<port>/ */
  issuer: string;
  /** localhost:<port>, the `domain` the Auth0 SDKs want */
  domain: string;
  clientId: string;
  connection: string;
  managementClient: { id: string; secret: string };
  /** The custom API (AUTH0_AUDIENCE) and the Management API. */
  apiAudience: string;
  managementAudience: string;
  /** The web origin allowed for callbacks and logout, such as http://localhost:3000. */
  appOrigin: string;
  password: string;
  /** openid-client for the browser client (public: no secret) and for the machine-to-machine client. */
  webClient: oidc.Configuration;
  machineClient: oidc.Configuration;
  /** node-auth0 7: its Authentication API client (`auth0/legacy`), userinfo client and Management client. */
  authentication: AuthenticationClient;
  userInfo: UserInfoClient;
  management: ManagementClient;
  uniqueEmail(label: string): string;
};

export type Feature = {
  id: string;
  area: string;
  title: string;
  check(context: CheckContext): Promise<Outcome>;
};

export const likeAuth0 = (): Outcome => ({ verdict: 'like-auth0' });
export const differs = (detail: string): Outcome => ({ verdict: 'differs', detail });
export const missing = (detail: string): Outcome => ({ verdict: 'missing', detail });

/** Several expectations of one check: like Auth0 only when every one holds; the first failure says why. */
export function expectAll(expectations: [boolean, string][]): Outcome {
  const failed = expectations.find(([holds]) => !holds);
  return failed ? differs(failed[1]) : likeAuth0();
}

/** The HTTP status an SDK error carries, whichever SDK threw it. */
export function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
  for (const value of [record.statusCode, record.status, record.response?.status]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/** The parsed JSON body an SDK error carries (node-auth0 keeps it raw, or parsed). */
export function bodyOf(error: unknown): Record<string, unknown> | undefined {
  const body = (error as { body?: unknown } | undefined)?.body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
}

/** What a failed call answered: its HTTP status and JSON body. */
export type Refusal = { status: number | undefined; body: Record<string, unknown> | undefined };

/** The refusal an SDK error carries (node-auth0: status and body). */
export const refusalOf = (error: unknown): Refusal => ({ status: statusOf(error), body: bodyOf(error) });

/** An expectation (for expectAll) that a call was refused with `status` and a body holding each of `fields`. */
export function refusedWith(
  refusal: Refusal,
  status: number,
  fields: Record<string, unknown> = {},
): [boolean, string] {
  const holds =
    refusal.status === status &&
    Object.entries(fields).every(([name, value]) => refusal.body?.[name] === value);
  return [holds, `${refusal.status} ${JSON.stringify(refusal.body)}`];
}

/** Like Auth0 when a call was refused with `status` and a body holding each of `fields`. */
export const expectRefusal = (refusal: Refusal, status: number, fields: Record<string, unknown> = {}) =>
  expectAll([refusedWith(refusal, status, fields)]);

/** Runs a call that must fail; the error, or undefined when it succeeded. */
export async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error ?? new Error('rejected without a reason');
  }
}

export const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
