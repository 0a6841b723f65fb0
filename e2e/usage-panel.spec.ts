import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { openSignedInOnTrial } from './support/billing.ts';

// "Usage this period" (docs/usage-billing.md): items created in a paying workspace, reported to the
// payment emulator's meter by the job queue, shown in the usage panel with the projected charge. It
// needs the server started with USAGE_REPORTING=true (the runner's environment reaches the server):
// `USAGE_REPORTING=true npx playwright test e2e/usage-panel.spec.ts`; skipped otherwise.

/** Where the usage panel is mounted. */
const usagePage = '/settings/plan';

test.skip(process.env.USAGE_REPORTING !== 'true', 'usage reporting is off in this run (USAGE_REPORTING)');

test('items created show in Usage this period, with the price per item and the projected charge', async ({
  page,
  request,
}) => {
  const { user } = await openSignedInOnTrial(page, request, 'usage', '/dashboard', { plan: 'pro', seats: 2 });
  const headers = { Authorization: `Bearer ${user.accessToken}` };
  for (const name of ['First', 'Second', 'Third']) {
    expect((await request.post('/api/items', { headers, data: { name } })).status()).toBe(201);
  }
  // Reported by the job queue after each create commits; the panel reads the provider's count.
  await expect
    .poll(async () => (await (await request.get('/api/billing/usage', { headers })).json()).data.quantity, {
      timeout: 20_000,
    })
    .toBe(3);

  await gotoHydrated(page, usagePage);
  const panel = page.getByTestId('usage-panel');
  await expect(panel.getByRole('heading', { name: 'Usage this period' })).toBeVisible();
  await expect(panel.getByTestId('usage-quantity')).toHaveText('3');
  await expect(panel.getByTestId('usage-projected')).toHaveText('$0.03');
  await expect(panel).toContainText('$0.01 per item');
  await expect(panel).toContainText('3 items so far');
  await expectNoAxeViolations(page);
});
