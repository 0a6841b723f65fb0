import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import {
  advanceClock,
  expectPlanRecord,
  grantTrialPlan,
  longDateUtc,
  openSignedInOnTrial,
  paymentsOrigin,
  payWithCard,
  stripe,
  testCards,
  updateCardInPortal,
} from './support/billing.ts';
import {
  expectedAuthFailures,
  openSignedIn,
  openSignedInAsNewUser,
  password,
  uniqueEmail,
  userDocument,
} from './support/identity.ts';
import { addItemWithApi, createUserWithItem, itemRow } from './support/workspace.ts';

// Plans bought through the real `stripe` SDK on the server, the payment emulator's hosted pages in the
// browser, and the emulator's signed webhooks into the product (docs/billing.md).

// The hosted Checkout page answers a declined card with 402, which the browser logs, and the API
// refuses featuring after a plan ended. One pattern: a two-element array would read as [value, options].
const [refusedCall] = expectedAuthFailures;
test.use({ allowedConsoleErrors: [new RegExp(`${refusedCall?.source}|status of 402`)] });

const currentPlan = (page: import('@playwright/test').Page) => page.getByTestId('dashboard-plan');

test.describe('buying a plan', () => {
  test('a visitor chooses Pro in the pricing frame, signs up, pays with 4242 and lands with Pro active', async ({
    page,
  }) => {
    await gotoHydrated(page, '/pricing');
    const frame = page.frameLocator('iframe[title]').first();
    await frame.getByRole('link', { name: 'Choose Pro' }).click();
    await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fpurchase%2Fpro$/);

    const form = page.getByTestId('auth-form');
    await form.getByLabel('Email').fill(uniqueEmail('buyer'));
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password').fill(password);
    await form.getByRole('button', { name: 'Sign up' }).click();

    await payWithCard(page, testCards.success);
    await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
    await expect(page.getByTestId('purchase-notice')).toContainText('Your plan is now active.');
    await expect(currentPlan(page)).toContainText('Pro');
    await expect(currentPlan(page)).toContainText('Active');
    await expect(currentPlan(page)).toContainText('Max Users Creation: 5');

    // With an active plan, /purchase goes to the Billing tab, which opens the billing portal.
    const visited: string[] = [];
    page.on('framenavigated', (navigated) => {
      if (navigated === page.mainFrame()) visited.push(navigated.url());
    });
    await page.goto('/purchase/pro');
    await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/p/session/`));
    expect(visited.some((url) => url.endsWith('/settings/billing'))).toBe(true);
    await expect(page.getByText('Pro').first()).toBeVisible();
  });

  for (const [card, message] of [
    [testCards.declined, 'Your card was declined.'],
    [testCards.insufficientFunds, 'Your card has insufficient funds.'],
  ] as const) {
    test(`card ${card.slice(-4)} shows “${message}” and activates nothing`, async ({ page, request }) => {
      const user = await openSignedInAsNewUser(page, request, 'declined', '/purchase/business');
      await payWithCard(page, card);
      await expect(page.getByRole('alert')).toContainText(message);
      await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/c/pay/`));

      await gotoHydrated(page, '/dashboard');
      await expect(currentPlan(page)).toContainText('No plan');
      const [customer] = (await stripe.customers.list({ email: user.email })).data;
      expect((await stripe.subscriptions.list({ customer: customer?.id ?? '', status: 'all' })).data).toEqual(
        [],
      );
    });
  }

  test('the 3-D Secure card completes after its confirmation step', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'three-d-secure', '/purchase/starter');
    await payWithCard(page, testCards.threeDSecure);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
    await expect(currentPlan(page)).toContainText('Starter');
    await expect(currentPlan(page)).toContainText('Active');
    await expect(currentPlan(page)).toContainText('Max Users Creation: 1');
  });

  test('leaving checkout returns to the pricing page with no plan', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'cancel-checkout', '/purchase/pro');
    await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/c/pay/`));
    await page
      .getByRole('link', { name: /back|cancel/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a plan name that does not exist shows why, with a way back', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'unknown-plan', '/purchase/platinum');
    await expect(page.getByRole('alert')).toContainText('There is no plan called “platinum”.');
    await expect(page.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  test('without a plan, the Billing tab goes to the pricing page', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'billing-tab', '/settings/billing');
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('the billing portal', () => {
  test('changing seats changes the seat limit; cancelling ends the plan and featuring is refused', async ({
    page,
    request,
  }) => {
    const user = await createUserWithItem(request, 'portal', 'Portal star');
    await grantTrialPlan(request, user, 'business', 3);

    await openSignedIn(page, user.accessToken, '/settings/billing');
    await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/p/session/`));
    await page.getByLabel(/seats/i).fill('8');
    await page.getByRole('button', { name: /update seats|change seats|save seats/i }).click();
    await page.getByRole('link', { name: /return to/i }).click();
    await expect(page).toHaveURL(/\/dashboard\?from=billing$/);
    await expect(currentPlan(page)).toContainText('Max Users Creation: 8');
    const star = itemRow(page, 'Portal star').getByRole('button', { name: 'Feature Portal star' });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    // The Billing tab leaves for the portal at once, so the page is not waited on to hydrate.
    await page.goto('/settings/billing');
    await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/p/session/`));
    await page.getByRole('button', { name: /cancel now|cancel plan now|cancel immediately/i }).click();
    await page.getByRole('link', { name: /return to/i }).click();
    await expect(currentPlan(page)).toContainText('Canceled');
    await expect(currentPlan(page)).toContainText('Max Users Creation: 0');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await itemRow(page, 'Portal star').getByRole('button', { name: 'Feature Portal star' }).click();
    await expect
      .poll(() => alerts)
      .toEqual(['You must upgrade to the organization plan to use this feature']);
    const refused = await request.patch(
      `/api/items/${(await addItemWithApi(request, user.accessToken, 'x')).id}`,
      {
        headers: { Authorization: `Bearer ${user.accessToken}` },
        data: { featured: true },
      },
    );
    expect(refused.status()).toBe(403);
  });
});

test('My Account shows the plan and its Manage billing button opens the portal', async ({
  page,
  request,
}) => {
  const { user } = await openSignedInOnTrial(page, request, 'my-account-billing', '/myAccount', {
    plan: 'pro',
    seats: 5,
  });
  const account = page.frameLocator('[data-testid="my-account-frame"]');
  await expect(account.getByText(user.email)).toBeVisible();
  await expect(account.getByText('0 of 5 used')).toBeVisible();
  await account.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${paymentsOrigin}/p/session/`));
  await expect(page.getByText(user.email)).toBeVisible();
});

