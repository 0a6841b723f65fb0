import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { createPasswordUser, openSignedInAsNewUser } from './support/identity.ts';
import { addItemWithForm, itemRow, waitForItemList } from './support/workspace.ts';

// Settings → Your data, "Download my data" (docs/security.md, "Data kept"): the archive is asked for on the page, written by a
// job, announced by mail, and downloaded through the API with the person's own sign-in.

const exportLink = /https?:\/\/\S+\/settings\/data\?export=([0-9a-f-]{36})/;

/** The archive a download saved, parsed. */
async function archiveOf(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^launchkit-data-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile(await download.path(), 'utf8'));
}

/** Runs `action` and answers the download it starts. */
async function downloadFrom(page: Page, action: () => Promise<unknown>) {
  const started = page.waitForEvent('download');
  await action();
  return started;
}

test('download my data: asked on the Your data tab, mailed, downloaded by its owner', async ({
  page,
  request,
}) => {
  const user = await openSignedInAsNewUser(page, request, 'export', '/dashboard');
  await waitForItemList(page);
  await addItemWithForm(page, 'Exported item');
  await expect(itemRow(page, 'Exported item')).toBeVisible();

  await gotoHydrated(page, '/settings/general');
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await tabs.getByRole('link', { name: 'Your data' }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);
  await expect(tabs.getByRole('link', { name: 'Your data' })).toHaveAttribute('aria-current', 'page');
  const section = page.getByRole('region', { name: 'Download my data' });
  await expect(section.getByText('your items, what you did in each workspace')).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Download my data' }).click();
  await expect(
    section.getByText('We are preparing your archive. We will email you when it is ready.'),
  ).toBeVisible();

  // The mail, in the development outbox.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
      const mails = (await response.json()).data as { subject: string; text: string }[];
      const mail = mails.find((each) => each.subject === 'Your Launchkit data is ready to download');
      link = mail?.text.match(exportLink)?.[0];
      return link;
    })
    .toBeTruthy();
  const exportId = (link as string).match(exportLink)?.[1] as string;

  // The list shows the archive once ready, with its expiry; its button downloads it.
  const archiveRow = section.getByTestId('data-export');
  await expect(archiveRow).toContainText('Available until');
  await expectNoAxeViolations(page);
  const fromButton = await downloadFrom(page, () =>
    archiveRow.getByRole('button', { name: /^Download the archive of / }).click(),
  );
  const archive = await archiveOf(fromButton);
  expect(archive.profile.email).toBe(user.email);
  expect(archive.items).toEqual([expect.objectContaining({ name: 'Exported item' })]);
  expect(archive.activity).toEqual([
    expect.objectContaining({ action: 'item.created', subject: 'Exported item' }),
  ]);

  // The mail's link opens the page, which downloads the same archive with the person's sign-in.
  const url = new URL(link as string);
  const fromLink = await downloadFrom(page, () => page.goto(url.pathname + url.search));
  expect((await archiveOf(fromLink)).profile.email).toBe(user.email);
  await expect(page).toHaveURL(/\/settings\/data$/);

  // Anyone else, or no one signed in, gets nothing for it.
  const archiveUrl = `/api/account/exports/${exportId}/archive`;
  const stranger = await createPasswordUser(request, 'stranger');
  const refused = await request.get(archiveUrl, {
    headers: { Authorization: `Bearer ${stranger.accessToken}` },
  });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).code).toBe('data-exports/not-found');
  expect((await request.get(archiveUrl)).status()).toBe(401);
});
