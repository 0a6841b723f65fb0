import { type ChildProcess, spawn } from 'node:child_process';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { SelfSignedCertificate } from '@launchkit/env/test/self-signed-certificate';
import type { IdentityEmulator } from '@launchkit/identity-emulator';
import type { PaymentsEmulator } from '@launchkit/payments-emulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#api/config/app-config.ts';
import { requiredInProduction } from '#api/test/production-environment.ts';
import {
  type ProductionStandIns,
  standInSiteUrl,
  startProductionStandIns,
} from '#api/test/production-stand-ins.ts';
import { listeningOrigin, type ServerProcess } from '#api/test/server-process.ts';

// The real server process (`node apps/api/src/server.ts`) in production mode. Only what a
// process needs to run goes in: nothing of the developer's own environment leaks into the check.
const baseEnvironment = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir() };
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');

function startServer(environment: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...baseEnvironment, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

const dataOf = async (response: Response) =>
  ((await response.json()) as { data: Record<string, unknown> }).data;

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('production mode refuses to start', () => {
  it('without any provider setting, naming every missing variable', async () => {
    const server = startServer({ NODE_ENV: 'production' });
    expect(await exitOf(server)).toBe(1);
    const output = server.output();
    for (const name of requiredInProduction) {
      expect(output).toMatch(new RegExp(`^  ${name}: required in production`, 'm'));
    }
    // Optional: unset, each plan's price is found by its lookup key.
    expect(output).not.toMatch(/^ {2}STRIPE_PRICE_/m);
    expect(output).toContain('The server did not start.');
    expect(output).not.toMatch(/listening/i);
  });

  it('with the emulators’ published defaults or unsafe values, naming each', async () => {
    const server = startServer({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Launchkit <no-reply@localhost>',
      CONTACT_INBOX: 'owner@example.com',
      VITE_SITE_URL: 'http://localhost:3000',
      AUTH0_DOMAIN: 'http://localhost:3001',
      AUTH0_CLIENT_ID: 'launchkit-web',
      AUTH0_AUDIENCE: 'http://localhost:3001/api/v2/',
      AUTH0_MANAGEMENT_CLIENT_ID: 'launchkit-api',
      AUTH0_MANAGEMENT_CLIENT_SECRET: 'dev-management-secret',
      STRIPE_SECRET_KEY: 'sk_test_emulator',
      STRIPE_WEBHOOK_SECRET: 'whsec_emulator',
      STRIPE_PRICE_STARTER: 'price_starter_monthly',
      STRIPE_PRICE_PRO: 'price_pro_monthly',
      STRIPE_PRICE_BUSINESS: 'price_business_monthly',
      TRUST_PROXY: 'true',
    });
    expect(await exitOf(server)).toBe(1);
    const output = server.output();
    for (const name of [
      'MAIL_FROM',
      'VITE_SITE_URL',
      'AUTH0_DOMAIN',
      'AUTH0_MANAGEMENT_CLIENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_STARTER',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_BUSINESS',
      'TRUST_PROXY',
    ]) {
      expect(output).toMatch(new RegExp(`^  ${name}: `, 'm'));
    }
    for (const accepted of ['DATABASE_URL', 'SMTP_URL', 'CONTACT_INBOX']) {
      expect(output).not.toMatch(new RegExp(`^  ${accepted}: `, 'm'));
    }
  });
});

// The complete production configuration needs a PostgreSQL server: CI's (TEST_DATABASE_URL) or the one
// on this machine. Without one the sign-in below cannot run, and says so.
const postgresServer = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function canConnect(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const hasPostgres = await canConnect(postgresServer);

describe.skipIf(!hasPostgres)('production mode against the providers over https', () => {
  const siteUrl = standInSiteUrl;
  let providers: ProductionStandIns;
  let certificate: SelfSignedCertificate;
  let identity: IdentityEmulator;
  let payments: PaymentsEmulator;
  let web: ProductionStandIns['web'];
  let management: ProductionStandIns['management'];
  let server: ReturnType<typeof startServer>;
  let serverEnvironment: Record<string, string>;
  let appOrigin: string;

  /** JSON over https, trusting only the test's own certificate. */
  function httpsJson(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        url,
        { method: 'POST', ca: certificate.cert, headers: { 'Content-Type': 'application/json' } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }),
          );
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    });
  }

  beforeAll(async () => {
    providers = await startProductionStandIns({
      name: 'production-mode',
      postgresServer,
      prices: { starter: 'price_1ProdStarter', pro: 'price_1ProdPro', business: 'price_1ProdBusiness' },
    });
    ({ certificate, identity, payments, web, management } = providers);
    serverEnvironment = providers.environment;
    server = startServer(serverEnvironment);
    appOrigin = await listeningOrigin(server, 30_000);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exitOf(server);
    }
    await providers?.close();
  });

  it('starts on https providers and says it runs in production mode', () => {
    expect(identity.url).toMatch(/^https:\/\/localhost:\d+$/);
    expect(payments.url).toMatch(/^https:\/\/localhost:\d+$/);
    expect(server.output()).toContain('"mode":"production"');
    expect(server.output()).toContain('"staging":true');
    expect(server.output()).not.toContain('embedded mode');
  });

  it('signs a person in through the provider and serves them, verifying the token over https', async () => {
    const email = `prod-${Date.now()}@example.com`;
    const password = 'Correct-horse-9';
    const connection = 'Username-Password-Authentication';
    const signUp = await httpsJson(`${identity.url}/dbconnections/signup`, {
      client_id: web.clientId,
      connection,
      email,
      password,
    });
    expect(signUp.status).toBe(200);
    const signIn = await httpsJson(`${identity.url}/oauth/token`, {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: connection,
      client_id: web.clientId,
      audience: web.audience,
      scope: 'openid profile email',
      username: email,
      password,
    });
    expect(signIn.status).toBe(200);
    const authorization = { Authorization: `Bearer ${signIn.body.access_token}` };

    const settings = await dataOf(await fetch(`${appOrigin}/api/identity-config`));
    expect(settings).toMatchObject({ clientId: web.clientId, audience: web.audience });

    const user = await fetch(`${appOrigin}/api/user`, { headers: authorization });
    expect(user.status).toBe(200);
    expect(await dataOf(user)).toMatchObject({ email });

    // A Management API call (client credentials over https) changes the provider's profile.
    const renamed = await fetch(`${appOrigin}/api/auth-user`, {
      method: 'PATCH',
      headers: { ...authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Production Person' }),
    });
    expect(renamed.status).toBe(200);

    // Checkout at the payment provider over https, returning to the configured public site.
    const checkout = await fetch(`${appOrigin}/api/stripe-create-checkout-session`, {
      method: 'POST',
      headers: { ...authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        priceId: 'price_1ProdPro',
        successUrl: `${siteUrl}/dashboard?paid=true`,
        cancelUrl: `${siteUrl}/pricing`,
      }),
    });
    expect(checkout.status).toBe(200);
    expect((await dataOf(checkout)).url).toMatch(new RegExp(`^${payments.url}/`));
  });

  it('has no development door: no outbox, and a machine token is no user', async () => {
    const api = await fetch(`${appOrigin}/api/dev/outbox`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'error', code: 'not_found' });
    // The page path falls through to the web app (its 404 page, or 503 before a build): never the outbox.
    const page = await fetch(`${appOrigin}/dev/outbox`, { redirect: 'manual' });
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain('Development outbox');
    // The API's OpenAPI document is public; its reference page is a development door too.
    expect((await fetch(`${appOrigin}/api/docs`)).status).toBe(404);
    const document = await fetch(`${appOrigin}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { paths: object }).paths).not.toHaveProperty(['/api/dev/outbox']);
    const machine = await httpsJson(`${identity.url}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: management.id,
      client_secret: management.secret,
      audience: `${identity.url}/api/v2/`,
    });
    expect(machine.status).toBe(200);
    const response = await fetch(`${appOrigin}/api/user`, {
      headers: { Authorization: `Bearer ${machine.body.access_token}` },
    });
    expect(response.status).toBe(401);
  });

  /** The same production configuration without any STRIPE_PRICE_*. */
  const withoutPriceIds = () =>
    Object.fromEntries(
      Object.entries(serverEnvironment).filter(([name]) => !name.startsWith('STRIPE_PRICE_')),
    );

  it('finds each plan’s price by its lookup key when no STRIPE_PRICE_* is set', async () => {
    // The account's prices carry the lookup keys starter, pro and business (as `npm run stripe:setup`
    // makes them); a second instance on the same database reads them at start.
    const second = startServer(withoutPriceIds());
    try {
      const origin = await listeningOrigin(second, 30_000);
      const plans = (await (await fetch(`${origin}/api/plans`)).json()) as {
        data: { id: string; priceId: string }[];
      };
      expect(plans.data.map((plan) => [plan.id, plan.priceId])).toEqual([
        ['starter', 'price_1ProdStarter'],
        ['pro', 'price_1ProdPro'],
        ['business', 'price_1ProdBusiness'],
      ]);
    } finally {
      second.kill('SIGTERM');
      await exitOf(second);
    }
  }, 60_000);

  it('refuses to start when a plan has neither STRIPE_PRICE_* nor a price with its lookup key', async () => {
    const empty = await providers.startPayments('payments-empty', { PAYMENTS_SEED_CATALOGUE: 'false' });
    try {
      const refused = startServer({ ...withoutPriceIds(), STRIPE_API_URL: empty.url });
      expect(await exitOf(refused)).toBe(1);
      const output = refused.output();
      for (const plan of ['starter', 'pro', 'business']) {
        expect(output).toMatch(
          new RegExp(
            `^  STRIPE_PRICE_${plan.toUpperCase()}: unset, and no active price has the lookup key '${plan}': run \`npm run stripe:setup\``,
            'm',
          ),
        );
      }
      expect(output).toContain('The server did not start.');
      expect(output).not.toMatch(/listening/i);
    } finally {
      await empty.close();
    }
  }, 60_000);
});
