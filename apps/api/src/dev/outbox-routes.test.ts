import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates } from '#api/mail/mail-templates.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { completeProduction } from '#api/test/production-environment.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

let embedded: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  embedded = await startTestApp();
  behindProxy = await startTestApp({ TRUST_PROXY: '1' }, { database: embedded.database });
});
afterAll(async () => {
  await behindProxy?.close();
  await embedded?.close();
});

const paths = ['/api/dev/outbox', '/dev/outbox', '/dev/mail'];
const forwardingHeaders: Record<string, string>[] = [
  { 'x-forwarded-for': '127.0.0.1' },
  { 'x-forwarded-for': '198.51.100.7' },
  { forwarded: 'for=127.0.0.1' },
  { 'x-real-ip': '127.0.0.1' },
];

const read = (app: TestApp, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, remoteAddress, headers });

function expectForbidden(response: Awaited<ReturnType<typeof read>>) {
  expectErrorEnvelope(
    response,
    403,
    'forbidden',
    'The development outbox is only readable from this machine.',
  );
}

describe('the development outbox', () => {
  it('is readable from this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const json = await read(embedded, '/api/dev/outbox', address);
      expect(json.statusCode).toBe(200);
      expect(json.json()).toEqual({ status: 'success', data: expect.any(Array) });
      const page = await read(embedded, '/dev/outbox', address);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('previews every mail template at /dev/mail, its HTML in a sandboxed frame', async () => {
    const page = await read(embedded, '/dev/mail', '127.0.0.1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    for (const name of Object.keys(mailTemplates)) expect(page.body).toContain(`<code>${name}</code>`);
    expect(page.body).toContain('<iframe sandbox srcdoc="&#60;!DOCTYPE html');
    expect(page.body).toContain('You are invited to join a workspace');
  });

  it.each(paths)(
    'refuses %s to another machine that claims to be this one in X-Forwarded-For',
    async (path) => {
      for (const app of [embedded, behindProxy]) {
        // A public client, and a private-network peer that TRUST_PROXY=1 takes for a proxy.
        for (const peer of ['203.0.113.5', '10.0.0.5']) {
          expectForbidden(await read(app, path, peer, { 'x-forwarded-for': '127.0.0.1' }));
          expectForbidden(await read(app, path, peer));
        }
      }
    },
  );

  it.each(paths)('refuses %s through a proxy on this machine: any forwarding header', async (path) => {
    for (const app of [embedded, behindProxy]) {
      for (const headers of forwardingHeaders) {
        expectForbidden(await read(app, path, '127.0.0.1', headers));
      }
    }
  });

  it.each(paths)('refuses %s under a host name that is not this machine’s (DNS rebinding)', async (path) => {
    for (const host of ['attacker.example:3300', 'attacker.example', 'localhost.attacker.example']) {
      const response = await read(embedded, path, '127.0.0.1', { host });
      expectErrorEnvelope(
        response,
        403,
        'forbidden',
        expect.stringMatching(/^The development outbox answers only at localhost, 127\.0\.0\.1, \[::1\]/),
      );
    }
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await read(embedded, path, '127.0.0.1', { host })).statusCode).toBe(200);
    }
  });

  it('does not exist in production mode', async () => {
    const production = await startTestApp(completeProduction, { database: embedded.database });
    try {
      expect(production.config.mode).toBe('production');
      const json = await read(production, '/api/dev/outbox', '127.0.0.1');
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ status: 'error', code: 'not_found' });
      // The page path falls through to the web app (its 404 page, or 503 before a build): never the outbox.
      const page = await read(production, '/dev/outbox', '127.0.0.1');
      expect(page.statusCode).not.toBe(200);
      expect(page.body).not.toContain('Development outbox');
      expect((await read(production, '/dev/mail', '127.0.0.1')).body).not.toContain('Mail templates');
    } finally {
      await production.close();
    }
  });
});
