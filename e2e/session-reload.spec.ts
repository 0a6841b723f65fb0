import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures.ts';
import {
  expectedAuthFailures,
  expectSignedInHeader,
  openSignedIn,
  signInWithForm,
  signOutWithMenu,
  verifyEmail,
} from './support/identity.ts';
import { test } from './support/new-user.ts';

test.use({ allowedConsoleErrors: expectedAuthFailures });

// A page load restores the session from the kept profile and GET /api/user, not from the provider's
// /userinfo, which Auth0 (and the emulator, with its default limits) allows 5 times a minute per user
// after a burst of 10 (docs/decisions/0045-profile-from-token-and-api.md).

const profileKey = 'launchkit_profile';
const reloads = 30;
const maxSpinnerMs = 1_000;

type Span = [start: number, end: number];

type Watch = {
  sawSignIn: boolean;
  /** The frames the session's spinner showed: after hydration, until the page's heading. */
  spinner: Span[];
  /** The main thread's long tasks (over 50 ms): a busy machine stretches them, the session does not wait in them. */
  busy: Span[];
  /**
   * GET /api/user, asked until answered: over loopback, the server's time, which a busy machine stretches
   * too (its speed is bench:api's to measure). Every restore asks it once; the waits this test is about
   * are the session's own: the provider's /userinfo, a retry's timer.
   */
  api: Span[];
  contentAtMs: number | null;
};

declare global {
  interface Window {
    __restoreWatch?: Watch;
  }
}

/**
 * Runs in the page before its own scripts, at every frame (what is painted): whether the header ever
 * offers "Sign in", and when the session's spinner shows before the signed-in page's heading does.
 * From hydration on (root.tsx marks <html>): before it the document's own spinner waits for the
 * scripts, which a busy machine slows, not the session.
 */
function watchRestore() {
  const watch: Watch = { sawSignIn: false, spinner: [], busy: [], api: [], contentAtMs: null };
  window.__restoreWatch = watch;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) watch.busy.push([task.startTime, task.startTime + task.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const request of list.getEntries() as PerformanceResourceTiming[]) {
      if (new URL(request.name).pathname === '/api/user')
        watch.api.push([request.startTime, request.responseEnd]);
    }
  }).observe({ type: 'resource', buffered: true });
  const isShown = (element: Element) => element.getClientRects().length > 0;
  let spinnerSince: number | null = null;
  const frame = (now: number) => {
    const header = document.querySelector('[data-testid="site-header"]');
    const offers = header ? [...header.querySelectorAll('a, button')] : [];
    if (offers.some((element) => element.textContent?.trim() === 'Sign in' && isShown(element))) {
      watch.sawSignIn = true;
    }
    if (watch.contentAtMs === null) {
      if (spinnerSince !== null) watch.spinner.push([spinnerSince, now]);
      const isSpinning =
        Boolean(document.documentElement.dataset.hydrated) &&
        [...document.querySelectorAll('[role="status"] .spinner')].some(isShown);
      spinnerSince = isSpinning ? now : null;
      if (document.querySelector('#main h1')) watch.contentAtMs = now;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The page's watch once two more frames have passed (the last spinner frame is counted). */
const watchOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Watch | undefined>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__restoreWatch))),
      ),
  );

const length = ([start, end]: Span) => end - start;

/** The parts of `span` that `spans` cover, each instant counted once. */
function coveredMs(span: Span, spans: Span[]) {
  const inside = spans
    .map(([start, end]): Span => [Math.max(start, span[0]), Math.min(end, span[1])])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = span[0];
  for (const [start, end] of inside) {
    covered += Math.max(0, end - Math.max(start, reached));
    reached = Math.max(reached, end);
  }
  return covered;
}

/**
 * How long the spinner showed, in all, and while the page was waiting on neither its own scripts nor
 * the API's answer: the session's own wait (the provider, a retry's timer), which a busy machine does
 * not stretch.
 */
