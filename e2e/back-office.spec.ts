import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { grantTrialPlan, stripe } from './support/billing.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  openSignedIn,
  subjectOf,
  type TestUser,
} from './support/identity.ts';
import { createOperator } from './support/operators.ts';
import { addItemWithForm, createUserWithItem, itemRow } from './support/workspace.ts';

// The back office (docs/operations.md) as an operator uses it: find a customer, extend a trial and
// grant a credit at the payment provider, "view as" a person read-only with the banner on every page,
// a write without its reason refused, the view ending at its time limit (45 s in these tests), the
// customer reading who viewed their account, and a workspace that forbids it.

test.use({ allowedConsoleErrors: expectedAuthFailures });

const workspacePath = (customer: TestUser) =>
  `/admin/workspaces/${encodeURIComponent(subjectOf(customer.accessToken))}`;

/** Starts a "view as" of `email` from the open workspace page, and waits for the dashboard as them. */
async function viewAs(page: Page, email: string, reason = 'Ticket 5521: the dashboard looks empty') {
  await page.getByRole('button', { name: `View as ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `View as ${email}` });
  await dialog.getByLabel('Reason', { exact: true }).fill(reason);
  await dialog.getByRole('button', { name: 'View as' }).click();
}

const banner = (page: Page) => page.getByRole('region', { name: 'Viewing as another person' });

test.describe('back office', () => {
  test('an operator finds a customer, extends the trial and grants a credit; the provider shows both', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const customer = await createPasswordUser(request, 'back-office');
    const { subscription } = await grantTrialPlan(request, customer, 'pro', 2);
    const operator = await createOperator(request);

    await openSignedIn(page, operator.accessToken, '/admin');
    await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    await expect(page.getByTestId('operator-session')).toContainText(`Operator ${operator.email}`);
    await expectNoAxeViolations(page);
    await page.getByLabel('Email, workspace or customer id').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: customer.email }).click();

    await expect(page.getByTestId('admin-facts')).toContainText('trialing');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Extend the trial…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the trial' });
    await dialog.getByLabel('Days to add').fill('10');
    await dialog.getByLabel('Reason', { exact: true }).fill('Onboarding call slipped a week');
    await dialog.getByRole('button', { name: 'Extend the trial' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The trial now ends on' })).toBeVisible();

    const atProvider = await stripe.subscriptions.retrieve(subscription.id);
    expect(atProvider.trial_end).toBe((subscription.trial_end ?? 0) + 10 * 86_400);
    await expect(page.getByTestId('operator-audit')).toContainText('Reason: Onboarding call slipped a week');

    // A credit: the provider's customer balance takes it, and the next invoice will.
    await page.getByRole('button', { name: 'Grant a credit…' }).click();
    const credit = page.getByRole('dialog', { name: 'Grant a credit' });
    await credit.getByLabel('Credit in dollars').fill('40');
    await credit.getByLabel('Reason', { exact: true }).fill('Sorry for the outage');
    await credit.getByRole('button', { name: 'Grant the credit' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'balance at the provider is now −$40' }),
    ).toBeVisible();
    const customerAtProvider = await stripe.customers.retrieve(subscription.customer as string);
    expect(customerAtProvider).toMatchObject({ balance: -4000 });
    await expect(page.getByTestId('operator-audit')).toContainText('Reason: Sorry for the outage');
  });

  test('views as a person read-only with a banner; a write without its reason is refused; the person sees it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const customer = await createUserWithItem(request, 'back-office', 'Quarterly plan');
    const operator = await createOperator(request);
    await openSignedIn(page, operator.accessToken, workspacePath(customer));
    await viewAs(page, customer.email);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner(page)).toContainText(`You are viewing as ${customer.email}`);
    await expect(banner(page)).toContainText('Read-only');
    await expect(itemRow(page, 'Quarterly plan')).toBeVisible();
    await expectNoAxeViolations(page);
    await addItemWithForm(page, 'Written by the operator');
    await expect(page.getByRole('alert').filter({ hasText: '"View as" is read-only' })).toBeVisible();
    // The banner is on every page of the view.
    await gotoHydrated(page, '/settings/security');
    await expect(banner(page)).toContainText(`You are viewing as ${customer.email}`);
    await banner(page).getByRole('button', { name: 'End view' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    await openSignedIn(customerPage, customer.accessToken, '/settings/security');
    const access = customerPage.getByTestId('operator-access');
    await expect(access).toContainText(`${operator.email} viewed your account`);
    await expect(access).toContainText('Reason: Ticket 5521');
    await expect(itemRow(customerPage, 'Written by the operator')).toHaveCount(0);
    await customerContext.close();
  });

  test('a view ends at its time limit, in the browser and at the server', async ({ page, request }) => {
    test.setTimeout(150_000);
    const customer = await createUserWithItem(request, 'back-office', 'Kept');
    const operator = await createOperator(request);
    await openSignedIn(page, operator.accessToken, workspacePath(customer));
    await viewAs(page, customer.email);
    await expect(banner(page)).toBeVisible();
    const grant = await page.evaluate(
      () => JSON.parse(window.sessionStorage.getItem('launchkit_impersonation') ?? '{}').grant as string,
    );
    // playwright.config.ts: IMPERSONATION_SECONDS=45.
    await expect(page).toHaveURL(/\/admin\?view=ended$/, { timeout: 70_000 });
    await expect(page.getByText('The “view as” session has ended')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    const refused = await request.get('/api/items', {
      headers: { Authorization: `Bearer ${operator.accessToken}`, 'x-impersonation': grant },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('impersonation/ended');
  });

  test('a workspace that forbids it refuses it; no workspace role opens the back office', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const customer = await createUserWithItem(request, 'back-office', 'Private');
    await openSignedIn(page, customer.accessToken, '/settings/security');
    const forbid = page.getByLabel('Forbid operators to view as the people of my workspace');
    await forbid.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Operators can no longer view as' }),
    ).toBeVisible();
    await expect(forbid).toBeChecked();
    await page.goto('/admin');
    await expect(page.getByTestId('operator-refused')).toContainText('A workspace role does not open it');
    await expectNoAxeViolations(page);

    const operator = await createOperator(request);
    const operatorContext = await browser.newContext();
    const operatorPage = await operatorContext.newPage();
    await openSignedIn(operatorPage, operator.accessToken, workspacePath(customer));
    await expect(operatorPage.getByTestId('admin-facts')).toContainText('Forbidden by the owner');
    await viewAs(operatorPage, customer.email);
    const dialog = operatorPage.getByRole('dialog', { name: `View as ${customer.email}` });
    await expect(dialog.getByRole('alert')).toContainText('forbids "view as"');
    await expect(operatorPage).toHaveURL(/\/admin\/workspaces\//);
    await operatorContext.close();
  });
});
