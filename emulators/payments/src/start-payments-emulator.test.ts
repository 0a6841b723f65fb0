import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import {
  describeProcessEntry,
  expectDataDirectoryLock,
  outcomeOf,
  spawnServer,
  useTemporaryDirectory,
} from '@launchkit/emulator-kit/test';
import { createSelfSignedCertificate } from '@launchkit/env/test/self-signed-certificate';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadPaymentsConfig } from './config.ts';
import { startPaymentsEmulator } from './index.ts';
import { createSession, startTestPayments } from './test/test-payments.ts';

const tempDir = useTemporaryDirectory('payments-start-');

describe('state across restarts', () => {
  it('keeps customers, subscriptions, invoices, events and clocks', async () => {
    const dataDir = path.join(tempDir(), 'restart');
    const first = await startTestPayments({}, dataDir);
    const customer = await first.stripe.customers.create({
      email: 'kept@example.com',
      metadata: { uid: 'u-9' },
    });
    const session = await createSession(first.stripe, { customer: customer.id });
    await first.payCheckout(session.url ?? '');
    await first.advanceClock(customer.id, 3600);
    const before = (await first.stripe.subscriptions.list({ customer: customer.id })).data;
    const portal = await first.stripe.billingPortal.sessions.create({ customer: customer.id });
    await first.close();
    const saved = JSON.parse(await readFile(path.join(dataDir, 'state.json'), 'utf8'));
    expect(saved.version).toBe(1);
    expect(existsSync(path.join(dataDir, 'state.json.tmp'))).toBe(false);

    const second = await startTestPayments({}, dataDir);
    try {
      expect(await second.stripe.customers.retrieve(customer.id)).toMatchObject({
        email: 'kept@example.com',
        metadata: { uid: 'u-9' },
      });
      expect((await second.stripe.subscriptions.list({ customer: customer.id })).data).toEqual(before);
      expect((await second.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
      expect((await second.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
      expect((await second.stripe.events.list({ limit: 100 })).data.length).toBeGreaterThanOrEqual(4);
      const clock = await second.call('GET', `/emulator/clock?customer=${customer.id}`);
      expect(clock.body.now).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3590);
      expect((await second.page(`${second.origin}${new URL(portal.url).pathname}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a state file it cannot read, naming it', async () => {
    const dataDir = path.join(tempDir(), 'broken');
    await startTestPayments({}, dataDir).then((payments) => payments.close());
    await writeFile(path.join(dataDir, 'state.json'), '{not json');
    await expect(startTestPayments({}, dataDir)).rejects.toThrow(/state\.json is not valid JSON/);
    // The lock was given back: a good file starts again.
    await writeFile(path.join(dataDir, 'state.json'), JSON.stringify({ version: 1 }));
    await startTestPayments({}, dataDir).then((payments) => payments.close());
  });
});

describe('one emulator per data directory', () => {
  it('refuses a directory held by another live process, and takes over a stale lock', async () => {
    const held = path.join(tempDir(), 'held');
    const config = loadPaymentsConfig({
      PAYMENTS_DATA_DIR: held,
      PAYMENTS_PORT: '0',
      PAYMENTS_HOST: '127.0.0.1',
      STRIPE_WEBHOOK_URL: 'none',
    });
    await expectDataDirectoryLock(held, () => startPaymentsEmulator(config, { logger: false }));
  });
});

describe('startPaymentsEmulator', () => {
  it('listens on a free port and names hosted pages after it', async () => {
    const config = loadPaymentsConfig({
      PAYMENTS_DATA_DIR: path.join(tempDir(), 'listen'),
      PAYMENTS_PORT: '0',
      PAYMENTS_HOST: '127.0.0.1',
      STRIPE_WEBHOOK_URL: 'none',
    });
    const emulator = await startPaymentsEmulator(config, { logger: false });
    try {
      expect(emulator.url).toMatch(/^http:\/\/localhost:\d+$/);
      const port = new URL(emulator.url).port;
      const response = await fetch(`http://127.0.0.1:${port}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_test_emulator',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'mode=subscription&line_items[0][price]=price_starter_monthly&line_items[0][quantity]=1&success_url=http://localhost:3000/ok',
      });
      const session = (await response.json()) as { id: string; url: string };
      expect(session.url).toBe(`${emulator.url}/c/pay/${session.id}`);
      expect(response.headers.get('request-id')).toMatch(/^req_/);
    } finally {
      await emulator.close();
    }
  });
});

describe('https (EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE)', () => {
  it('serves the API over https and names hosted pages with https URLs', async () => {
    const certificate = await createSelfSignedCertificate();
    const config = loadPaymentsConfig({
      PAYMENTS_DATA_DIR: path.join(tempDir(), 'https'),
      PAYMENTS_PORT: '0',
      STRIPE_WEBHOOK_URL: 'none',
      EMULATOR_TLS_CERT_FILE: certificate.certFile,
      EMULATOR_TLS_KEY_FILE: certificate.keyFile,
      LOG_LEVEL: 'silent',
    });
    const emulator = await startPaymentsEmulator(config, { logger: false });
    try {
      const port = Number(new URL(emulator.url).port);
      expect(emulator.url).toBe(`https://localhost:${port}`);
      // The real SDK, trusting the test's certificate in this process only.
      const stripe = new Stripe('sk_test_emulator', {
        host: 'localhost',
        port,
        protocol: 'https',
        maxNetworkRetries: 0,
        httpClient: Stripe.createNodeHttpClient(new https.Agent({ ca: certificate.cert })),
      });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_starter_monthly', quantity: 1 }],
        success_url: 'https://app.example.test/dashboard?session={CHECKOUT_SESSION_ID}',
      });
      expect(session.url).toBe(`https://localhost:${port}/c/pay/${session.id}`);
      const portal = await stripe.billingPortal.sessions.create({
        customer: (await stripe.customers.create({ email: 'tls@example.com' })).id,
      });
      expect(portal.url).toMatch(new RegExp(`^https://localhost:${port}/p/session/`));
      // Without the certificate trusted, a client refuses it: this is real TLS, checked.
      await expect(fetch(`${emulator.url}/`)).rejects.toThrow();
    } finally {
      await emulator.close();
      await rm(certificate.dir, { recursive: true, force: true });
    }
  });
});

const serverFile = path.join(import.meta.dirname, 'server.ts');

describeProcessEntry(
  {
    serverFile,
    tempDir,
    dataIn: (dataDir) => ({ PAYMENTS_DATA_DIR: dataDir, PAYMENTS_PORT: '0' }),
    serving: { PAYMENTS_HOST: '127.0.0.1', LOG_LEVEL: 'info', STRIPE_WEBHOOK_URL: 'none' },
    lockFile: (dataDir) => path.join(dataDir, 'emulator.lock'),
    readyMessage: 'payments emulator ready (development only: not Stripe; test cards give paid plans)',
    heading: 'Payments emulator',
    productionRefusal:
      'Invalid payments emulator configuration:\n  NODE_ENV: the payments emulator is for development only and does not run in production; set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_* to your Stripe account',
  },
  () => {
    it('stops at once with the name of a bad variable', async () => {
      const { code, errors } = await outcomeOf(spawnServer(serverFile, { PAYMENTS_PORT: 'nope' }));
      expect(code).toBe(1);
      expect(errors).toContain('PAYMENTS_PORT');
    }, 60_000);
  },
);
