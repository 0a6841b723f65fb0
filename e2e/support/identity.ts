import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, gotoHydrated } from '../fixtures.ts';
import { recentLoginSeconds } from './server-settings.ts';

// Helpers for the sign-in tests: fresh users straight from the identity emulator (faster than the
// forms where the forms are not what a test is about), the dev outbox, and the Management API.

export const password = 'Correct-horse-9';

export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * The browser reports every 4xx answer in its console; the sign-in tests cause them on purpose
 * (a wrong password, a refused token), so these are not errors there.
 */
export const expectedAuthFailures = [/Failed to load resource: the server responded with a status of 4\d\d/];

type IdentityConfig = {
  domain: string;
  clientId: string;
  audience: string;
  connection: string;
  issuer: string;
};

let configCache: IdentityConfig | undefined;

export async function identityConfig(request: APIRequestContext): Promise<IdentityConfig> {
  if (configCache) return configCache;
  const response = await request.get('/api/identity-config');
  expect(response.ok(), 'GET /api/identity-config').toBeTruthy();
  configCache = (await response.json()).data as IdentityConfig;
  return configCache;
}

/** An access token for a database user, by the password-realm grant the sign-in form uses. */
export async function passwordToken(request: APIRequestContext, email: string, secret = password) {
  const config = await identityConfig(request);
  const response = await request.post(`${config.domain}/oauth/token`, {
    data: {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: config.connection,
      client_id: config.clientId,
      username: email,
      password: secret,
      scope: 'openid profile email',
      audience: config.audience,
    },
  });
  expect(response.ok(), `password grant for ${email}: ${await response.text()}`).toBeTruthy();
  return (await response.json()).access_token as string;
}

export type TestUser = { email: string; password: string; accessToken: string };

/** A new database user at the provider, with a fresh access token (its sign-in time is now). */
export async function createPasswordUser(request: APIRequestContext, label = 'user'): Promise<TestUser> {
  const config = await identityConfig(request);
  const email = uniqueEmail(label);
  const response = await request.post(`${config.domain}/dbconnections/signup`, {
    data: { client_id: config.clientId, connection: config.connection, email, password },
  });
  expect(response.ok(), `sign-up of ${email}: ${await response.text()}`).toBeTruthy();
  return { email, password, accessToken: await passwordToken(request, email) };
}

/**
 * Stores `accessToken` as a sign-in would, then opens `path` (which restores the session from it). A
 * path that leaves for a provider once the session is restored (the Billing tab, a purchase) may be
 * gone before its page is seen hydrated: leaving the site counts as arrived.
 */
export async function openSignedIn(page: Page, accessToken: string, path = '/dashboard') {
  await gotoHydrated(page, '/legal/terms-of-service');
  await page.evaluate((token) => window.localStorage.setItem('auth0_access_token', token), accessToken);
  const site = new URL(page.url()).origin;
  await page.goto(path);
  const hydrated = page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const left = page.waitForURL((url) => url.origin !== site);
  // The one that loses waits until the page closes: its failure then is no news.
  hydrated.catch(() => {});
  left.catch(() => {});
  await Promise.race([hydrated, left]);
}

/** A new password user (see createPasswordUser), already signed in on `page` at `path`. */
export async function openSignedInAsNewUser(
  page: Page,
  request: APIRequestContext,
  label: string,
  path: string,
): Promise<TestUser> {
  const user = await createPasswordUser(request, label);
  await openSignedIn(page, user.accessToken, path);
  return user;
}

/** The server's record of the user (GET /api/user's data): their plan, seats and profile. */
export async function userDocument(request: APIRequestContext, accessToken: string) {
  const response = await request.get('/api/user', { headers: { Authorization: `Bearer ${accessToken}` } });
  return (await response.json()).data;
}

/** The subject id of an access token (its `sub` claim), which is the user's uid. */
export function subjectOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub as string;
}

