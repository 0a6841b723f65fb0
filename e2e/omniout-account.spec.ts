import { randomBytes } from 'node:crypto';
import { plans } from '@launchkit/plans';
import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from './fixtures.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  identityConfig,
  openSignedIn,
  openSignedInAsNewUser,
  subjectOf,
} from './support/identity.ts';
import { test } from './support/new-user.ts';

// The hosted pricing/account app (docs/billing.md "Hosted pricing/account app"): /omniout/ and
// /omniout/myAccount.html?c__accountToken=<uid>, which shows account data only when the API,
// verifying the stored token, answers for that very uid.

const accountPath = (uid: string) => `/omniout/myAccount.html?c__accountToken=${encodeURIComponent(uid)}`;

/** Stores a session as the web app does (the token bare, the uid JSON-quoted), then opens `path`. */
async function openWithStoredSession(page: Page, path: string, session: { token: string; uid: string }) {
  await page.goto('/omniout/');
  await page.evaluate(({ token, uid }) => {
    window.localStorage.setItem('auth0_access_token', token);
    window.localStorage.setItem('__user_id', JSON.stringify(uid));
  }, session);
  await page.goto(path);
}

/** GET /api/user with a real token: creates the user document, so there is data that could leak. */
async function ensureUserDocument(request: APIRequestContext, accessToken: string) {
  const response = await request.get('/api/user', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.ok(), `GET /api/user: ${await response.text()}`).toBeTruthy();
}

