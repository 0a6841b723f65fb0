import { startTestDnsServer, type TestDnsServer } from '../apps/api/src/test/test-dns-server.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { openSignedInOnTrial } from './support/billing.ts';
import { expectedAuthFailures } from './support/identity.ts';

// Single sign-on (docs/sso.md): Settings → Single sign-on through the real identity emulator, and the
// domain proofs looked up at a DNS server this file runs on loopback (DNS_RESOLVER in
// playwright.config.ts names it). One DNS server on one port: the file's tests run one at a time.

test.describe.configure({ mode: 'serial' });
// A refused change (a record not found yet) is a 4xx answer, which the browser logs.
test.use({ allowedConsoleErrors: expectedAuthFailures });

let dns: TestDnsServer;

test.beforeAll(async () => {
  dns = await startTestDnsServer(Number(process.env.E2E_PORT ?? 3900));
});

test.afterAll(async () => {
  await dns?.close();
});

const uniqueDomain = () => `d${Math.random().toString(36).slice(2, 10)}.example`;

test('the owner proves a domain with a TXT record, looked up through the test’s DNS server', async ({
  page,
  request,
}) => {
  await openSignedInOnTrial(page, request, 'sso-domain', '/settings/sso', { plan: 'business', seats: 5 });
  await expect(page.getByRole('heading', { name: 'Verified domains' })).toBeVisible();
  await expectNoAxeViolations(page);
  const domain = uniqueDomain();
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const row = page.getByTestId('sso-domain').filter({ hasText: domain });
  await expect(row).toContainText('Not verified yet');
  // Not published yet: refused, and said why.
  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(page.getByRole('alert')).toContainText(
    `The TXT record was not found at _launchkit-verification.${domain}`,
  );
  const value = (await row.locator('dd').nth(1).textContent()) ?? '';
  expect(value).toMatch(/^launchkit-verification=/);
  dns.setTxt(`_launchkit-verification.${domain}`, [value]);
  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(row).toContainText(/Verified \w+ \d+\w\w \d{4}/);
  await expect(page.getByRole('status')).toContainText(`${domain} is verified.`);
  await expectNoAxeViolations(page);
});
