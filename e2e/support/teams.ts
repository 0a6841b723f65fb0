import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, gotoHydrated } from '../fixtures.ts';
import { grantTrialPlan } from './billing.ts';
import {
  expectedAuthFailures,
  identityConfig,
  password,
  passwordToken,
  type TestUser,
  uniqueEmail,
  verifyEmail,
} from './identity.ts';

/**
 * The console errors a teams story expects: refusals (4xx) are part of them, and a stream the server
 * ends is aborted by the browser.
 */
export const consoleErrors = [new RegExp(`${expectedAuthFailures[0]?.source}|net::ERR_FAILED`)];

// Helpers for the teams tests (docs/team.md): people with known names, invitations through the real
// API and the dev outbox, a second person in a browser of their own, and the workspace switcher.

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/**
 * A new database user at the provider with a name, so the workspace's label (`<name>'s workspace`)
 * is known to the test. The email may be given: an invitee signs up with the address invited.
 */
export async function createNamedUser(
  request: APIRequestContext,
  name: string,
  email = uniqueEmail(name.split(' ')[0]?.toLowerCase()),
): Promise<TestUser & { name: string }> {
  const config = await identityConfig(request);
  const response = await request.post(`${config.domain}/dbconnections/signup`, {
    data: { client_id: config.clientId, connection: config.connection, email, password, name },
  });
  expect(response.ok(), `sign-up of ${email}: ${await response.text()}`).toBeTruthy();
  return { email, password, name, accessToken: await passwordToken(request, email) };
}

/** A name unique to this run, so that a label found on a page belongs to this test's owner. */
export const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

/** A workspace owner named `first` (made unique) whose pro plan, on trial, has `seats` seats. */
export async function ownerWithSeats(request: APIRequestContext, first: string, seats: number) {
  const owner = await createNamedUser(request, uniqueName(first));
  await grantTrialPlan(request, owner, 'pro', seats);
  return owner;
}

/**
 * Each teams test signs up two or three people (a password hash each) and starts a plan at the payment
 * emulator: about 20 s alone, more beside another worker on a busy 2-core machine.
 */
export const testTimeout = 60_000;

/** `<ownerName>'s workspace`, the label the switcher and the messages use for someone else's workspace. */
export const workspaceOf = (owner: { name: string }) => `${owner.name}'s workspace`;

/** A member as the owner's list (`GET /api/sub-users`) shows it. */
export type Member = {
  id: string;
  email: string;
  status: 'invited' | 'expired' | 'member';
  memberId: string | null;
  hasSeat: boolean;
};

// "sub-users" in the URLs and test ids: the API's paths and the list's test ids since the first release.

/** Adds a person through the API (as the owner's other device would); the server mails the invitation. */
export async function inviteWithApi(request: APIRequestContext, owner: TestUser, email: string) {
  const response = await request.post('/api/sub-users', {
    headers: bearer(owner.accessToken),
    data: { firstName: 'Invited', lastName: 'Person', email },
  });
  expect(response.status(), `POST /api/sub-users: ${await response.text()}`).toBe(201);
  return (await response.json()).data as Member;
}

export async function membersOf(request: APIRequestContext, owner: TestUser) {
  const response = await request.get('/api/sub-users', { headers: bearer(owner.accessToken) });
  expect(response.ok(), `GET /api/sub-users: ${await response.text()}`).toBeTruthy();
  return (await response.json()).data as Member[];
}

/** The ids of the workspaces a person can open (their own first), as the server sees it. */
export async function workspaceIdsOf(request: APIRequestContext, person: TestUser) {
  const response = await request.get('/api/workspaces', { headers: bearer(person.accessToken) });
  expect(response.ok(), `GET /api/workspaces: ${await response.text()}`).toBeTruthy();
  return ((await response.json()).data as { id: string }[]).map((workspace) => workspace.id);
}

/**
 * The invitation link of the newest mail to `to` that carries one, waiting for it to arrive. The
 * token travels in the fragment (`/invitation#<token>`), so it never reaches a server or a log.
 */
export async function invitationLinkFor(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()).data as { text: string }[];
        link = mails
          .map((mail) => mail.text.match(/https?:\/\/\S+\/invitation#[A-Za-z0-9_-]+/)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `an invitation mail to ${to}` },
    )
    .toBeTruthy();
  return link as string;
}

export const tokenOf = (link: string) => new URL(link).hash.slice(1);