/** Opens `path` signed out, and expects to be sent to sign in first, with `path` as where to go next. */
export async function expectSignInRequired(page: Page, path: string) {
  await gotoHydrated(page, path);
  await expect(page).toHaveURL(new RegExp(`/auth/signin\\?next=${encodeURIComponent(path)}$`));
}

/** Fills and sends the sign-in form of /auth/signin. */
export async function signInWithForm(page: Page, email: string, secret = password) {
  const form = page.getByTestId('auth-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(secret);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The first link in the newest mail to `to` with this subject, waiting for it to arrive. */
export async function linkFromMail(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mail = ((await response.json()).data as { subject: string; text: string }[]).find(
          (message) => message.subject === subject,
        );
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `a '${subject}' mail to ${to}` },
    )
    .toBeTruthy();
  return link as string;
}

/** Opens the newest verification link the provider mailed to `email`, as its owner would. */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const link = await linkFromMail(request, email, 'Verify your email');
  const page = await request.get(link);
  expect(page.status(), `the verification link for ${email}`).toBe(200);
}

/** Blocks a user at the provider through the Management API, as an administrator would. */
export async function blockUser(request: APIRequestContext, userId: string) {
  const { domain } = await identityConfig(request);
  const tokenResponse = await request.post(`${domain}/oauth/token`, {
    data: {
      grant_type: 'client_credentials',
      client_id: 'launchkit-api',
      client_secret: 'dev-management-secret',
      audience: `${domain}/api/v2/`,
    },
  });
  expect(tokenResponse.ok(), `management token: ${await tokenResponse.text()}`).toBeTruthy();
  const { access_token: managementToken } = await tokenResponse.json();
  const response = await request.patch(`${domain}/api/v2/users/${encodeURIComponent(userId)}`, {
    headers: { Authorization: `Bearer ${managementToken}` },
    data: { blocked: true },
  });
  expect(response.ok(), `blocking ${userId}: ${await response.text()}`).toBeTruthy();
}

/** Waits until the top bar shows the signed-in variant (desktop width). */
export async function expectSignedInHeader(page: Page) {
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
}

/** Waits until the top bar shows the visitor variant (desktop width). */
export async function expectSignedOutHeader(page: Page) {
  const header = page.getByTestId('site-header');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Account' })).toHaveCount(0);
}

/** Signs out from the account menu, and waits for the sign-out to land on the home page. */
export async function signOutWithMenu(page: Page) {
  const header = page.getByTestId('site-header');
  await header.getByRole('button', { name: 'Account' }).click();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Clicks a provider button and answers the emulator's consent page in the popup as `email`'s account. */
export async function continueWithProvider(page: Page, provider: string, email: string, name: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  const popup = await popupOpened;
  await popup.getByLabel(/Email/).fill(email);
  await popup.getByLabel(/Name/).fill(name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await closed;
}

/** Waits until the page's sign-in is too old for a sensitive change, which then asks to sign in again. */
export async function waitUntilSignInIsOld(page: Page) {
  await page.waitForTimeout((recentLoginSeconds + 1) * 1000);
}

/** The dialog that asks to sign in again before a sensitive change. */
export const reauthDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Please sign in again to complete this action' });

/** Answers the sign-in-again dialog with the password. */
export async function signInAgain(page: Page, secret: string) {
  const reauth = reauthDialog(page);
  await reauth.getByLabel('Password').fill(secret);
  await reauth.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits for `done`, signing in again first if the dialog asks for it: on a slow machine even a fresh
 * sign-in can grow too old before the change is sent.
 */
export async function signInAgainIfAsked(
  page: Page,
  secret: string,
  done: Locator,
  { timeout }: { timeout?: number } = {},
) {
  const reauth = reauthDialog(page);
  await expect(done.or(reauth)).toBeVisible({ timeout });
  if (await reauth.isVisible()) await signInAgain(page, secret);
}
