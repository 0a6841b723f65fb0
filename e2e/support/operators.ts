import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures.ts';
import { identityConfig, password, type TestUser, verifyEmail } from './identity.ts';

// The back office's people (docs/operations.md): playwright.config.ts makes every verified address at
// this domain an operator's (OPERATOR_EMAILS).
export const operatorDomain = 'operators.example.com';

/**
 * A new operator: signed up at the provider, address verified by the mailed link, an authenticator app
 * turned on through the provider's MFA API (as Settings → Security does), then signed in with the second
 * factor (a recovery code, so no wait for the app's next code). The token carries the second factor.
 */
export async function createOperator(request: APIRequestContext): Promise<TestUser> {
  const config = await identityConfig(request);
  const email = `operator-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${operatorDomain}`;
  const signUp = await request.post(`${config.domain}/dbconnections/signup`, {
    data: { client_id: config.clientId, connection: config.connection, email, password },
  });
  expect(signUp.ok(), `sign-up of ${email}: ${await signUp.text()}`).toBeTruthy();
  await verifyEmail(request, email);
  const token = (fields: Record<string, unknown>) =>
    request.post(`${config.domain}/oauth/token`, { data: { client_id: config.clientId, ...fields } });
  const passwordGrant = (audience: string, scope: string) =>
    token({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: config.connection,
      username: email,
      password,
      audience,
      scope,
    });
  const enrolToken = (await (await passwordGrant(`${config.domain}/mfa/`, 'enroll')).json()).mfa_token;
  const associated = await request.post(`${config.domain}/mfa/associate`, {
    headers: { Authorization: `Bearer ${enrolToken}` },
    data: { authenticator_types: ['otp'] },
  });
  const { secret, recovery_codes: recoveryCodes } = await associated.json();
  const confirmed = await token({
    grant_type: 'http://auth0.com/oauth/grant-type/mfa-otp',
    mfa_token: enrolToken,
    otp: new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const signInToken = (await (await passwordGrant(config.audience, 'openid profile email')).json()).mfa_token;
  const signedIn = await token({
    grant_type: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
    mfa_token: signInToken,
    recovery_code: recoveryCodes[0],
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { email, password, accessToken: (await signedIn.json()).access_token };
}
