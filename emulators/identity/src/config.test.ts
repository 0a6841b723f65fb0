import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '@launchkit/env';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@launchkit/env/test/self-signed-certificate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityConfig, repoRoot } from './config.ts';

/** Auth0's rate limits, which the emulator has unless told otherwise. */
const defaultRateLimits = {
  resetRequests: { burst: 10, perMinute: 1 },
  userinfo: { burst: 10, perMinute: 5 },
  loginAttempts: { burst: 20, perMinute: 10 },
  management: { burst: 50, perMinute: 3000 },
};

describe('identity emulator configuration', () => {
  it('has the documented defaults', () => {
    const config = loadIdentityConfig({});
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      tls: undefined,
      protocol: 'http:',
      issuer: 'http://localhost:3001/',
      audience: undefined,
      dataDir: path.join(repoRoot, 'data', 'identity'),
      webOrigins: ['http://localhost:3000'],
      webClientId: 'launchkit-web',
      connection: 'Username-Password-Authentication',
      managementClient: { id: 'launchkit-api', secret: 'dev-management-secret' },
      passwordPolicy: 'good',
      passwordHashCost: 17,
      rateLimits: defaultRateLimits,
      mail: { transport: 'outbox', outboxDir: path.join(repoRoot, 'data', 'outbox') },
      appName: 'Launchkit',
    });
  });

  it('derives the issuer from the port, and leaves it to the listening port when the port is 0', () => {
    expect(loadIdentityConfig({ IDENTITY_PORT: '4001' }).issuer).toBe('http://localhost:4001/');
    expect(loadIdentityConfig({ IDENTITY_PORT: '0' }).issuer).toBeUndefined();
    expect(
      loadIdentityConfig({ IDENTITY_PORT: '0', IDENTITY_ISSUER: 'https://id.example.com/' }).issuer,
    ).toBe('https://id.example.com/');
  });

  it('reads the web origins as a comma list of origins', () => {
    const config = loadIdentityConfig({
      IDENTITY_WEB_ORIGINS: 'http://localhost:3900/, https://app.example.com',
    });
    expect(config.webOrigins).toEqual(['http://localhost:3900', 'https://app.example.com']);
  });

  it('listens on loopback unless IDENTITY_HOST says otherwise, whatever the app’s HOST is', () => {
    expect(loadIdentityConfig({ HOST: '0.0.0.0' }).host).toBe('127.0.0.1');
    expect(loadIdentityConfig({ IDENTITY_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('takes an empty variable as unset, as the app does', () => {
    const variables = [
      'IDENTITY_PORT',
      'IDENTITY_ISSUER',
      'IDENTITY_WEB_ORIGINS',
      'AUTH0_AUDIENCE',
      'AUTH0_MANAGEMENT_CLIENT_SECRET',
      'PASSWORD_POLICY',
      'IDENTITY_RATE_LIMITS',
      'IDENTITY_RESET_REQUESTS_PER_MINUTE',
      'IDENTITY_USERINFO_REQUESTS_PER_MINUTE',
      'IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE',
      'LOG_LEVEL',
      'NODE_ENV',
      'EMULATOR_TLS_CERT_FILE',
      'EMULATOR_TLS_KEY_FILE',
    ];
    const config = loadIdentityConfig({
      ...Object.fromEntries(variables.map((name) => [name, ''])),
      IDENTITY_HOST: ' ',
    });
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      issuer: 'http://localhost:3001/',
      audience: undefined,
      webOrigins: ['http://localhost:3000'],
      managementClient: { secret: 'dev-management-secret' },
      passwordPolicy: 'good',
      rateLimits: defaultRateLimits,
      logLevel: 'info',
      tls: undefined,
    });
  });

  it("has Auth0's rate limits on by default; raising a rate raises its burst; off turns every one off", () => {
    const raised = loadIdentityConfig({
      IDENTITY_USERINFO_REQUESTS_PER_MINUTE: '100',
      IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE: '50',
      IDENTITY_RESET_REQUESTS_PER_MINUTE: '3',
      IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: '6',
    });
    expect(raised.rateLimits).toEqual({
      resetRequests: { burst: 30, perMinute: 3 },
      userinfo: { burst: 200, perMinute: 100 },
      loginAttempts: { burst: 100, perMinute: 50 },
      management: { burst: 6, perMinute: 6 },
    });
    expect(loadIdentityConfig({ IDENTITY_RATE_LIMITS: 'off' }).rateLimits).toBeUndefined();
    expect(() => loadIdentityConfig({ IDENTITY_RATE_LIMITS: 'sometimes' })).toThrow(/IDENTITY_RATE_LIMITS/);
    expect(() => loadIdentityConfig({ IDENTITY_USERINFO_REQUESTS_PER_MINUTE: '0' })).toThrow(
      /IDENTITY_USERINFO_REQUESTS_PER_MINUTE/,
    );
  });

  it('refuses to run in production, saying what to set instead', () => {
    expect(() => loadIdentityConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigurationError('Invalid identity emulator configuration', [
        'NODE_ENV: the identity emulator is for development only and does not run in production; set AUTH0_DOMAIN and the other AUTH0_* variables to your Auth0 tenant',
      ]),
    );
    expect(loadIdentityConfig({ NODE_ENV: 'development' }).port).toBe(3001);
    expect(loadIdentityConfig({ NODE_ENV: 'test' }).port).toBe(3001);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadIdentityConfig({ IDENTITY_ISSUER: 'http://localhost:3001' })).toThrow(
      /IDENTITY_ISSUER: must .*end/,
    );
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'abc' })).toThrow(/IDENTITY_PORT/);
    expect(() => loadIdentityConfig({ PASSWORD_POLICY: 'strong' })).toThrow(/PASSWORD_POLICY/);
    expect(() => loadIdentityConfig({ IDENTITY_WEB_ORIGINS: 'not a url' })).toThrow(/IDENTITY_WEB_ORIGINS/);
    expect(() => loadIdentityConfig({ IDENTITY_RESET_REQUESTS_PER_MINUTE: '0' })).toThrow(
      /IDENTITY_RESET_REQUESTS_PER_MINUTE/,
    );
    expect(() => loadIdentityConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('reports every bad variable at once, one line each', () => {
    expect(() =>
      loadIdentityConfig({ IDENTITY_PORT: '70000', LOG_LEVEL: 'loud', PASSWORD_POLICY: 'strong' }),
    ).toThrow(
      /^Invalid identity emulator configuration:\n {2}IDENTITY_PORT: must be at most 65535\n {2}PASSWORD_POLICY: .*\n {2}LOG_LEVEL: .*$/,
    );
  });
});

