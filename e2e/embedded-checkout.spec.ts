import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { stripe, testCards } from './support/billing.ts';
import { openSignedInAsNewUser } from './support/identity.ts';

// Embedded Checkout (decision 0049): the purchase page mounts the payment emulator's checkout with its
// Stripe.js stand-in, as it mounts Stripe's with Stripe.js in production. The app makes embedded
// sessions only when started with CHECKOUT_UI=embedded, so this file runs in a run started so:
//   CHECKOUT_UI=embedded E2E_PORT=4500 npx playwright test e2e/embedded-checkout.spec.ts
// (with STRIPE_AUTOMATIC_TAX=true too, the amounts include the emulator's tax).
test.skip(
  process.env.CHECKOUT_UI !== 'embedded',
  'the app makes embedded sessions with CHECKOUT_UI=embedded',
);

// The emulator's page answers a declined card with 402, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 402/] });

const taxed = process.env.STRIPE_AUTOMATIC_TAX === 'true';

const checkoutFrame = (page: Page) => page.frameLocator('[data-testid="embedded-checkout"] iframe');

/** Fills the embedded checkout's card form and submits it. */
async function payInFrame(page: Page, card: string) {
  const frame = checkoutFrame(page);
  await frame.getByLabel(/card number/i).fill(card);
  await frame.getByLabel(/expir/i).fill('12 / 34');
  await frame.getByLabel(/cvc/i).fill('123');
  await frame.getByLabel(/name on card/i).fill('Ada Lovelace');
  await frame.getByRole('button', { name: 'Subscribe' }).click();
}

test.describe('Embedded Checkout on /purchase', () => {
  test('4242 pays in the frame and lands on the dashboard with the plan; the page passes axe', async ({
    page,
    request,
  }) => {
    await openSignedInAsNewUser(page, request, 'embedded', '/purchase/pro');
    const frame = checkoutFrame(page);
    await expect(frame.getByRole('heading', { name: 'Subscribe to Pro' })).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/pro$/);
    await expectNoAxeViolations(page);

    await payInFrame(page, testCards.success);
    await expect(page).toHaveURL(/\/dashboard\?paid=true&session_id=cs_test_\w+$/);
    await expect(page.getByTestId('dashboard-plan')).toContainText('Pro');
    await expect(page.getByTestId('dashboard-plan')).toContainText('Active');
  });

  test('a declined card is answered in the frame and the page stays', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'embedded-declined', '/purchase/business');
    await payInFrame(page, testCards.declined);
    await expect(checkoutFrame(page).getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/purchase\/business$/);
    const [customer] = (await stripe.customers.list({ email: user.email })).data;
    expect((await stripe.subscriptions.list({ customer: customer?.id ?? '', status: 'all' })).data).toEqual(
      [],
    );
  });

  test('the promotion code LAUNCH20 takes 20 % off the first invoice', async ({ page, request }) => {
    const user = await openSignedInAsNewUser(page, request, 'embedded-code', '/purchase/pro');
    const frame = checkoutFrame(page);
    await frame.getByLabel('Add promotion code').fill('launch20');
    await frame.getByRole('button', { name: 'Apply' }).click();
    await expect(frame.getByRole('status')).toContainText('Promotion code LAUNCH20 applied: 20 % off.');
    await expect(frame.getByText('Discount (LAUNCH20)')).toBeVisible();
    // Pro's 5 seats, 60.00, less 20 %; with STRIPE_AUTOMATIC_TAX=true the emulator's 10 % on the rest.
    await expect(frame.getByText(`Due today: ${taxed ? '$52.80' : '$48.00'}`)).toBeVisible();

    await payInFrame(page, testCards.success);
    await expect(page).toHaveURL(/\/dashboard\?paid=true/);
    await expect(page.getByTestId('dashboard-plan')).toContainText('Pro');
    const [customer] = (await stripe.customers.list({ email: user.email })).data;
    const [invoice] = (await stripe.invoices.list({ customer: customer?.id ?? '' })).data;
    const total = taxed ? 5280 : 4800;
    expect(invoice).toMatchObject({ subtotal: 6000, total, amount_paid: total, total_excluding_tax: 4800 });
    expect(invoice?.total_discount_amounts).toEqual([
      { amount: 1200, discount: expect.stringMatching(/^di_/) },
    ]);
  });
});