/** Joins through the API, for tests whose subject is what comes after joining. */
export async function acceptWithApi(request: APIRequestContext, person: TestUser, link: string) {
  const response = await request.post('/api/invitations/accept', {
    headers: bearer(person.accessToken),
    data: { token: tokenOf(link) },
  });
  expect(response.status(), `POST /api/invitations/accept: ${await response.text()}`).toBe(200);
}

/** Invites a new person (with a name of their own) and has them join: a member of `owner`'s workspace. */
export async function joinedMember(request: APIRequestContext, owner: TestUser, name = uniqueName('Mia')) {
  const email = uniqueEmail('member');
  await inviteWithApi(request, owner, email);
  const link = await invitationLinkFor(request, email);
  const member = await createNamedUser(request, name, email);
  await verifyEmail(request, email);
  await acceptWithApi(request, member, link);
  return member;
}

/** Adds an item to someone's workspace through the API (`?workspace=<owner uid>`). */
export async function addItemToWorkspace(
  request: APIRequestContext,
  person: TestUser,
  workspace: string,
  name: string,
) {
  const response = await request.post(`/api/items?workspace=${encodeURIComponent(workspace)}`, {
    headers: bearer(person.accessToken),
    data: { name },
  });
  expect(response.status(), `POST /api/items: ${await response.text()}`).toBe(201);
}

/** Opens an invitation link in a fresh tab of `context`: a fragment-only change would not load the page anew. */
export async function openInvitation(context: BrowserContext, link: string) {
  const page = await context.newPage();
  await gotoHydrated(page, link);
  return page;
}

/** The top bar's workspace switcher; its accessible name is `Workspace: <current label>`. */
export const workspaceButton = (page: Page) =>
  page.getByTestId('site-header').getByRole('button', { name: /^Workspace:/ });

/** Chooses a workspace in the top bar's switcher and waits until the bar names it. */
export async function switchWorkspace(page: Page, label: string) {
  await workspaceButton(page).click();
  await page.getByRole('menuitemradio', { name: label, exact: true }).click();
  await expect(workspaceButton(page)).toHaveAccessibleName(`Workspace: ${label}`);
}

/** The owner-only entries of the signed-in navigation, found after opening the Account menu. */
export async function ownerOnlyNavEntries(page: Page) {
  const header = page.getByTestId('site-header');
  await header.getByRole('button', { name: 'Account' }).click();
  // The menu is open once Sign out shows, so an entry's absence is not read too early.
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  return {
    userManagement: header.getByRole('link', { name: /^User management$/i }),
    activity: header.getByRole('link', { name: 'Activity', exact: true }),
  };
}

/** A row of the user management list, found by the person's email. */
export const memberRow = (page: Page, email: string) =>
  page.getByTestId('sub-user-row').filter({ hasText: email });

/** Where a person of the user management list stands: `Invited`, `Member`, … (and `No seat`). */
export const memberStatus = (page: Page, email: string) =>
  memberRow(page, email).getByTestId('sub-user-status');

/** Adds a person through User Management's Add User dialog; the dialog is returned for what follows. */
export async function addUserWithDialog(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByTestId('sub-users').getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('First name').fill(person.first);
  await dialog.getByLabel('Last name').fill(person.last);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  return dialog;
}

/** Fills and sends the sign-up form of /auth/signup. */
export async function signUpWithForm(page: Page, email: string) {
  const form = page.getByTestId('auth-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();
}

/**
 * A second person's browser: a context of its own (its own storage, so its own session), whose pages'
 * errors are collected as the `pageErrors` fixture does for the first page; `close` asserts there were none.
 */
export async function secondBrowser(browser: Browser, allowedConsoleErrors: RegExp[]) {
  const context = await browser.newContext();
  const errors: string[] = [];
  context.on('page', (opened) => watchErrors(opened, errors, allowedConsoleErrors));
  const page = await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close();
      expect(errors, "errors in the second person's browser console").toEqual([]);
    },
  };
}

function watchErrors(page: Page, errors: string[], allowed: RegExp[]) {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(text))) errors.push(text);
  });
}

/**
 * Records, in the page, the moment (`Date.now()`, the machine's clock) an alert containing `text`
 * first appears, so a delay can be measured without the test's polling in it. Returns a reader.
 */
export async function recordAlertTime(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const target = window as unknown as { __alertSeenAt?: number };
    delete target.__alertSeenAt;
    const check = () => {
      const seen = Array.from(document.querySelectorAll('[role="alert"]')).some((alert) =>
        alert.textContent?.includes(wanted),
      );
      if (seen && target.__alertSeenAt === undefined) {
        target.__alertSeenAt = Date.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  }, text);
  return () => page.evaluate(() => (window as unknown as { __alertSeenAt?: number }).__alertSeenAt);
}
