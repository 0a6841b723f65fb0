import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadIdentityConfig, repoRoot } from './config.ts';

describe('identity emulator configuration', () => {
  it('has the documented defaults', () => {
    const config = loadIdentityConfig({});
    expect(config).toMatchObject({
      port: 3001,
      host: '0.0.0.0',
      issuer: 'http://localhost:3001/',
      audience: undefined,
      dataDir: path.join(repoRoot, 'data', 'identity'),
      webOrigins: ['http://localhost:3000'],
      webClientId: 'launchkit-web',
      connection: 'Username-Password-Authentication',
      managementClient: { id: 'launchkit-api', secret: 'dev-management-secret' },
      passwordPolicy: 'good',
      resetRequestsPerMinute: 1,
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

  it('names the variable that is wrong', () => {
    expect(() => loadIdentityConfig({ IDENTITY_ISSUER: 'http://localhost:3001' })).toThrow(
      /IDENTITY_ISSUER: must .*end/,
    );
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'abc' })).toThrow(/IDENTITY_PORT/);
    expect(() => loadIdentityConfig({ PASSWORD_POLICY: 'strong' })).toThrow(/PASSWORD_POLICY/);
    expect(() => loadIdentityConfig({ IDENTITY_WEB_ORIGINS: 'not a url' })).toThrow(/IDENTITY_WEB_ORIGINS/);
  });
});
