import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPrice, offerOf, plans } from '@launchkit/plans';
import { describe, expect, it } from 'vitest';
import { renderAccountPage, signInHref } from './account-page.ts';
import { compileBrowserScripts, transpileBrowserModule } from './browser-script.ts';
import { renderPricingPage } from './pricing-page.ts';

const src = path.dirname(fileURLToPath(import.meta.url));
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

/** What the server's CSP would block: inline scripts, inline styles and event-handler attributes. */
function expectNothingInline(html: string) {
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/\sstyle=/);
  expect(html).not.toMatch(/\son[a-z]+=/);
  expect(html).not.toMatch(/<style/);
}

describe('pricing page (index.html)', () => {
  const html = renderPricingPage(offerOf({}));

  it('states the trial the server gives, and none when it gives none', () => {
    expect(html).not.toMatch(/trial/i);
    expect(html).toContain('billed monthly or yearly');
    const withTrial = renderPricingPage(offerOf({ STRIPE_TRIAL_DAYS: '14' }));
    expect(withTrial).toContain('14-day free trial; checkout asks for a card.');
    const cardless = renderPricingPage(
      offerOf({
        STRIPE_TRIAL_DAYS: 'pro=14',
        STRIPE_TRIAL_CARD: 'optional',
        STRIPE_TRIAL_END_WITHOUT_CARD: 'pause',
      }),
    );
    expect(cardless).toContain('Free trial days: Pro 14; no card needed.');
  });

  it('links each plan to /purchase/<plan> in the top window, monthly and yearly', () => {
    for (const plan of plans) {
      expect(html).toContain(
        `data-period="month" href="/purchase/${plan.id}" target="_top">Choose ${plan.name}</a>`,
      );
      expect(html).toContain(
        `data-period="year" href="/purchase/${plan.id}?period=year" target="_top">Choose ${plan.name}</a>`,
      );
    }
    expect(count(html, />Choose [^<]+<\/a>/g)).toBe(6);
  });

  it('shows the price per seat for each period, what a year saves, the seats and the features', () => {
    for (const plan of plans) {
      expect(html).toContain(`${formatPrice(plan.unitAmount)}</span> <span class="unit">per seat / month`);
      expect(html).toContain(
        `${formatPrice(plan.yearlyUnitAmount)}</span> <span class="unit">per seat / year</span> <span class="saving">Save ${formatPrice(plan.unitAmount * 12 - plan.yearlyUnitAmount)}</span>`,
      );
      expect(html).toContain(`Starts with ${plan.seats === 1 ? '1 seat' : `${plan.seats} seats`}`);
      for (const feature of plan.features) expect(html).toContain(feature);
    }
  });

  it('switches the period with two radios in a named group, monthly first, and no script', () => {
    expect(html).toMatch(
      /<fieldset class="period-switch">\s*<legend class="sr-only">Billing period<\/legend>/,
    );
    expect(html).toContain('<input type="radio" name="period" id="period-month" value="month" checked>');
    expect(html).toContain('<input type="radio" name="period" id="period-year" value="year">');
  });

  it("names its main landmark, which must differ from the framing page's", () => {
    expect(html).toContain('<main class="pricing" aria-label="Plans and pricing">');
  });

  it('has no script, one h1 and a heading per plan', () => {
    expect(html).not.toContain('<script');
    expectNothingInline(html);
    expect(count(html, /<h1\b/g)).toBe(1);
    expect(count(html, /<h2\b/g)).toBe(3);
  });

  it('as built into dist/ (when built) has the three choose links', async () => {
    const built = await readFile(path.join(src, '../dist/index.html'), 'utf8').catch(() => null);
    if (built === null) return;
    for (const plan of plans) expect(built).toMatch(new RegExp(`href="/purchase/${plan.id}" target="_top"`));
  });
});

describe('account page (myAccount.html)', () => {
  const html = renderAccountPage();

  it('names its main landmark after its h1', () => {
    expect(html).toMatch(/<main [^>]*aria-labelledby="account-title"/);
    expect(html).toMatch(/<h1 [^>]*id="account-title"/);
  });

  it('loads its script from its own origin and has nothing inline', () => {
    expect(html).toContain('<script type="module" src="my-account.js"></script>');
    expectNothingInline(html);
  });

  it('has one h1, the account fields in a dl, a live region for errors and a sign-in link', () => {
    expect(count(html, /<h1\b/g)).toBe(1);
    expect(html).toMatch(/<dl class="fields">[\s\S]*<dt>Email<\/dt>[\s\S]*<\/dl>/);
    expect(html).toContain('role="alert"');
    expect(html).toContain(`href="${signInHref.replaceAll('"', '')}" target="_top"`);
    expect(html).toContain('<button type="button"');
  });

  it('carries the plan names of @launchkit/plans for the script', () => {
    const names = html.match(/data-plan-names="([^"]*)"/)?.[1]?.replaceAll('&#34;', '"');
    expect(JSON.parse(names ?? '')).toEqual(Object.fromEntries(plans.map((plan) => [plan.id, plan.name])));
  });
});

describe('browser script', () => {
  it('compiles my-account.ts and what it imports, the plan rules of @launchkit/plans too, into browser modules', async () => {
    const scripts = await compileBrowserScripts(src, 'my-account.ts');
    expect([...scripts.keys()].sort()).toEqual([
      'account-format.js',
      'my-account.js',
      'plans-dates.js',
      'plans-plan-status.js',
      'plans-seats.js',
    ]);
    expect(scripts.get('my-account.js')).toMatch(/from ['"]\.\/account-format\.js['"]/);
    expect(scripts.get('account-format.js')).toMatch(/from ['"]\.\/plans-dates\.js['"]/);
    for (const code of scripts.values()) expect(code).not.toMatch(/from\s+['"]@launchkit\//);
  });

  it('refuses an import a browser could not resolve', async () => {
    await expect(
      transpileBrowserModule("import { plans } from '@launchkit/plans';\nconsole.log(plans);", 'x.ts'),
    ).rejects.toThrow(/@launchkit\/plans/);
  });

  it("erases the contract's types, and refuses the contract itself (its zod schemas)", async () => {
    const typed =
      "import type { UserDocument } from '@launchkit/api-contract';\nexport const uid = (user: UserDocument) => user.uid;";
    expect(await transpileBrowserModule(typed, 'x.ts')).not.toMatch(/api-contract|\bimport\b/);
    await expect(
      transpileBrowserModule(
        "import { userDocument } from '@launchkit/api-contract';\nconsole.log(userDocument);",
        'x.ts',
      ),
    ).rejects.toThrow(/@launchkit\/api-contract/);
  });

  it('states where a syntax error is', async () => {
    await expect(transpileBrowserModule('export const broken = (;', 'broken.ts')).rejects.toThrow(
      /broken\.ts/,
    );
  });
});
