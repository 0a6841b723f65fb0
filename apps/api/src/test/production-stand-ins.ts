import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@launchkit/env/test/self-signed-certificate';
import {
  type IdentityEmulator,
  loadIdentityConfig,
  startIdentityEmulator,
} from '@launchkit/identity-emulator';
import {
  loadPaymentsConfig,
  type PaymentsEmulator,
  startPaymentsEmulator,
} from '@launchkit/payments-emulator';
import pg from 'pg';

export const standInSiteUrl = 'https://app.launchkit.test';

export interface ProductionStandIns {
  certificate: SelfSignedCertificate;
  identity: IdentityEmulator;
  payments: PaymentsEmulator;
  web: { clientId: string; audience: string };
  management: { id: string; secret: string };
  stripe: { key: string; webhook: string };
  /** The server's complete production configuration for these providers, as an operator writes it. */
  environment: Record<string, string>;
  /** One more payments provider on the same account keys and certificate (e.g. one without prices). */
  startPayments(folder: string, settings?: Record<string, string>): Promise<PaymentsEmulator>;
  close(): Promise<void>;
}

/**
 * What a production server needs to start, without the internet: the two emulators over https (a
 * self-signed certificate, trusted the way an operator trusts a private CA) standing in for Auth0 and
 * Stripe, and a fresh database on `postgresServer`. Used by the production-mode test of the source
 * tree and by the release's (scripts/release.spec.mjs), so both start the same way.
 */
export async function startProductionStandIns(options: {
  name: string;
  postgresServer: string;
  prices: { starter: string; pro: string; business: string };
}): Promise<ProductionStandIns> {
  const opened: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const undo of opened.reverse()) await undo();
  };
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `${options.name}-`));
    opened.push(() => rm(dataDir, { recursive: true, force: true }));
    const certificate = await createSelfSignedCertificate();
    opened.push(() => rm(certificate.dir, { recursive: true, force: true }));
    const tls = { EMULATOR_TLS_CERT_FILE: certificate.certFile, EMULATOR_TLS_KEY_FILE: certificate.keyFile };
    const web = { clientId: `${options.name}-web-client`, audience: 'https://api.launchkit.test' };
    const management = { id: `${options.name}-m2m-client`, secret: randomBytes(24).toString('hex') };
    const stripe = {
      key: `sk_test_${randomBytes(12).toString('hex')}`,
      webhook: `whsec_${randomBytes(12).toString('hex')}`,
    };

    const identity = await startIdentityEmulator(
      loadIdentityConfig({
        ...tls,
        IDENTITY_PORT: '0',
        IDENTITY_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        IDENTITY_DATA_DIR: path.join(dataDir, 'identity'),
        IDENTITY_WEB_ORIGINS: standInSiteUrl,
        AUTH0_CLIENT_ID: web.clientId,
        AUTH0_AUDIENCE: web.audience,
        AUTH0_MANAGEMENT_CLIENT_ID: management.id,
        AUTH0_MANAGEMENT_CLIENT_SECRET: management.secret,
        LOG_LEVEL: 'silent',
      }),
      { logger: false },
    );
    opened.push(() => identity.close());
    const startPayments = async (folder: string, settings: Record<string, string> = {}) =>
      startPaymentsEmulator(
        loadPaymentsConfig({
          ...tls,
          PAYMENTS_PORT: '0',
          PAYMENTS_HOST: '127.0.0.1',
          PAYMENTS_DATA_DIR: path.join(dataDir, folder),
          STRIPE_SECRET_KEY: stripe.key,
          STRIPE_WEBHOOK_SECRET: stripe.webhook,
          STRIPE_WEBHOOK_URL: 'none',
          LOG_LEVEL: 'silent',
          ...settings,
        }),
        { logger: false },
      );
    const payments = await startPayments('payments', {
      STRIPE_PRICE_STARTER: options.prices.starter,
      STRIPE_PRICE_PRO: options.prices.pro,
      STRIPE_PRICE_BUSINESS: options.prices.business,
    });
    opened.push(() => payments.close());

    const databaseName = `${options.name.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
    await withAdminClient(options.postgresServer, `create database "${databaseName}"`);
    opened.push(() =>
      withAdminClient(options.postgresServer, `drop database if exists "${databaseName}" with (force)`),
    );
    const databaseUrl = new URL(options.postgresServer);
    databaseUrl.pathname = `/${databaseName}`;

    const environment = {
      NODE_ENV: 'production',
      // Test-mode keys against the emulators: a staging deployment, as the start logs.
      STAGING: 'true',
      NODE_EXTRA_CA_CERTS: certificate.certFile,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl.toString(),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Launchkit <no-reply@launchkit.test>',
      CONTACT_INBOX: 'owner@launchkit.test',
      VITE_SITE_URL: standInSiteUrl,
      AUTH0_DOMAIN: new URL(identity.url).host, // a bare host, as for an Auth0 tenant: https implied
      AUTH0_CLIENT_ID: web.clientId,
      AUTH0_AUDIENCE: web.audience,
      AUTH0_MANAGEMENT_CLIENT_ID: management.id,
      AUTH0_MANAGEMENT_CLIENT_SECRET: management.secret,
      STRIPE_SECRET_KEY: stripe.key,
      STRIPE_WEBHOOK_SECRET: stripe.webhook,
      STRIPE_API_URL: payments.url,
      STRIPE_PRICE_STARTER: options.prices.starter,
      STRIPE_PRICE_PRO: options.prices.pro,
      STRIPE_PRICE_BUSINESS: options.prices.business,
    };
    return { certificate, identity, payments, web, management, stripe, environment, startPayments, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function withAdminClient(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
