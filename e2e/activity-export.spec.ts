import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { createPasswordUser, openSignedIn } from './support/identity.ts';
import { addItemWithApi } from './support/workspace.ts';

// The Activity page's "Export" (docs/activity-export.md): a range of days and a format, then the file,
// fetched with the person's own sign-in and saved by the browser.

// The range refused on purpose: the browser logs the 400 it answers.
test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test('exports a small range of the activity log as CSV, a formula kept as text', async ({
  page,
  request,
}) => {
  const owner = await createPasswordUser(request, 'activity-export');
  await addItemWithApi(request, owner.accessToken, '=SUM(1,2)');
  await openSignedIn(page, owner.accessToken, '/activity');
  await expect(page.getByTestId('activity-entry')).toHaveCount(1);

  const form = page.getByRole('region', { name: 'Export' });
  await expectNoAxeViolations(page);
  // A range the server refuses: its message shows under the field it names, and nothing downloads.
  await form.getByLabel('From').fill('2026-03-10');
  await form.getByLabel('To').fill('2026-03-01');
  await form.getByRole('button', { name: 'Export' }).click();
  await expect(form.getByLabel('To')).toHaveAccessibleDescription(
    'The last day must not be before the first.',
  );

  const today = new Date().toISOString().slice(0, 10);
  await form.getByLabel('From').fill(today);
  await form.getByLabel('To').fill(today);
  await form.getByLabel('Format').selectOption('csv');
  const started = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Export' }).click();
  const download = await started;
  expect(download.suggestedFilename()).toBe(`activity-${today}-to-${today}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, row] = csv.split('\r\n');
  expect(header).toBe('createdAt,action,actorEmail,actorId,subject,previous,id');
  expect(row).toContain(`,item.created,${owner.email},`);
  // A spreadsheet opens the name as text: quoted (it holds a comma) and prefixed with a quote.
  expect(row).toContain(`,"'=SUM(1,2)",`);
  await expect(form.getByText('Your export is downloading.')).toBeVisible();
});
