import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { identityConfig, password, type TestUser, verifyEmail } from './identity.ts';
import { signInWithSecondFactor } from './second-factor.ts';

// The back office's people (docs/operations.md): playwright.config.ts makes every verified address at
// this domain an operator's (OPERATOR_EMAILS).
export const operatorDomain = 'operators.example.com';

/**
 * A new operator: signed up at the provider, address verified by the mailed link, then signed in with
 * an authenticator app as second factor (second-factor.ts). The token carries the second factor.
 */
export async function createOperator(request: APIRequestContext): Promise<TestUser> {
  const config = await identityConfig(request);
  const email = `operator-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${operatorDomain}`;
  const signUp = await request.post(`${config.domain}/dbconnections/signup`, {
    data: { client_id: config.clientId, connection: config.connection, email, password },
  });
  expect(signUp.ok(), `sign-up of ${email}: ${await signUp.text()}`).toBeTruthy();
  await verifyEmail(request, email);
  return {
    email,
    password,
    accessToken: await signInWithSecondFactor(request, email, 'openid profile email'),
  };
}
