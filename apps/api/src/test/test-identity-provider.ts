import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { loadIdentityConfig, startIdentityEmulator } from '@launchkit/identity-emulator';
import {
  type SoftwareAuthenticator,
  softwareAuthenticator,
} from '@launchkit/identity-emulator/test/software-authenticator';
import { readOutbox } from '@launchkit/mail';
import { importJWK, type JWTPayload, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { emulatorOnLoopback } from './emulator-on-loopback.ts';

export const testPassword = 'Correct-horse-9';

/**
 * The real identity emulator on a free port with its own data directory (`overrides`: more of its
 * variables). `appEnv` points a test app at it exactly as production points the app at an Auth0 tenant.
 */
export async function startTestIdentityProvider(overrides: Record<string, string> = {}) {
  const { dataDir, variables } = await emulatorOnLoopback('IDENTITY');
  const config = loadIdentityConfig({
    ...variables,
    IDENTITY_WEB_ORIGINS: 'http://localhost:3000',
    // The suites read the provider's records after every request, far above a tenant's share.
    IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: '60000',
    // Every test signs people up and in: OWASP's scrypt cost would spend most of the suite hashing.
    IDENTITY_PASSWORD_HASH_COST: '10',
    ...overrides,
  });
  let emulator = await startIdentityEmulator(config, { logger: false });
  const origin = emulator.url.replace(/\/$/, '');
  const clientId = 'launchkit-web';
  const connection = 'Username-Password-Authentication';
  const audience = `${origin}/api/v2/`;

  async function post(pathname: string, body: unknown) {
    const response = await fetch(`${origin}${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, string>,
    };
  }

  /** A password-realm sign-in of the web client (auth0-js `client.login` with a realm). */
  const passwordRealm = (email: string, password: string, request: { audience: string; scope: string }) =>
    post('/oauth/token', {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: connection,
      client_id: clientId,
      username: email,
      password,
      ...request,
    });

  /**
   * A token signed with the emulator's own key (read from its data directory) with any claims: the way
   * to show that a correctly signed token with a wrong issuer, audience or expiry is still refused.
   */
  async function signWithProviderKey(claims: JWTPayload, header: { kid?: string } = {}) {
    const stored = JSON.parse(await readFile(path.join(dataDir, 'signing-key.json'), 'utf8'));
    const key = await importJWK(stored.privateJwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: `${origin}/`,
      aud: [audience, `${origin}/userinfo`],
      azp: clientId, // issued to the web client, as the provider's user tokens are
      iat: now,
      exp: now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? stored.kid })
      .sign(key);
  }

  /** The token grant of a passkey ceremony (Auth0's webauthn grant), as auth0-js sends it. */
  async function passkeyGrant(ceremony: string, authSession: unknown, authnResponse: unknown) {
    const { status, body } = await post('/oauth/token', {
      grant_type: 'urn:okta:params:oauth:grant-type:webauthn',
      client_id: clientId,
      auth_session: authSession,
      authn_response: authnResponse,
      scope: 'openid profile email',
      audience,
    });
    if (status !== 200) throw new Error(`passkey ${ceremony} answered ${status}: ${JSON.stringify(body)}`);
    return { access_token: body.access_token as string };
  }

  return {
    origin,
    dataDir,
    appEnv: { AUTH0_DOMAIN: origin, AUTH0_MANAGEMENT_CLIENT_SECRET: 'dev-management-secret' },
    async signUp(email: string, password = testPassword) {
      const { status, body } = await post('/dbconnections/signup', {
        client_id: clientId,
        connection,
        email,
        password,
      });
      if (status !== 200) throw new Error(`sign-up answered ${status}: ${JSON.stringify(body)}`);
      return body;
    },
    /** The tokens a browser gets from a password sign-in (auth0-js `client.login` with a realm). */
    async signIn(email: string, password = testPassword, scope = 'openid profile email') {
      const { status, body } = await passwordRealm(email, password, { audience, scope });
      if (status !== 200) throw new Error(`sign-in answered ${status}: ${JSON.stringify(body)}`);
      return body as { access_token: string; id_token: string; refresh_token?: string };
    },
    /** The web client's refresh (rotation: the answer carries the next refresh token). */
    refresh(refreshToken: string) {
      return post('/oauth/token', {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: refreshToken,
      });
    },
    /**
     * Turns on an authenticator app for `email` through the provider's MFA API, as Settings → Security
     * does (password, associate, first code). `signIn` then signs in with the second factor, by the
     * recovery code (each answer carries the next), so tests need not wait for the app's next code.
     */
    async enrolAuthenticatorApp(email: string, password = testPassword) {
      const stopped = await passwordRealm(email, password, { audience: `${origin}/mfa/`, scope: 'enroll' });
      const mfaToken = stopped.body.mfa_token;
      const associated = await fetch(`${origin}/mfa/associate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${mfaToken}` },
        body: JSON.stringify({ authenticator_types: ['otp'] }),
      });
      const { secret, recovery_codes: recoveryCodes } = (await associated.json()) as {
        secret: string;
        recovery_codes: string[];
      };
      const confirmed = await post('/oauth/token', {
        grant_type: 'http://auth0.com/oauth/grant-type/mfa-otp',
        client_id: clientId,
        mfa_token: mfaToken,
        otp: new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
      });
      if (confirmed.status !== 200) throw new Error(`enrolment answered ${confirmed.status}`);
      let recoveryCode = recoveryCodes[0] ?? '';
      return {
        async signIn() {
          const first = await passwordRealm(email, password, { audience, scope: 'openid profile email' });
          const second = await post('/oauth/token', {
            grant_type: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
            client_id: clientId,
            mfa_token: first.body.mfa_token,
            recovery_code: recoveryCode,
          });
          if (second.status !== 200) throw new Error(`second factor answered ${second.status}`);
          recoveryCode = second.body.recovery_code ?? '';
          return second.body as { access_token: string };
        },
      };
    },
    /**
     * A new person who signs up with a passkey and no password (a software authenticator stands in
     * for the browser's); the tokens of that sign-up and the authenticator, for signing in again.
     */
    async signUpWithPasskey(email: string, authenticatorSays: { isUserVerified?: boolean } = {}) {
      const authenticator = softwareAuthenticator('http://localhost:3000');
      authenticator.setUserVerification(authenticatorSays.isUserVerified ?? true);
      const challenge = await post('/passkey/register', { client_id: clientId, user_profile: { email } });
      const options = challenge.body.authn_params_public_key as unknown as Parameters<
        typeof authenticator.register
      >[0];
      const tokens = await passkeyGrant(
        'sign-up',
        challenge.body.auth_session,
        authenticator.register(options),
      );
      return { ...tokens, authenticator };
    },
    /** The tokens of a sign-in with a passkey made by `signUpWithPasskey` (its authenticator's answer). */
    async signInWithPasskey(authenticator: SoftwareAuthenticator) {
      const challenge = await post('/passkey/challenge', { client_id: clientId });
      const options = challenge.body.authn_params_public_key as unknown as Parameters<
        typeof authenticator.assert
      >[0];
      return passkeyGrant('sign-in', challenge.body.auth_session, authenticator.assert(options));
    },
    /** Resets the password of `email` by the link the provider mails, as its owner would. */
    async resetPassword(email: string, password: string) {
      const asked = await post('/dbconnections/change_password', { client_id: clientId, connection, email });
      if (asked.status !== 200) throw new Error(`the reset request answered ${asked.status}`);
      const [mail] = (await readOutbox(path.join(dataDir, 'outbox'), { to: email })).filter(
        (message) => message.subject === 'Reset your password',
      );
      const link = mail?.text.match(/https?:\/\/\S+\/lo\/reset\?ticket=\S+/)?.[0];
      if (!link) throw new Error(`no reset mail to ${email}`);
      const ticket = new URL(link).searchParams.get('ticket') ?? '';
      const done = await fetch(`${origin}/lo/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' },
        body: new URLSearchParams({ ticket, password, confirm: password }).toString(),
      });
      if (done.status !== 200) throw new Error(`the reset form answered ${done.status}`);
    },
    /** Follows the newest verification link the provider mailed to `email`, as its owner would. */
    async verifyEmail(email: string) {
      const [mail] = (await readOutbox(path.join(dataDir, 'outbox'), { to: email })).filter(
        (message) => message.subject === 'Verify your email',
      );
      const link = mail?.text.match(/https?:\/\/\S+\/u\/email-verification\S*/)?.[0];
      if (!link) throw new Error(`no verification mail to ${email}`);
      // No keep-alive: a connection left open would hold up closing the provider in a test.
      const page = await fetch(link, { headers: { connection: 'close' } });
      if (page.status !== 200) throw new Error(`the verification link answered ${page.status}`);
    },
    /** The tokens of a sign-in through a social connection's consent page, as the popup does it. */
    async signInWithProvider(provider: string, email: string) {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'token id_token',
        redirect_uri: 'http://localhost:3000/auth0-callback',
        scope: 'openid profile email',
        audience,
        connection: provider,
        state: 'test-state',
        nonce: 'test-nonce',
      });
      const page = await fetch(`${origin}/authorize?${query}`);
      const html = await page.text();
      const hidden = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
      const decodeEntities = (value: string) =>
        value
          .replace(/&#(\d+);/g, (_entity, code) => String.fromCharCode(Number(code)))
          .replaceAll('&amp;', '&')
          .replaceAll('&quot;', '"');
      const cookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
      const consent = await fetch(`${origin}/authorize/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookies.join('; ') },
        body: new URLSearchParams({
          authorize: decodeEntities(hidden('authorize')),
          csrf: decodeEntities(hidden('csrf')),
          action: 'continue',
          email,
          name: 'Social Person',
        }),
      });
      const fragment = new URLSearchParams(new URL(consent.headers.get('location') ?? '').hash.slice(1));
      const accessToken = fragment.get('access_token');
      if (!accessToken) throw new Error(`social sign-in answered ${consent.status} without a token`);
      return { access_token: accessToken };
    },
    signWithProviderKey,
    /** A token of `uid` whose sign-in was an hour ago: too old for what asks for a recent one. */
    signedInLongAgo(uid: string) {
      const longAgo = Math.floor(Date.now() / 1000) - 3600;
      return signWithProviderKey({ sub: uid, [signedInAtClaim]: longAgo, iat: longAgo + 60 });
    },
    /** The provider replaces its signing key (a rotation), on the same origin. */
    async rotateSigningKey() {
      await emulator.close();
      await rm(path.join(dataDir, 'signing-key.json'));
      const port = new URL(origin).port;
      emulator = await startIdentityEmulator(
        { ...config, port: Number(port), issuer: `${origin}/` },
        { logger: false },
      );
    },
    async close() {
      await emulator.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestIdentityProvider = Awaited<ReturnType<typeof startTestIdentityProvider>>;