describe('https (EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE)', () => {
  let certificate: SelfSignedCertificate;
  beforeAll(async () => {
    certificate = await createSelfSignedCertificate();
  });
  afterAll(() => rm(certificate.dir, { recursive: true, force: true }));

  it('reads the certificate and key, and makes the derived issuer https', () => {
    const files = {
      EMULATOR_TLS_CERT_FILE: certificate.certFile,
      EMULATOR_TLS_KEY_FILE: certificate.keyFile,
    };
    const config = loadIdentityConfig(files);
    expect(config.protocol).toBe('https:');
    expect(config.tls?.cert).toBe(certificate.cert);
    expect(config.issuer).toBe('https://localhost:3001/');
    expect(loadIdentityConfig({ ...files, IDENTITY_PORT: '0' }).issuer).toBeUndefined();
    expect(loadIdentityConfig({ ...files, IDENTITY_ISSUER: 'https://id.example.com/' }).issuer).toBe(
      'https://id.example.com/',
    );
  });

  it('wants both files or neither', () => {
    expect(() => loadIdentityConfig({ EMULATOR_TLS_CERT_FILE: certificate.certFile })).toThrow(
      /^Invalid identity emulator configuration:\n {2}EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE: set both/,
    );
    expect(() => loadIdentityConfig({ EMULATOR_TLS_KEY_FILE: certificate.keyFile })).toThrow(
      /EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE: set both/,
    );
    expect(() =>
      loadIdentityConfig({
        EMULATOR_TLS_CERT_FILE: certificate.certFile,
        EMULATOR_TLS_KEY_FILE: path.join(certificate.dir, 'missing.pem'),
      }),
    ).toThrow(/EMULATOR_TLS_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/);
  });
});
