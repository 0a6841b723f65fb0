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

test('prepares a range longer than a month as a file, listed and downloaded as JSON lines', async ({
  page,
  request,
}) => {
  const owner = await createPasswordUser(request, 'activity-export-job');
  await addItemWithApi(request, owner.accessToken, 'In a long range');
  await openSignedIn(page, owner.accessToken, '/activity');
  await expect(page.getByTestId('activity-entry')).toHaveCount(1);

  const form = page.getByRole('region', { name: 'Export' });
  const today = new Date();
  const from = new Date(today.getTime() - 90 * 24 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel('From').fill(from);
  await form.getByLabel('To').fill(today.toISOString().slice(0, 10));
  await form.getByLabel('Format').selectOption('jsonl');
  await form.getByRole('button', { name: 'Export' }).click();
  await expect(form.getByText('We are preparing your export.')).toBeVisible();
  const row = form.getByTestId('activity-export');
  await expect(row).toContainText('Available until');
  await expectNoAxeViolations(page);
  const started = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download the export of / }).click();
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\n');
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ action: 'item.created', subject: 'In a long range', actorEmail: owner.email }),
  ]);
});
