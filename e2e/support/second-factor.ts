import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures.ts';
import { identityConfig, password } from './identity.ts';

/**
 * Turns an authenticator app on for a person through the provider's MFA API (as Settings → Security
 * does), then signs them in with the second factor: a recovery code, so no wait for the app's next
 * code. Answers the access token, which carries the second factor.
 */
export async function signInWithSecondFactor(request: APIRequestContext, email: string, scope: string) {
  const config = await identityConfig(request);
  const token = (fields: Record<string, unknown>) =>
    request.post(`${config.domain}/oauth/token`, { data: { client_id: config.clientId, ...fields } });
  const passwordGrant = (audience: string, grantScope: string) =>
    token({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: config.connection,
      username: email,
      password,
      audience,
      scope: grantScope,
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
  const signInToken = (await (await passwordGrant(config.audience, scope)).json()).mfa_token;
  const signedIn = await token({
    grant_type: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
    mfa_token: signInToken,
    recovery_code: recoveryCodes[0],
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return (await signedIn.json()).access_token as string;
}
