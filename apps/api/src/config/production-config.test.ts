import { ConfigurationError } from '@launchkit/env';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#api/config/app-config.ts';
import { completeProduction, requiredInProduction } from '#api/test/production-environment.ts';

function problemsOf(environment: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

const variablesNamed = (problems: string[]) => problems.map((problem) => problem.split(':')[0]);

describe('production mode', () => {
  it('runs with a complete configuration: real providers, no development door', () => {
    const config = loadConfig(completeProduction);
    expect(config.mode).toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(config.identity.origin).toBe('https://login.example.com');
    expect(config.identity.passkeys).toBe(true);
    expect(config.payments.apiUrl).toBeUndefined(); // Stripe's own API
    expect(config.mail.transport).toBe('smtp');
    expect(config.database.kind).toBe('postgres');
    expect(config.site.origins).toEqual(['https://app.example.com']);
  });

  it('keeps the webhooks’ real day: the browser tests’ compressed one is read in embedded mode only', () => {
    expect(
      loadConfig({ ...completeProduction, WEBHOOK_TEST_DAY_SECONDS: '60' }).webhooks.testDaySeconds,
    ).toBeUndefined();
    expect(loadConfig({ WEBHOOK_TEST_DAY_SECONDS: '60' }).webhooks.testDaySeconds).toBe(60);
  });

  it('refuses passkeys (on by default) that the tenant cannot serve: Auth0’s own domain, or one the site does not share', () => {
    const ownDomain = problemsOf({ ...completeProduction, AUTH0_DOMAIN: 'example.eu.auth0.com' });
    expect(ownDomain).toEqual([
      'PASSKEYS: on (the default), but AUTH0_DOMAIN is Auth0’s own example.eu.auth0.com: Auth0’s Passkey API needs a custom domain that shares the site’s domain, and passkeys made for app.example.com cannot be checked there; give AUTH0_DOMAIN your tenant’s custom domain (docs/deploy.md, "Auth0 tenant" 10), or set PASSKEYS=off',
    ]);
    const elsewhere = problemsOf({ ...completeProduction, AUTH0_DOMAIN: 'https://login.example.org' });
    expect(variablesNamed(elsewhere)).toEqual(['PASSKEYS']);
    expect(elsewhere[0]).toContain(
      'AUTH0_DOMAIN (login.example.org) and VITE_SITE_URL (app.example.com) share no domain',
    );

    const withoutPasskeys = loadConfig({
      ...completeProduction,
      AUTH0_DOMAIN: 'example.eu.auth0.com',
      PASSKEYS: 'off',
    });
    expect(withoutPasskeys.identity.passkeys).toBe(false);
  });

  it('runs without STRIPE_PRICE_*: each plan’s price is then found by its lookup key at start', () => {
    const {
      STRIPE_PRICE_STARTER: _starter,
      STRIPE_PRICE_PRO: _pro,
      STRIPE_PRICE_BUSINESS: _business,
      ...withoutPrices
    } = completeProduction;
    expect(loadConfig(withoutPrices).priceOverrides).toEqual({});
    expect(loadConfig({ ...withoutPrices, STRIPE_PRICE_PRO: 'price_1Pro' }).priceOverrides).toEqual({
      pro: 'price_1Pro',
    });
    expect(loadConfig(completeProduction).priceOverrides).toEqual({
      starter: 'price_1Starter',
      pro: 'price_1Pro',
      business: 'price_1Business',
    });
  });

  it('refuses the emulator’s price ids as overrides, and one price for two plans', () => {
    const problems = problemsOf({
      ...completeProduction,
      STRIPE_PRICE_STARTER: 'price_starter_monthly',
      STRIPE_PRICE_BUSINESS: 'price_business_monthly',
    });
    expect(variablesNamed(problems)).toEqual(['STRIPE_PRICE_STARTER', 'STRIPE_PRICE_BUSINESS']);
    expect(problems[0]).toMatch(/is the payment emulator’s price id; unset it/);
    expect(problemsOf({ ...completeProduction, STRIPE_PRICE_PRO: 'price_1Starter' })).toEqual([
      'STRIPE_PRICE_*: each plan needs its own price id',
    ]);
  });

  it('names every missing setting in one message', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(variablesNamed(problems).sort()).toEqual([...requiredInProduction].sort());
    for (const problem of problems) expect(problem).toMatch(/^[A-Z0-9_]+: required in production: /);
  });

  it('treats an empty or blank value as missing', () => {
    const problems = problemsOf({ ...completeProduction, AUTH0_DOMAIN: '', STRIPE_SECRET_KEY: '   ' });
    expect(variablesNamed(problems)).toEqual(['AUTH0_DOMAIN', 'STRIPE_SECRET_KEY']);
  });

  it('refuses every development default and unsafe value, naming each', () => {
    const problems = problemsOf({
      ...completeProduction,
      AUTH0_DOMAIN: 'http://localhost:3001',
      AUTH0_MANAGEMENT_CLIENT_SECRET: 'dev-management-secret',
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_WEBHOOK_SECRET: 'whsec_emulator',
      STRIPE_PRICE_PRO: 'price_pro_monthly',
      STRIPE_API_URL: 'http://localhost:3002',
      VITE_SITE_URL: 'http://app.example.com',
      MAIL_FROM: 'Launchkit <no-reply@localhost>',
      DATABASE_URL: 'mysql://db/app',
      TRUST_PROXY: 'true',
    });
    expect(variablesNamed(problems).sort()).toEqual(
      [
        'AUTH0_DOMAIN',
        'AUTH0_MANAGEMENT_CLIENT_SECRET',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_PRO',
        'STRIPE_API_URL',
        'VITE_SITE_URL',
        'MAIL_FROM',
        'DATABASE_URL',
        'TRUST_PROXY',
      ].sort(),
    );
  });

  it.each([
    [
      'MAIL_FROM',
      'Launchkit <no-reply@LOCALHOST>',
      /^MAIL_FROM: is an address of this machine \(@LOCALHOST\)/,
    ],
    ['CONTACT_INBOX', 'root@127.0.0.1', /^CONTACT_INBOX: is an address of this machine \(@127\.0\.0\.1\)/],
    ['VITE_SITE_URL', 'https://localhost:3000', /^VITE_SITE_URL: is this machine \(localhost\)/],
    ['VITE_SITE_URL', 'https://app.localhost', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://[::1]', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://127.1.2.3', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://localhost.localdomain', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://[::ffff:127.0.0.1]', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://[::127.0.0.1]', /^VITE_SITE_URL: is this machine/],
    ['VITE_SITE_URL', 'https://0x7f.1', /^VITE_SITE_URL: is this machine \(127\.0\.0\.1\)/],
    ['CONTACT_INBOX', 'x@127.1', /^CONTACT_INBOX: is an address of this machine \(@127\.1\)/],
    ['MAIL_FROM', 'Launchkit <x@[::1]>', /^MAIL_FROM: is an address of this machine/],
    ['AUTH0_DOMAIN', 'localhost:3001', /^AUTH0_DOMAIN: is this machine \(localhost\)/],
    ['AUTH0_DOMAIN', 'https://127.0.0.1:3001', /^AUTH0_DOMAIN: is this machine/],
    ['AUTH0_CLIENT_ID', 'launchkit-web', /^AUTH0_CLIENT_ID: is the identity emulator’s client id/],
    [
      'AUTH0_MANAGEMENT_CLIENT_ID',
      'launchkit-api',
      /^AUTH0_MANAGEMENT_CLIENT_ID: is the identity emulator’s/,
    ],
    ['AUTH0_AUDIENCE', '', /^AUTH0_AUDIENCE: required in production: the identifier of the API/],
    [
      'STRIPE_SECRET_KEY',
      'sk_test_51abc',
      /^STRIPE_SECRET_KEY: is a test-mode key: .*STAGING=true accepts it/,
    ],
  ])('refuses %s=%j: it works only on this machine or with the emulators', (name, value, message) => {
    expect(problemsOf({ ...completeProduction, [name]: value })).toEqual([expect.stringMatching(message)]);
  });

  it('takes test-mode keys and addresses of this machine on a staging deployment (STAGING=true), and says so', () => {
    const staging = {
      ...completeProduction,
      STAGING: 'true',
      MAIL_FROM: 'Launchkit <no-reply@localhost>',
      CONTACT_INBOX: 'owner@localhost',
      VITE_SITE_URL: 'https://localhost:8443',
      STRIPE_SECRET_KEY: 'rk_test_51abc',
    };
    expect(problemsOf(staging)).toEqual([]);
    expect(loadConfig(staging).isStaging).toBe(true);
    expect(loadConfig(completeProduction).isStaging).toBe(false);
    // Still never the emulators' own values.
    expect(variablesNamed(problemsOf({ ...staging, STRIPE_SECRET_KEY: 'sk_test_emulator' }))).toEqual([
      'STRIPE_SECRET_KEY',
    ]);
    // A malformed STAGING is named, and the deployment is judged as a live one.
    expect(variablesNamed(problemsOf({ ...staging, STAGING: 'perhaps' }))).toEqual([
      'STAGING',
      'MAIL_FROM',
      'CONTACT_INBOX',
      'VITE_SITE_URL',
      'STRIPE_SECRET_KEY',
    ]);
  });

  it('takes DATABASE_DIRECT_URL beside a pooler at DATABASE_URL, and only a postgres:// one', () => {
    expect(loadConfig(completeProduction).database).toEqual({
      kind: 'postgres',
      url: completeProduction.DATABASE_URL,
      directUrl: undefined,
    });
    const pooled = {
      ...completeProduction,
      DATABASE_URL: 'postgres://app:secret@pgbouncer.internal:6432/app',
      DATABASE_DIRECT_URL: 'postgresql://app:secret@db.internal:5432/app',
    };
    expect(loadConfig(pooled).database).toEqual({
      kind: 'postgres',
      url: 'postgres://app:secret@pgbouncer.internal:6432/app',
      directUrl: 'postgresql://app:secret@db.internal:5432/app',
    });
    for (const DATABASE_DIRECT_URL of ['mysql://db.internal/app', 'db.internal:5432']) {
      expect(problemsOf({ ...pooled, DATABASE_DIRECT_URL })).toEqual([
        expect.stringMatching(/^DATABASE_DIRECT_URL: must be a postgres:\/\/ connection string/),
      ]);
    }
    // Blank is unset, as for every variable.
    expect(loadConfig({ ...pooled, DATABASE_DIRECT_URL: ' ' }).database).toMatchObject({
      directUrl: undefined,
    });
  });

  it('reports a malformed variable beside the production rules, once per variable', () => {
    const problems = problemsOf({ ...completeProduction, PORT: 'eighty', STRIPE_API_URL: 'not a url' });
    expect(variablesNamed(problems).sort()).toEqual(['PORT', 'STRIPE_API_URL']);
  });
});

describe('embedded mode', () => {
  it('is what no NODE_ENV (or development/test) gives: emulators, PGlite, outbox, loopback', () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(config.mode).toBe('embedded');
      expect(config.host).toBe('127.0.0.1');
      expect(config.identity.origin).toBe('http://localhost:3001');
      expect(config.payments.apiUrl).toBe('http://localhost:3002');
      expect(config.database.kind).toBe('pglite');
      expect(config.mail.transport).toBe('outbox');
      expect(config.site.origins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    }
  });

  it('refuses DATABASE_DIRECT_URL without DATABASE_URL: there is no pooler to bypass', () => {
    expect(problemsOf({ DATABASE_DIRECT_URL: 'postgres://localhost/app' })).toEqual([
      expect.stringMatching(/^DATABASE_DIRECT_URL: set only beside DATABASE_URL/),
    ]);
  });

  it('reads an empty value as unset, as the emulators do', () => {
    const config = loadConfig({ PORT: '', RATE_LIMIT_MAX: ' ', AUTH0_CLIENT_ID: '', TRUST_PROXY: '' });
    expect(config.port).toBe(3000);
    expect(config.rateLimit.max).toBe(10);
    expect(config.identity.clientId).toBe('launchkit-web');
    expect(config.trustProxy).toEqual({ kind: 'none' });
  });
});