test.describe('trials', () => {
  test.use({ timezoneId: 'UTC' });

  test('a trial shows the banner with its end date; advancing the clock past it ends the trial', async ({
    page,
    request,
  }) => {
    const { user, customer, subscription } = await openSignedInOnTrial(
      page,
      request,
      'trial-clock',
      '/dashboard',
      {
        plan: 'pro',
        seats: 5,
        days: 14,
      },
    );
    const banner = page.getByTestId('trial-banner');
    await expect(banner).toContainText(longDateUtc(new Date((subscription.trial_end ?? 0) * 1000)));
    await expect(currentPlan(page)).toContainText('Trialing');

    await advanceClock(customer, 15 * 24 * 3600);
    await expect
      .poll(async () => (await userDocument(request, user.accessToken)).stripeSubscriptionStatus)
      .not.toBe('trialing');
    await page.reload();
    await expect(page.getByTestId('trial-banner')).toHaveCount(0);
    await expect(currentPlan(page)).not.toContainText('Trialing');
  });
});

test.describe('a trial without a card', () => {
  test.use({ timezoneId: 'UTC' });

  test('pauses at its end as configured; a card added in the portal resumes the plan at once', async ({
    page,
    request,
  }) => {
    const { user, customer } = await openSignedInOnTrial(page, request, 'trial-pause', '/dashboard', {
      plan: 'pro',
      seats: 5,
      days: 14,
      endWithoutCard: 'pause',
    });
    await advanceClock(customer, 15 * 24 * 3600);
    await expectPlanRecord(request, user.accessToken, 'paused/0');

    await gotoHydrated(page, '/dashboard');
    const banner = page.getByRole('region', { name: 'Billing' });
    await expect(banner).toContainText('Your trial has ended, and your plan is paused.');
    await expect(currentPlan(page)).toContainText('Paused since');
    await expectNoAxeViolations(page);
    await banner.getByRole('link', { name: 'Add a card' }).click();
    await updateCardInPortal(page, 'Ada Lovelace');

    await expectPlanRecord(request, user.accessToken, 'active/5');
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
  });
});
