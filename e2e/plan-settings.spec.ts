import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { expectPlanRecord, grantTrialPlan, payWithCard, testCards } from './support/billing.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  openSignedIn,
  openSignedInAsNewUser,
  password,
  uniqueEmail,
} from './support/identity.ts';
import { inviteWithApi } from './support/teams.ts';

// Settings → Plan (docs/billing.md): yearly billing bought from the pricing frame, and the plan, period
// and seats changed in the product — previewed, confirmed at the previewed price, listed as invoices —
// through the real `stripe` SDK on the server and the payment emulator.

// A refused preview is a 4xx answer, which the browser logs.
test.use({ allowedConsoleErrors: expectedAuthFailures });

const summary = (page: Page) => page.getByTestId('plan-summary');
const changeForm = (page: Page) => page.getByTestId('plan-change-form');

/** The value (dd) of the summary's `term` (dt). */
const detail = (page: Page, term: string) =>
  summary(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

/** A new user who bought Pro monthly at checkout (card 4242), signed in on the Plan tab. */
async function buyerOnPlanTab(page: Page, request: APIRequestContext, label: string) {
  const user = await openSignedInAsNewUser(page, request, label, '/purchase/pro');
  await payWithCard(page, testCards.success);
  await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
  await expectPlanRecord(request, user.accessToken, 'active/5');
  await gotoHydrated(page, '/settings/plan');
  await expect(detail(page, 'Billing period')).toHaveText('Monthly');
  return user;
}

/** Previews the form's change, checks the preview shows, then confirms it; answers "Due today". */
async function previewAndConfirm(page: Page): Promise<string> {
  await changeForm(page).getByRole('button', { name: 'Preview change' }).click();
  const preview = page.getByTestId('plan-preview');
  await expect(preview.getByRole('heading', { name: 'What this change costs' })).toBeFocused();
  await expect(preview.getByTestId('plan-preview-next')).toContainText('Next renewal:');
  const due = (await preview.getByTestId('plan-preview-due').textContent()) ?? '';
  await changeForm(page).getByRole('button', { name: 'Confirm change' }).click();
  await expect(changeForm(page).getByRole('status')).toContainText('Your plan has changed:');
  await expect(preview).toHaveCount(0);
  return due;
}

test('a visitor chooses Pro yearly in the pricing frame, signs up, pays, and the Plan tab shows Yearly', async ({
  page,
}) => {
  await gotoHydrated(page, '/pricing');
  const frame = page.frameLocator('[data-testid="pricing-frame"]');
  const pro = frame.getByRole('article', { name: 'Pro', exact: true });
  await expect(pro).toContainText('per seat / month');
  await frame.getByRole('radio', { name: /Yearly/ }).check();
  await expect(pro).toContainText('$120 per seat / year');
  await expect(pro).toContainText('Save $24');
  await pro.getByRole('link', { name: 'Choose Pro' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fpurchase%2Fpro%3Fperiod%3Dyear$/);

  const form = page.getByTestId('auth-form');
  await form.getByLabel('Email').fill(uniqueEmail('yearly-buyer'));
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();

  await payWithCard(page, testCards.success);
  await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
  await expect(page.getByTestId('dashboard-plan')).toContainText('Active');
  await gotoHydrated(page, '/settings/plan');
  await expect(detail(page, 'Plan')).toHaveText('Pro');
  await expect(detail(page, 'Billing period')).toHaveText('Yearly');
  await expect(detail(page, 'Price')).toHaveText('$120 per seat / year');
  await expect(page.getByTestId('invoice-row').first()).toContainText('$600');
});

test('monthly → yearly: the preview charges what the new invoice totals', async ({ page, request }) => {
  await buyerOnPlanTab(page, request, 'plan-to-yearly');
  await changeForm(page)
    .getByRole('radio', { name: /Yearly/ })
    .check();
  const due = await previewAndConfirm(page);
  expect(due).toMatch(/^\$\d/);
  await expect(changeForm(page).getByRole('status')).toContainText('billed monthly → yearly');
  await expect(detail(page, 'Billing period')).toHaveText('Yearly');
  // The newest invoice (first) is the change's: its total is what the preview said was due today.
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await expect(page.getByTestId('invoice-row').first().getByTestId('invoice-total')).toHaveText(due);
  await expect(
    page
      .getByTestId('invoice-row')
      .first()
      .getByRole('link', { name: /^View invoice/ }),
  ).toHaveAttribute('target', '_blank');
});

test('a seat added, then removed: the summary and the seat limit follow', async ({ page, request }) => {
  const user = await createPasswordUser(request, 'plan-seats');
  await grantTrialPlan(request, user, 'pro', 5);
  await openSignedIn(page, user.accessToken, '/settings/plan');
  await expect(detail(page, 'Seats')).toContainText('5');
  await expect(detail(page, 'Status')).toHaveText('Trialing');
  await expect(detail(page, 'Trial ends')).not.toBeEmpty();
  // The trial's $0 invoice: a table row on a wide screen, a card of its own on a phone.
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('invoice-card')).toHaveCount(1);
  await expect(page.getByTestId('invoice-row')).toBeHidden();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  const seats = changeForm(page).getByLabel('Seats');
  await seats.fill('6');
  await changeForm(page).getByRole('button', { name: 'Preview change' }).click();
  await expect(page.getByTestId('plan-preview')).toBeVisible();
  await expectNoAxeViolations(page);
  // Editing after a preview drops it: what is confirmed is always what was shown.
  await seats.fill('7');
  await expect(page.getByTestId('plan-preview')).toHaveCount(0);
  await seats.fill('6');
  await previewAndConfirm(page);
  await expect(changeForm(page).getByRole('status')).toContainText('5 → 6 seats');
  await expect(detail(page, 'Seats')).toContainText('6');
  await expectPlanRecord(request, user.accessToken, 'trialing/6');

  await seats.fill('5');
  await previewAndConfirm(page);
  await expect(changeForm(page).getByRole('status')).toContainText('6 → 5 seats');
  await expect(detail(page, 'Seats')).toContainText('5');
  await expectPlanRecord(request, user.accessToken, 'trialing/5');
});

test('fewer seats than are in use is refused under the seats field', async ({ page, request }) => {
  const user = await createPasswordUser(request, 'plan-in-use');
  await grantTrialPlan(request, user, 'pro', 3);
  await inviteWithApi(request, user, uniqueEmail('plan-invitee'));
  await inviteWithApi(request, user, uniqueEmail('plan-invitee'));
  await openSignedIn(page, user.accessToken, '/settings/plan');
  await expect(detail(page, 'Seats')).toContainText('in use');

  const seats = changeForm(page).getByLabel('Seats');
  await seats.fill('1');
  await changeForm(page).getByRole('button', { name: 'Preview change' }).click();
  const error = page.locator('#plan-change-seats-error');
  await expect(error).toHaveRole('alert');
  await expect(error).toContainText(/in use/);
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await expect(seats).toBeFocused();
  await expect(page.getByTestId('plan-preview')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectPlanRecord(request, user.accessToken, 'trialing/3');
});

test('without a plan, the Plan tab points to the pricing page', async ({ page, request }) => {
  await openSignedInAsNewUser(page, request, 'plan-none', '/settings/plan');
  const none = page.getByTestId('plan-none');
  await expect(none).toContainText('You have no plan yet.');
  await expect(none.getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('link', { name: 'Plan', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
});