function spinnerTimes({ spinner, busy, api }: Watch) {
  const shownMs = spinner.reduce((sum, span) => sum + length(span), 0);
  const stretchedMs = spinner.reduce((sum, span) => sum + coveredMs(span, [...busy, ...api]), 0);
  return { shownMs: Math.round(shownMs), waitingMs: Math.round(shownMs - stretchedMs) };
}

/** Counts the page's calls to the provider's /userinfo. */
function countUserinfo(page: Page) {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/userinfo') calls.count++;
  });
  return calls;
}

test.describe('a signed-in page reloaded', () => {
  test('30 times within a minute: never the visitor header, never a spinner over a second, no /userinfo', async ({
    page,
    request,
    newUser: user,
  }) => {
    test.setTimeout(180_000);
    // A verified profile is kept for an hour (an unverified one a minute): the loop may take longer.
    await verifyEmail(request, user.email);
    const userinfo = countUserinfo(page);
    await page.addInitScript(watchRestore);
    // The watch sees a visitor's header (a public page's, before anyone signs in).
    await gotoHydrated(page, '/pricing');
    expect((await watchOf(page))?.sawSignIn, 'the watch sees the visitor header').toBe(true);
    // Only the access token is stored, as by an older version: nothing kept, so /userinfo once.
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    expect(userinfo.count).toBe(1);

    const startedAt = Date.now();
    const times: string[] = [];
    for (let load = 1; load <= reloads; load++) {
      const isSettings = load > reloads / 2;
      if (load === reloads / 2 + 1) await page.goto('/settings/general');
      else await page.reload();
      if (isSettings)
        await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
      else await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
      const watch = await watchOf(page);
      if (!watch) throw new Error(`load ${load}: the page was not watched`);
      expect(watch.contentAtMs, `load ${load}: the page's heading`).not.toBeNull();
      expect(watch.sawSignIn, `load ${load}: the header offered Sign in`).toBe(false);
      const { shownMs, waitingMs } = spinnerTimes(watch);
      times.push(`${waitingMs}/${shownMs}`);
      expect(
        waitingMs,
        `load ${load}: the spinner waited too long (waited/shown ms: ${times.join(' ')})`,
      ).toBeLessThanOrEqual(maxSpinnerMs);
    }
    await expectSignedInHeader(page);
    expect(userinfo.count, 'calls to /userinfo after the first load').toBe(1);
    test.info().annotations.push({
      type: 'reloads',
      description: `${reloads} loads in ${Date.now() - startedAt} ms; spinner waited/shown ms: ${times.join(' ')}`,
    });
  });

  test('the watch counts a real wait: the provider’s /userinfo held for 3 s shows as the spinner waiting', async ({
    page,
    request,
    newUser: user,
  }) => {
    await verifyEmail(request, user.email);
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    await page.addInitScript(watchRestore);
    // No profile kept, so the restore asks the provider as well as the API.
    await page.evaluate((key) => localStorage.removeItem(key), profileKey);
    // The watch counts from hydration on: the hold starts once the page is hydrated, so a slow hydration
    // does not use it up unseen.
    await page.route('**/userinfo', async (route) => {
      await page.waitForFunction(() => Boolean(document.documentElement.dataset.hydrated));
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    const watch = await watchOf(page);
    if (!watch) throw new Error('the page was not watched');
    expect(watch.api.length, 'the watch sees GET /api/user, whose time it leaves out').toBeGreaterThan(0);
    expect(spinnerTimes(watch).waitingMs).toBeGreaterThan(maxSpinnerMs);
  });

  test('after a form sign-in the ID token’s profile is kept: no /userinfo at all, and sign-out forgets it', async ({
    page,
    newUser: user,
  }) => {
    const userinfo = countUserinfo(page);
    await gotoHydrated(page, '/auth/signin');
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    const kept = await page.evaluate((key) => localStorage.getItem(key), profileKey);
    expect(JSON.parse(kept ?? 'null')?.profile).toMatchObject({ email: user.email, email_verified: false });

    await page.reload();
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    await expectSignedInHeader(page);
    expect(userinfo.count).toBe(0);

    await signOutWithMenu(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), profileKey)).toBeNull();
  });
});
