import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures.ts';
import { createPasswordUser, identityConfig, password, type TestUser } from './identity.ts';

// Single sign-on in the browser tests (docs/sso.md): the owner's second factor (requiring single
// sign-on needs it), and the identity emulator playing the customer's SAML or OIDC provider.

/**
 * A new password user with an authenticator app turned on through the provider's MFA API (as Settings →
 * Security does), and an access token of a sign-in that passed it (by a recovery code, so no test waits
 * for the app's next code).
 */
export async function ownerWithSecondFactor(request: APIRequestContext, label: string): Promise<TestUser> {
  const user = await createPasswordUser(request, label);
  const { domain, clientId, connection, audience } = await identityConfig(request);
  const realm = (forAudience: string, scope: string) =>
    request.post(`${domain}/oauth/token`, {
      data: {
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        realm: connection,
        client_id: clientId,
        username: user.email,
        password,
        audience: forAudience,
        scope,
      },
    });
  const enrol = await (await realm(`${domain}/mfa/`, 'enroll')).json();
  const associated = await (
    await request.post(`${domain}/mfa/associate`, {
      headers: { Authorization: `Bearer ${enrol.mfa_token}` },
      data: { authenticator_types: ['otp'] },
    })
  ).json();
  const otp = new TOTP({ secret: Secret.fromBase32(associated.secret) }).generate();
  const confirmed = await request.post(`${domain}/oauth/token`, {
    data: {
      grant_type: 'http://auth0.com/oauth/grant-type/mfa-otp',
      client_id: clientId,
      mfa_token: enrol.mfa_token,
      otp,
    },
  });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  const stopped = await (await realm(audience, 'openid profile email')).json();
  const signedIn = await request.post(`${domain}/oauth/token`, {
    data: {
      grant_type: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
      client_id: clientId,
      mfa_token: stopped.mfa_token,
      recovery_code: associated.recovery_codes[0],
    },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  return { ...user, accessToken: (await signedIn.json()).access_token };
}

/** The SAML metadata of the emulator's stand-in for the customer's identity provider. */
export async function outsideSamlMetadata(request: APIRequestContext): Promise<string> {
  const { domain } = await identityConfig(request);
  return (await request.get(`${domain}/idp/saml/metadata`)).text();
}

/** The issuer of the emulator's stand-in OIDC provider. */
export const outsideOidcIssuer = async (request: APIRequestContext) =>
  `${(await identityConfig(request)).domain}/idp/oidc`;

/** Signs in at the stand-in provider's page as `email` (the customer's identity provider). */
export async function signInAtOutsideProvider(page: Page, email: string, name: string) {
  await expect(page.getByText('The emulator plays your company’s identity provider here.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
