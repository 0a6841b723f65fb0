import type { Browser, Page } from '@playwright/test';
import { startTestDnsServer, type TestDnsServer } from '../apps/api/src/test/test-dns-server.ts';
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures.ts';
import { grantTrialPlan, openSignedInOnTrial } from './support/billing.ts';
import { expectedAuthFailures, openSignedIn, type TestUser } from './support/identity.ts';
import {
  outsideOidcIssuer,
  outsideSamlMetadata,
  ownerWithSecondFactor,
  signInAtOutsideProvider,
} from './support/sso.ts';
import { workspaceButton } from './support/teams.ts';

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

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The owner's set-up: the connection saved, tested through the stand-in provider, turned on. */
async function setUpAndTest(page: Page, domain: string, save: (page: Page) => Promise<void>) {
  await save(page);
  const provider = region(page, 'Identity provider');
  await expect(provider.getByRole('status')).toContainText('Connection saved.');
  await expect(page.getByTestId('sso-status')).toContainText('Saved, not tested yet');
  await provider.getByRole('button', { name: 'Test connection' }).click();
  await signInAtOutsideProvider(page, `it-admin@${domain}`, 'IT Admin');
  await expect(page).toHaveURL(/\/settings\/sso\?test=passed$/);
  await expect(page.getByText('The test sign-in passed.')).toBeVisible();
  await expect(page.getByTestId('sso-status')).toContainText('Tested, and off');
  await provider.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('sso-status')).toContainText('On:');
}

/** A domain added, published on the test's DNS server and verified; joining by it turned on as `role`. */
async function verifiedDomainWithJoining(page: Page, domain: string, role: string) {
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  const row = page.getByTestId('sso-domain').filter({ hasText: domain });
  dns.setTxt(`_launchkit-verification.${domain}`, [(await row.locator('dd').nth(1).textContent()) ?? '']);
  await row.getByRole('button', { name: `Verify ${domain}` }).click();
  await expect(row).toContainText('Verified');
  await page.getByLabel('They join as').selectOption({ label: role });
  await expect(page.getByLabel('They join as')).toHaveValue(role.toLowerCase());
  await page.getByLabel(/Let people of verified domains join/).click();
  await expect(page.getByLabel(/Let people of verified domains join/)).toBeChecked();
}

/** Someone of the domain signs in from the email field and lands in the owner's workspace. */
async function memberSignsInByDomain(browser: Browser, domain: string, owner: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, '/auth/signin');
  const form = page.getByTestId('auth-form');
  await form.getByLabel('Email').fill(`ada@${domain}`);
  const sso = page.getByTestId('sso-sign-in');
  await expect(sso).toContainText(`${domain} signs in with your company's single sign-on.`);
  await expect(form.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await sso.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await signInAtOutsideProvider(page, `ada@${domain}`, 'Ada Lovelace');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(workspaceButton(page)).toHaveAccessibleName(`Workspace: ${owner.email}'s workspace`);
  return { context, page };
}

test('the owner sets up SAML against the stand-in provider, tests it, requires it; a member signs in by domain and joins as viewer', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithSecondFactor(request, 'sso-saml');
  await grantTrialPlan(request, owner, 'business', 5);
  await openSignedIn(page, owner.accessToken, '/settings/sso');
  await expectNoAxeViolations(page);
  const domain = uniqueDomain();
  const metadata = await outsideSamlMetadata(request);
  await setUpAndTest(page, domain, async () => {
    await page.getByLabel('Identity provider metadata (XML)').fill(metadata);
    await page.getByRole('button', { name: 'Save connection' }).click();
  });
  const details = page.getByTestId('service-provider-details');
  await expect(details).toContainText('/login/callback?connection=');
  await expect(details).toContainText('urn:auth0:');
  await expect(details.getByLabel('Signing certificate')).toHaveValue(/^-----BEGIN CERTIFICATE-----\n/);
  await page.getByLabel(/Require single sign-on for members/).click();
  await expect(page.getByLabel(/Require single sign-on for members/)).toBeChecked();
  await verifiedDomainWithJoining(page, domain, 'Viewer');
  await expectNoAxeViolations(page);

  const member = await memberSignsInByDomain(browser, domain, owner);
  // A viewer: the dashboard offers no way to add items.
  await expect(member.page.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await member.context.close();
  // The activity log has each change.
  await gotoHydrated(page, '/activity');
  for (const text of ['turned single sign-on on', 'required single sign-on', 'verified the domain']) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
});

test('the same with OIDC: discovery checked, tested, on; a member signs in by domain and joins as member', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithSecondFactor(request, 'sso-oidc');
  await grantTrialPlan(request, owner, 'business', 5);
  await openSignedIn(page, owner.accessToken, '/settings/sso');
  const domain = uniqueDomain();
  const issuer = await outsideOidcIssuer(request);
  await page.getByLabel('OpenID Connect (OIDC)').check();
  await page.getByLabel('Issuer URL').fill(`${issuer}/wrong`);
  await page.getByLabel('Client ID').fill('acme-app');
  await page.getByLabel('Client secret').fill('acme-secret');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(region(page, 'Identity provider').getByRole('alert')).toContainText('discovery document');
  await setUpAndTest(page, domain, async () => {
    await page.getByLabel('Issuer URL').fill(issuer);
    await page.getByLabel('Client secret').fill('acme-secret');
    await page.getByRole('button', { name: 'Save connection' }).click();
  });
  await expect(page.getByTestId('service-provider-details')).toContainText('/login/callback');
  await verifiedDomainWithJoining(page, domain, 'Member');
  const member = await memberSignsInByDomain(browser, domain, owner);
  await expect(member.page.getByRole('button', { name: 'Add item' })).toBeVisible();
  await member.context.close();
});
