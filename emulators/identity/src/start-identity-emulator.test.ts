import { rm } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import {
  describeProcessEntry,
  expectDataDirectoryLock,
  useTemporaryDirectory,
} from '@launchkit/emulator-kit/test';
import { createSelfSignedCertificate } from '@launchkit/env/test/self-signed-certificate';
import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config.ts';
import { startIdentityEmulator } from './index.ts';
import { startTestIdentity, testTenant } from './test/test-identity.ts';

const tempDir = useTemporaryDirectory('identity-start-');

describe('state across restarts', () => {
  it('keeps users and the signing key', async () => {
    const dataDir = path.join(tempDir(), 'restart');
    const first = await startTestIdentity({}, dataDir);
    await first.signUp('katherine@example.com');
    const firstKeys = (await first.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    await first.close();

    const second = await startTestIdentity({}, dataDir);
    try {
      const secondKeys = (await second.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(secondKeys).toEqual(firstKeys);
      expect((await second.passwordLogin('katherine@example.com', testTenant.goodPassword)).statusCode).toBe(
        200,
      );
      expect((await second.signUp('KATHERINE@example.com')).json().code).toBe('user_exists');
    } finally {
      await second.close();
    }
  });
});

describe('one emulator per data directory', () => {
  it('refuses a directory held by another live process, and takes over a stale lock', async () => {
    const held = path.join(tempDir(), 'held', 'identity');
    const config = loadIdentityConfig({ IDENTITY_DATA_DIR: held, IDENTITY_PORT: '0', LOG_LEVEL: 'silent' });
    await expectDataDirectoryLock(held, () => startIdentityEmulator(config, { logger: false }));
  });
});

describe('startIdentityEmulator', () => {
  it('listens on a free port with an issuer that follows it', async () => {
    const config = loadIdentityConfig({
      DATA_DIR: path.join(tempDir(), 'listen'),
      IDENTITY_PORT: '0',
      IDENTITY_HOST: '127.0.0.1',
    });
    const emulator = await startIdentityEmulator(config, { logger: false });
    try {
      expect(emulator.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(emulator.issuer).toBe(`${emulator.url}/`);
      expect(config.host).toBe('127.0.0.1');
      const port = new URL(emulator.url).port;
      const discovery = await (
        await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)
      ).json();
      expect(discovery).toMatchObject({
        issuer: emulator.issuer,
        jwks_uri: `${emulator.url}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    } finally {
      await emulator.close();
    }
  });
});

/** A GET over https trusting `ca` (the test's self-signed certificate) in this process only. */
function httpsGet(url: string, ca: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    https
      .get(url, { ca, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      })
      .on('error', reject);
  });
}

describe('https (EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE)', () => {
  it('serves https with an https issuer, url and Secure cookies', async () => {
    const certificate = await createSelfSignedCertificate();
    const config = loadIdentityConfig({
      DATA_DIR: path.join(tempDir(), 'https'),
      IDENTITY_PORT: '0',
      EMULATOR_TLS_CERT_FILE: certificate.certFile,
      EMULATOR_TLS_KEY_FILE: certificate.keyFile,
      LOG_LEVEL: 'silent',
    });
    const emulator = await startIdentityEmulator(config, { logger: false });
    try {
      const port = new URL(emulator.url).port;
      expect(emulator.url).toBe(`https://localhost:${port}`);
      expect(emulator.issuer).toBe(`https://localhost:${port}/`);

      const discovery = await httpsGet(`${emulator.url}/.well-known/openid-configuration`, certificate.cert);
      expect(discovery.status).toBe(200);
      expect(JSON.parse(discovery.body)).toMatchObject({
        issuer: `https://localhost:${port}/`,
        jwks_uri: `https://localhost:${port}/.well-known/jwks.json`,
        token_endpoint: `https://localhost:${port}/oauth/token`,
      });
      // Without the certificate trusted, a client refuses it: this is real TLS, checked.
      await expect(fetch(`${emulator.url}/.well-known/openid-configuration`)).rejects.toThrow();

      const query = new URLSearchParams({
        client_id: 'launchkit-web',
        response_type: 'token id_token',
        redirect_uri: 'http://localhost:3000/auth0-callback',
        scope: 'openid',
        connection: 'google-oauth2',
        state: 'state',
        nonce: 'nonce',
      });
      const consent = await httpsGet(`${emulator.url}/authorize?${query}`, certificate.cert);
      expect(consent.status).toBe(200);
      const cookies = consent.headers['set-cookie'] ?? [];
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    } finally {
      await emulator.close();
      await rm(certificate.dir, { recursive: true, force: true });
    }
  });
});

describeProcessEntry({
  serverFile: path.join(import.meta.dirname, 'server.ts'),
  tempDir,
  dataIn: (dataDir) => ({ DATA_DIR: dataDir, IDENTITY_PORT: '0' }),
  serving: { IDENTITY_HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  lockFile: (dataDir) => path.join(dataDir, 'identity', 'emulator.lock'),
  readyMessage: 'identity emulator ready (development only: not Auth0; test users and secrets are public)',
  heading: 'Identity emulator',
  productionRefusal:
    'Invalid identity emulator configuration:\n  NODE_ENV: the identity emulator is for development only and does not run in production; set AUTH0_DOMAIN and the other AUTH0_* variables to your Auth0 tenant',
});