/** The value (dd) of the account field whose term (dt) is `term`. */
const fieldValue = (scope: Page | FrameLocator, term: string): Locator =>
  scope
    .locator('dl > div')
    .filter({ has: scope.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

async function expectSignInPrompt(scope: Page | FrameLocator) {
  await expect(scope.getByRole('heading', { name: 'Sign in to see your account.' })).toBeVisible();
  const signIn = scope.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('href', '/auth/signin?next=/myAccount');
  await expect(signIn).toHaveAttribute('target', '_top');
  await expect(scope.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await expect(scope.getByRole('status')).toBeHidden();
}

/** Not shown and not in the document at all (textContent includes hidden elements). */
async function expectNotInPage(page: Page, texts: string[]) {
  for (const text of texts) await expect(page.locator('html')).not.toContainText(text);
  const html = await page.content();
  for (const text of texts) expect(html).not.toContain(text);
}

/** A token that looks like the provider's (same claims, subject `uid`) but that it never signed. */
function forgedToken(uid: string, config: { issuer: string; audience: string }, alg: 'RS256' | 'none') {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = part({ alg, typ: 'JWT', kid: 'forged-key' });
  const payload = part({
    iss: config.issuer,
    sub: uid,
    aud: config.audience,
    iat: now,
    exp: now + 3600,
    scope: 'openid profile email',
  });
  const signature = alg === 'none' ? '' : randomBytes(256).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

test.describe('/myAccount frame', () => {
  test('a signed-in user sees their own account: email, No plan, 0 of 0 seats, billing', async ({
    page,
    newUser: user,
  }) => {
    await openSignedIn(page, user.accessToken, '/myAccount');
    const frame = page.frameLocator('[data-testid="my-account-frame"]');

    await expect(frame.getByRole('region', { name: 'Subscription' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(fieldValue(frame, 'Email')).toHaveText(user.email);
    await expect(fieldValue(frame, 'Plan')).toHaveText('No plan');
    // Said once: no Status row repeats it.
    await expect(frame.locator('dt', { hasText: /^Status$/ })).toBeHidden();
    await expect(fieldValue(frame, 'Seats')).toHaveText('0 of 0 used');
    await expect(frame.locator('dt', { hasText: /^(Trial ends|Renews on)$/ })).toBeHidden();
    await expect(frame.getByRole('status')).toBeHidden();

    await expect(frame.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    const choose = frame.getByRole('link', { name: 'Choose a plan' });
    await expect(choose).toHaveAttribute('href', '/pricing');
    await expect(choose).toHaveAttribute('target', '_top');
    await expect(frame.getByRole('heading', { name: 'Sign in to see your account.' })).toBeHidden();
  });

  test("another user's uid shows no account data", async ({ page, request }) => {
    const [first, second] = await Promise.all([
      createPasswordUser(request, 'omniout-first'),
      createPasswordUser(request, 'omniout-second'),
    ]);
    await ensureUserDocument(request, first.accessToken);
    await ensureUserDocument(request, second.accessToken);

    const userAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user' && response.frame() === page.mainFrame(),
    );
    await openWithStoredSession(page, accountPath(subjectOf(second.accessToken)), {
      token: first.accessToken,
      uid: subjectOf(first.accessToken),
    });
    // The page did ask, and the server answered for the first user: the page still shows nothing.
    expect((await userAnswer).status()).toBe(200);
    await expectSignInPrompt(page);
    await expectNotInPage(page, [first.email, second.email]);
  });

  test('without a session (a fresh browser context) a real uid shows the sign-in prompt and asks the API nothing', async ({
    page,
    request,
  }) => {
    const user = await createPasswordUser(request, 'omniout-nosession');
    await ensureUserDocument(request, user.accessToken);
    const apiCalls: string[] = [];
    page.on('request', (call) => {
      if (new URL(call.url()).pathname.startsWith('/api/')) apiCalls.push(call.url());
    });
    await page.goto(accountPath(subjectOf(user.accessToken)));
    await expectSignInPrompt(page);
    await expectNotInPage(page, [user.email]);
    expect(apiCalls).toEqual([]);
  });

  test.describe('a forged token', () => {
    test.use({ allowedConsoleErrors: expectedAuthFailures });

    for (const alg of ['RS256', 'none'] as const) {
      test(`(alg ${alg}) with the user's uid shows no account data`, async ({ page, request }) => {
        const user = await createPasswordUser(request, `omniout-forged-${alg.toLowerCase()}`);
        await ensureUserDocument(request, user.accessToken);
        const uid = subjectOf(user.accessToken);
        const token = forgedToken(uid, await identityConfig(request), alg);

        const userAnswer = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/user',
        );
        await openWithStoredSession(page, accountPath(uid), { token, uid });
        expect((await userAnswer).status()).toBe(401);
        await expectSignInPrompt(page);
        await expectNotInPage(page, [user.email]);
      });
    }
  });
});

test.describe('/pricing frame', () => {
  test("offers the three plans per seat, monthly or yearly, each with a 'Choose' link to /purchase in the top window", async ({
    page,
  }) => {
    await page.goto('/pricing');
    const frame = page.frameLocator('[data-testid="pricing-frame"]');
    // Both periods' links are in the page; only the chosen period's are shown (once its stylesheet is in).
    await expect(frame.getByRole('link', { name: /^Choose / })).toHaveCount(3);
    for (const [period, query] of [
      ['month', ''],
      ['year', '?period=year'],
    ] as const) {
      if (period === 'year') await frame.getByRole('radio', { name: /Yearly/ }).check();
      for (const plan of plans) {
        const card = frame.getByRole('article', { name: plan.name, exact: true });
        await expect(card).toContainText(`per seat / ${period}`);
        await expect(card).toContainText(`Starts with ${plan.seats} seat`);
        const choose = card.getByRole('link', { name: `Choose ${plan.name}` });
        await expect(choose).toHaveAttribute('href', `/purchase/${plan.id}${query}`);
        await expect(choose).toHaveAttribute('target', '_top');
      }
    }
  });

  for (const width of [375, 320]) {
    test(`at ${width} px every plan and its button fit the 950 px frame, monthly and yearly, with no scroll inside it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/pricing');
      const frameElement = page.getByTestId('pricing-frame');
      await frameElement.scrollIntoViewIfNeeded();
      const frame = page.frameLocator('[data-testid="pricing-frame"]');
      await expect(frame.getByRole('link', { name: /^Choose / })).toHaveCount(3);
      for (const period of ['Monthly', 'Yearly']) {
        await frame.getByRole('radio', { name: new RegExp(period) }).check();
        const inner = await frame
          .locator('html')
          .evaluate((html) => ({ scrollHeight: html.scrollHeight, clientHeight: html.clientHeight }));
        expect(inner.scrollHeight, `${period}: the frame scrolls on its own`).toBeLessThanOrEqual(
          inner.clientHeight,
        );
        const frameBox = await frameElement.boundingBox();
        for (const plan of plans) {
          const choose = frame.getByRole('link', { name: `Choose ${plan.name}` });
          const box = await choose.boundingBox();
          expect(
            box && frameBox && box.y + box.height <= frameBox.y + frameBox.height,
            `${period}: ${plan.name}`,
          ).toBe(true);
          // Clickable where it is: nothing covers it.
          await choose.click({ trial: true });
        }
      }
    });
  }
});

test.describe('accessibility', () => {
  for (const width of [1280, 375]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the pricing page has no axe violations, monthly or yearly', async ({ page }) => {
        await page.goto('/omniout/');
        await expect(page.getByRole('link', { name: /^Choose / })).toHaveCount(3);
        await expectNoAxeViolations(page);
        await page.getByRole('radio', { name: /Yearly/ }).check();
        await expect(page.getByText('Save $24')).toBeVisible();
        await expectNoAxeViolations(page);
      });

      test('the account page, signed in and signed out, has no axe violations', async ({ page, request }) => {
        const user = await createPasswordUser(request, 'omniout-axe');
        const uid = subjectOf(user.accessToken);
        await openWithStoredSession(page, accountPath(uid), { token: user.accessToken, uid });
        await expect(page.getByRole('region', { name: 'Subscription' })).toBeVisible();
        await expectNoAxeViolations(page);

        await page.evaluate(() => window.localStorage.clear());
        await page.reload();
        await expectSignInPrompt(page);
        await expectNoAxeViolations(page);
      });

      // axe looks into frames too: the framed pages' landmarks must not clash with the app's.
      test('the app pages that frame them have no axe violations', async ({ page, request }) => {
        await page.goto('/pricing');
        await expect(
          page.frameLocator('[data-testid="pricing-frame"]').getByRole('link', { name: /^Choose / }),
        ).toHaveCount(3);
        await expectNoAxeViolations(page);

        await openSignedInAsNewUser(page, request, 'omniout-axe-app', '/myAccount');
        await expect(
          page.frameLocator('[data-testid="my-account-frame"]').getByRole('region', { name: 'Subscription' }),
        ).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  }
});
