import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';

/** Holds the real request for a moment so the busy state can be seen; the server still answers it. */
async function slowDown(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('newsletter', () => {
  for (const place of ['landing section', 'footer'] as const) {
    test(`${place}: validation on submit then on change, busy state, success`, async ({ page, request }) => {
      await gotoHydrated(page, '/');
      const form =
        place === 'footer'
          ? page.getByTestId('site-footer').locator('form')
          : page.locator('main form').last();
      const email = form.getByRole('textbox');
      const button = form.getByRole('button', { name: 'Subscribe' });
      await expect(email).toHaveAttribute('type', 'email');

      await button.click();
      await expect(form.getByText('Please enter an email address')).toBeVisible();
      await email.fill('a');
      await expect(form.getByText('Please enter an email address')).toBeHidden();
      await email.fill('');
      await expect(form.getByText('Please enter an email address')).toBeVisible();

      const address = unique('news');
      await email.fill(address.toUpperCase());
      await slowDown(page, '/api/newsletter');
      await button.click();
      await expect(form.getByRole('button', { name: /Subscrib/ })).toBeDisabled();
      await expect(page.getByText('You are now subscribed!')).toBeVisible();

      // Signing up again is not an error.
      const again = await request.post('/api/newsletter', { data: { email: address } });
      expect(await again.json()).toEqual({ status: 'success', data: { subscribed: true } });
    });
  }
});

test('newsletter: double opt-in, the mailed link confirms the address with a button', async ({
  page,
  request,
}) => {
  await gotoHydrated(page, '/');
  const form = page.getByTestId('site-footer').getByTestId('newsletter-form');
  const address = unique('confirm');
  await form.getByLabel('Email address').fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Check your inbox to confirm your address.')).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/outbox?to=${address}`)).json()).data;
      link = mails[0]?.text.match(/https?:\/\/\S+\/newsletter#[A-Za-z0-9_-]{43}/)?.[0];
      return link;
    })
    .toBeTruthy();
  await gotoHydrated(page, new URL(link as string).pathname + new URL(link as string).hash);
  const card = page.getByTestId('newsletter-confirmation');
  await expect(card.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/newsletter$/);
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(card.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
  await expect(card.getByText(address)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(page);
});

test('newsletter: a link without its token says so', async ({ page }) => {
  await gotoHydrated(page, '/newsletter');
  await expect(page.getByTestId('newsletter-confirmation').getByRole('alert')).toContainText(
    'This confirmation link is incomplete.',
  );
});

test.describe('contact', () => {
  test('validation, busy state, success resets the form, the owner is notified', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, '/contact');
    await expect(page.getByText('We reply in 24hrs')).toBeVisible();
    const form = page.getByTestId('contact-form');
    const send = form.getByRole('button', { name: 'Send message' });

    await send.click();
    await expect(form.getByText('Please enter an email address')).toBeVisible();
    await expect(form.getByText('Please enter a message')).toBeVisible();
    await form.getByLabel('Message').fill('Hi');
    await expect(form.getByText('Please enter a message')).toBeHidden();

    const address = unique('contact');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Message').fill('I would like a demo for my team.');
    await slowDown(page, '/api/contact');
    await send.click();
    await expect(form.getByRole('button', { name: /Send/ })).toBeDisabled();
    await expect(page.getByText('Your message has been sent!')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');

    // The notification is sent by a job, within about a second of the answer.
    await expect
      .poll(async () => {
        const outbox = await (await request.get('/api/dev/outbox')).json();
        return outbox.data.find((mail: { replyTo?: string }) => mail.replyTo === address)?.text;
      })
      .toContain('I would like a demo for my team.');
  });
});

test.describe('when the server refuses', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('newsletter: its message shows in an error alert and the form stays usable', async ({ page }) => {
    await gotoHydrated(page, '/');
    const footer = page.getByTestId('site-footer');
    const form = footer.locator('form');
    await form.getByRole('textbox').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText(/Please enter a valid email address/);
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  test('contact: the name is optional, and a failure shows the service message', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Email').fill(unique('long'));
    await form.getByLabel('Message').fill('x'.repeat(5001));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText(/The message is too long \(5000 characters at most\)\./);
    await expect(form.getByLabel('Message')).toHaveValue('x'.repeat(5001));
  });
});
