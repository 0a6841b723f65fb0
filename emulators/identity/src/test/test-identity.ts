import path from 'node:path';
import { closeOrDestroy, startedForSuite, testDataDirectory } from '@launchkit/emulator-kit/test';
import { readOutbox, type StoredMail } from '@launchkit/mail';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { buildIdentityApp } from '#identity/app.ts';
import { loadIdentityConfig } from '#identity/config.ts';

/** The tenant every test emulator is configured with (`startTestIdentity`) and the web client's sign-up values. */
export const testTenant = {
  issuer: 'http://localhost:3001/',
  appOrigin: 'http://localhost:3000',
  passwordRealm: 'http://auth0.com/oauth/grant-type/password-realm',
  connection: 'Username-Password-Authentication',
  webClientId: 'launchkit-web',
  goodPassword: 'Correct-horse-9',
} as const;

/** The emulator on a fresh data directory (or a given one, to test restarts), for `inject`. */
export async function startTestIdentity(overrides: Record<string, string> = {}, existingDir?: string) {
  const dataDir = await testDataDirectory('identity-test-', existingDir);
  const config = loadIdentityConfig({
    DATA_DIR: dataDir,
    IDENTITY_ISSUER: testTenant.issuer,
    IDENTITY_WEB_ORIGINS: testTenant.appOrigin,
    PASSWORD_POLICY: 'good',
    LOG_LEVEL: 'silent',
    // Suites sign many people up and in: OWASP's scrypt cost (the default) would spend them hashing.
    IDENTITY_PASSWORD_HASH_COST: '10',
    ...overrides,
  });
  const app = await buildIdentityApp(config, { logger: false });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    config,
    dataDir,
    outboxDir,
    /** Newest mail to an address with this subject. */
    async mailTo(to: string, subject: string): Promise<StoredMail | undefined> {
      return (await readOutbox(outboxDir, { to })).find((mail) => mail.subject === subject);
    },
    ...requestsTo(app),
    ...closeOrDestroy(() => app.close(), dataDir),
  };
}

export type TestIdentity = Awaited<ReturnType<typeof startTestIdentity>>;

/** The suite's emulator (`startTestIdentity(overrides)`), started before its tests and destroyed after. */
export const useTestIdentity = (overrides: Record<string, string> = {}) =>
  startedForSuite(() => startTestIdentity(overrides));

/** The first link in a mail that starts with the given URL. */
export function linkIn(mail: StoredMail | undefined, prefix: string): URL {
  const match = mail?.text.match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in ${mail?.subject ?? 'no mail'}`);
  return new URL(match);
}

/** The web client's requests to an emulator: sign-up, password sign-in, token checks and a management token. */
function requestsTo(app: FastifyInstance) {
  const { issuer, passwordRealm, connection, webClientId, goodPassword } = testTenant;
  return {
    signUp: (email: string, password: string = goodPassword, extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/dbconnections/signup',
        payload: { client_id: webClientId, connection, email, password, ...extra },
      }),
    passwordLogin: (
      username: string,
      password: string,
      options: { ip?: string; scope?: string; audience?: string } = {},
    ) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: options.ip ?? '203.0.113.1',
        payload: {
          grant_type: passwordRealm,
          client_id: webClientId,
          realm: connection,
          username,
          password,
          scope: options.scope ?? 'openid profile email',
          ...(options.audience ? { audience: options.audience } : {}),
        },
      }),
    /** Verifies a token the way a client does: against the published JWKS, issuer and audience. */
    async verify(token: string, audience: string) {
      const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      const { payload, protectedHeader } = await jwtVerify<JWTPayload & Record<string, unknown>>(
        token,
        createLocalJWKSet(jwks),
        { issuer, audience, algorithms: ['RS256'] },
      );
      return { payload, header: protectedHeader };
    },
    async managementToken(): Promise<string> {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'client_credentials',
          client_id: 'launchkit-api',
          client_secret: 'dev-management-secret',
          audience: `${issuer}api/v2/`,
        },
      });
      return response.json().access_token;
    },
  };
}

/** Cookie header value from a response's Set-Cookie headers (name=value pairs). */
export function cookiesOf(response: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}
