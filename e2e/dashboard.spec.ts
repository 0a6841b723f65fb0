import { expect, expectNoAxeViolations, gotoHydrated } from './fixtures.ts';
import { grantTrialPlan, longDateUtc, openSignedInOnTrial, stripe } from './support/billing.ts';
import {
  createPasswordUser,
  expectedAuthFailures,
  openSignedIn,
  openSignedInAsNewUser,
  userDocument,
} from './support/identity.ts';
import { test } from './support/new-user.ts';
import {
  addItemWithApi,
  addItemWithForm,
  createUserWithItem,
  itemRow,
  waitForItemList,
} from './support/workspace.ts';

// Refused calls (a featuring the server does not allow, an aborted stream) are on purpose here. One
// pattern: an option given as a two-element array would be read as [value, options].
const [refusedCall] = expectedAuthFailures;
test.use({ allowedConsoleErrors: [new RegExp(`${refusedCall?.source}|net::ERR_FAILED`)] });

const upgradeMessage = 'You must upgrade to the organization plan to use this feature';

test.describe('first visit', () => {
  test('a person without a name is welcomed and asked for one; saved, the greeting uses it', async ({
    page,
    request,
  }) => {
    const user = await openSignedInAsNewUser(page, request, 'welcome', '/dashboard');
    await expect(page.getByText('Welcome.', { exact: true })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    // The address is shown once, as the address, never as a name.
    const account = page.getByTestId('dashboard-user');
    await expect(account.getByText('Name', { exact: true })).toHaveCount(0);
    await expect(account).toContainText(user.email);

    const prompt = page.getByRole('region', { name: 'What should we call you?' });
    await prompt.getByRole('button', { name: 'Save name' }).click();
    await expect(prompt.getByText('Please enter your name')).toBeVisible();
    await prompt.getByLabel('Name').fill('Grace Hopper');
    await prompt.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Welcome, Grace Hopper.')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect(account.getByText('Grace Hopper')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('dashboard items', () => {
  test('empty state; add, rename and delete an item; names are required', async ({ page, request }) => {
    await openSignedInAsNewUser(page, request, 'items', '/dashboard');
    const list = page.getByTestId('dashboard-items');
    await expect(list.getByText('No items yet')).toBeVisible();
    await expect(list.getByText('Add your first item with the form above.')).toBeVisible();

    // docs/product.md §5: validation on submit, then on change.
    const form = page.getByTestId('add-item-form');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(form.getByText('Please enter a name')).toBeVisible();
    await expect(form.getByLabel('Item name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Item name').fill('   ');
    await expect(form.getByText('Please enter a name')).toBeVisible();
    await form.getByLabel('Item name').fill('First');
    await expect(form.getByText('Please enter a name')).toBeHidden();
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(itemRow(page, 'First')).toBeVisible();
    await expect(form.getByLabel('Item name')).toHaveValue('');
    await expect(form.getByLabel('Item name')).toBeFocused();
    await expect(list.getByText('No items yet')).toHaveCount(0);

    // Newest first.
    await addItemWithForm(page, 'Second');
    await expect(page.getByTestId('item-row')).toHaveCount(2);
    await expect(page.getByTestId('item-row').first()).toContainText('Second');

    // Rename in place: an empty name is refused, Escape gives up, Save keeps the new name.
    const first = itemRow(page, 'First');
    await first.getByRole('button', { name: 'Rename First' }).click();
    const nameField = first.getByLabel('New name for First');
    await expect(nameField).toBeFocused();
    await nameField.press('Escape');
    await expect(nameField).toHaveCount(0);
    await expect(first.getByRole('button', { name: 'Rename First' })).toBeFocused();

    await first.getByRole('button', { name: 'Rename First' }).click();
    await nameField.fill('');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Please enter a name')).toBeVisible();
    await nameField.fill('First, renamed');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(itemRow(page, 'First, renamed')).toBeVisible();
    await expect(itemRow(page, 'First')).toHaveCount(0);

    // Delete asks first; Cancel keeps the item.
    const renamed = itemRow(page, 'First, renamed');
    await renamed.getByRole('button', { name: 'Delete First, renamed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this item?' });
    await expect(dialog).toContainText('First, renamed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Delete First, renamed' }).click();
    await dialog.getByRole('button', { name: 'Delete item' }).click();
    await expect(renamed).toHaveCount(0);
    await expect(page.getByTestId('item-row')).toHaveCount(1);

    // The server agrees after a reload.
    await page.reload();
    await expect(itemRow(page, 'Second')).toBeVisible();
    await expect(page.getByTestId('item-row')).toHaveCount(1);
  });

  test('an item added in one tab appears in another tab of the same user within a second', async ({
    page,
    context,
    request,
  }) => {
    const user = await openSignedInAsNewUser(page, request, 'live', '/dashboard');
    const otherTab = await context.newPage();
    await gotoHydrated(otherTab, '/dashboard');
    await waitForItemList(page);
    await waitForItemList(otherTab);

    await addItemWithForm(page, 'Seen everywhere');
    await expect(itemRow(page, 'Seen everywhere')).toBeVisible();
    await expect(itemRow(otherTab, 'Seen everywhere')).toBeVisible({ timeout: 1000 });

    // Renames and deletions travel the same way, from either side.
    const row = itemRow(otherTab, 'Seen everywhere');
    await row.getByRole('button', { name: 'Rename Seen everywhere' }).click();
    await row.getByLabel('New name for Seen everywhere').fill('Renamed elsewhere');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(itemRow(page, 'Renamed elsewhere')).toBeVisible({ timeout: 1000 });

    // A change made without any browser (another device, the API) arrives too.
    await addItemWithApi(request, user.accessToken, 'From the API');
    await expect(itemRow(page, 'From the API')).toBeVisible({ timeout: 1000 });
    await expect(itemRow(otherTab, 'From the API')).toBeVisible({ timeout: 1000 });
  });

  test('another user never sees the first user’s items', async ({ page, browser, request }) => {
    const owner = await createPasswordUser(request, 'owner');
    const stranger = await createPasswordUser(request, 'stranger');
    await openSignedIn(page, owner.accessToken, '/dashboard');
    const strangerContext = await browser.newContext();
    const strangerPage = await strangerContext.newPage();
    await openSignedIn(strangerPage, stranger.accessToken, '/dashboard');
    await expect(strangerPage.getByText('No items yet')).toBeVisible();

    await addItemWithForm(page, 'Private to the owner');
    await expect(itemRow(page, 'Private to the owner')).toBeVisible();
    // The stranger's own change comes through their stream; the owner's never does.
    await addItemWithForm(strangerPage, 'The stranger’s own');
    await expect(itemRow(strangerPage, 'The stranger’s own')).toBeVisible();
    await addItemWithApi(request, owner.accessToken, 'Also private');
    await expect(itemRow(page, 'Also private')).toBeVisible();
    await strangerPage.reload();
    await expect(itemRow(strangerPage, 'The stranger’s own')).toBeVisible();
    await expect(strangerPage.getByTestId('item-row')).toHaveCount(1);
    await expect(itemRow(page, 'The stranger’s own')).toHaveCount(0);
    await strangerContext.close();
  });

  test('featuring without a plan shows the upgrade alert and asks nothing of the server', async ({
    page,
    request,
  }) => {
    const user = await createUserWithItem(request, 'feature', 'Wants a star');
    await openSignedIn(page, user.accessToken, '/dashboard');
    const star = itemRow(page, 'Wants a star').getByRole('button', { name: 'Feature Wants a star' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');

    const patches: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PATCH' && sent.url().includes('/api/items/')) patches.push(sent.url());
    });
    // The alert blocks the page until it is answered, so the answer is given as it opens.
    const alerts: string[] = [];
    page.once('dialog', async (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.accept();
    });
    await star.click();
    await expect.poll(() => alerts).toEqual([`alert: ${upgradeMessage}`]);
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(patches).toEqual([]);
  });

  test('featuring after the plan ended elsewhere: the server refuses and its message shows above the list', async ({
    page,
    request,
  }) => {
    const user = await createUserWithItem(request, 'feature-refused', 'Refused star');
    const { subscription } = await grantTrialPlan(request, user, 'business', 3);
    await openSignedIn(page, user.accessToken, '/dashboard');
    await expect(page.getByTestId('dashboard-plan')).toContainText('Organization');
    // The plan ends at the provider while this page still shows it; the webhook tells the server.
    await stripe.subscriptions.cancel(subscription.id);
    await expect.poll(async () => (await userDocument(request, user.accessToken)).planIsActive).toBe(false);
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const star = itemRow(page, 'Refused star').getByRole('button', { name: 'Feature Refused star' });
    await star.click();
    await expect(page.getByTestId('items-errors').getByRole('alert')).toHaveText(upgradeMessage);
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(browserDialogs).toEqual([]);
  });

  test('a list that cannot load says so above the list and recovers by itself', async ({ page, request }) => {
    const user = await createPasswordUser(request, 'reconnect');
    let refused = 0;
    await page.route('**/api/items/stream', async (route) => {
      if (refused < 2) {
        refused++;
        await route.abort();
      } else {
        await route.continue();
      }
    });
    await openSignedIn(page, user.accessToken, '/dashboard');
    const errors = page.getByTestId('items-errors');
    await expect(errors.getByRole('alert')).toContainText('Could not load your items');
    // Retries come after 0.5 s, then 1 s: the third attempt goes through.
    await expect(page.getByText('No items yet')).toBeVisible({ timeout: 5000 });
    await expect(errors).toHaveCount(0);
    expect(refused).toBe(2);
  });
});

test.describe('dashboard plan and user info', () => {
  test('without a plan: No plan, a link to pricing, no seats, and the account details', async ({
    page,
    newUser: user,
  }) => {
    await openSignedIn(page, user.accessToken, '/dashboard');
    const plan = page.getByTestId('dashboard-plan');
    await expect(plan).toContainText('No plan');
    await expect(plan.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    await expect(plan).toContainText('Max Users Creation: 0');
    await expect(page.getByTestId('dashboard-user')).toContainText(user.email);
    await expect(page.getByTestId('trial-banner')).toHaveCount(0);
    await expect(page.getByTestId('purchase-notice')).toHaveCount(0);
  });

  test.describe('in UTC', () => {
    test.use({ timezoneId: 'UTC' });

    test('on trial: the banner gives the end date and links to My Account; the panel names the plan', async ({
      page,
      request,
    }) => {
      const { subscription } = await openSignedInOnTrial(page, request, 'trial', '/dashboard', {
        plan: 'business',
        seats: 25,
      });
      const banner = page.getByTestId('trial-banner');
      await expect(banner).toContainText(longDateUtc(new Date((subscription.trial_end ?? 0) * 1000)));
      await expect(banner.getByRole('link')).toHaveAttribute('href', '/myAccount');
      const plan = page.getByTestId('dashboard-plan');
      await expect(plan).toContainText('Organization');
      await expect(plan).toContainText('Trialing');
      await expect(plan).toContainText('Max Users Creation: 25');
    });
  });

  test('back from checkout (?paid=true): a purchase notice that can be dismissed', async ({
    page,
    request,
  }) => {
    await openSignedInAsNewUser(page, request, 'paid', '/dashboard?paid=true');
    const notice = page.getByTestId('purchase-notice');
    await expect(notice).toContainText('Thanks for your purchase!');
    await expect(notice).toHaveAttribute('role', 'status');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('dashboard accessibility', () => {
  for (const width of [1280, 375]) {
    test(`no axe violations at ${width} px, empty and with items`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const user = await openSignedInAsNewUser(page, request, `axe-items-${width}`, '/dashboard?paid=true');
      await expect(page.getByText('No items yet')).toBeVisible();
      await expectNoAxeViolations(page);

      await addItemWithApi(request, user.accessToken, 'An item with a rather long name to see it wrap');
      await addItemWithApi(request, user.accessToken, 'Short');
      await expect(page.getByTestId('item-row')).toHaveCount(2);
      await itemRow(page, 'Short').getByRole('button', { name: 'Rename Short' }).click();
      await expectNoAxeViolations(page);
      await itemRow(page, 'Short').getByRole('button', { name: 'Cancel' }).click();
      await itemRow(page, 'Short').getByRole('button', { name: 'Delete Short' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this item?' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
