import { readFile, rm } from 'node:fs/promises';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@launchkit/env/test/self-signed-certificate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#api/http/app-error.ts';
import { startReceiver } from '#api/test/webhook-receiver.ts';
import { checkEndpointUrl } from './check-endpoint-url.ts';
import { postWebhook } from './post-webhook.ts';
import { isPublicAddress, type ResolvedAddress, type TargetPolicy } from './webhook-targets.ts';

// Server-side request forgery (docs/webhooks.md, "Where deliveries go"): production mode's rules, at
// registration and at delivery, with the system's resolver or a test's own (a name it controls).
const production: TargetPolicy = { mode: 'production' };
const resolvingTo =
  (...addresses: string[]): TargetPolicy['lookup'] =>
  async () =>
    addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, policy: TargetPolicy): Promise<string> {
  try {
    await checkEndpointUrl(url, policy);
  } catch (error) {
    if (error instanceof AppError && error.code === 'webhooks/url-refused') return error.message;
    throw error;
  }
  throw new Error(`${url} was accepted`);
}

const message = { body: '{"id":"evt_test"}', headers: { 'webhook-id': 'evt_test' } };

describe('where webhooks may go in production', () => {
  it('refuses loopback, private, link-local and other non-public addresses at registration', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.1.2.3:8443/hook',
      'https://10.0.0.1/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/hook',
      'https://100.64.0.1/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[fd12:3456::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook', // 169.254.169.254, mapped
      'https://[::7f00:1]/hook', // 127.0.0.1, IPv4-compatible
      'https://[::ffff:0:7f00:1]/hook', // 127.0.0.1, IPv4-translated
      'https://[64:ff9b::7f00:1]/hook', // 127.0.0.1 through NAT64
    ]) {
      expect(await refusal(url, production), url).toMatch(/private, loopback or link-local/);
    }
  });

  it('refuses a name that resolves to loopback, or to any non-public address among public ones', async () => {
    // The system's resolver: localhost is this machine.
    expect(await refusal('https://localhost/hook', production)).toMatch(
      /^The host localhost resolves to a private, loopback or link-local address/,
    );
    expect(
      await refusal('https://hooks.customer.test/hook', { ...production, lookup: resolvingTo('127.0.0.1') }),
    ).toMatch(/^The host hooks\.customer\.test resolves to a private/);
    expect(
      await refusal('https://hooks.customer.test/hook', {
        ...production,
        lookup: resolvingTo('93.184.215.14', '10.1.2.3'),
      }),
    ).toMatch(/^The host hooks\.customer\.test resolves to a private/);
    expect(
      await checkEndpointUrl('https://hooks.customer.test/hook', {
        ...production,
        lookup: resolvingTo('93.184.215.14'),
      }),
    ).toBe('https://hooks.customer.test/hook');
  });

  it('in staging, accepts this machine over https and nothing else that is not public', async () => {
    const staging: TargetPolicy = { ...production, acceptsLoopback: true };
    expect(await checkEndpointUrl('https://localhost:8443/hook', staging)).toBe(
      'https://localhost:8443/hook',
    );
    expect(await checkEndpointUrl('https://127.0.0.1/hook', staging)).toBe('https://127.0.0.1/hook');
    expect(await refusal('http://localhost:8443/hook', staging)).toBe('Use an https:// address.');
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/', 'https://[::ffff:7f00:1]/']) {
      expect(await refusal(url, staging), url).toMatch(/private, loopback or link-local/);
    }
  });

  it('wants https, no credentials in the address, and http only for localhost in development', async () => {
    expect(await refusal('http://93.184.215.14/hook', production)).toBe('Use an https:// address.');
    expect(await refusal('http://localhost:3000/hook', production)).toBe('Use an https:// address.');
    expect(await refusal('https://user:secret@93.184.215.14/', production)).toMatch(/user name or password/);
    const development: TargetPolicy = { mode: 'embedded' };
    expect(await checkEndpointUrl('http://localhost:3000/hook', development)).toBe(
      'http://localhost:3000/hook',
    );
    expect(await checkEndpointUrl('http://127.0.0.1:3000/hook', development)).toBe(
      'http://127.0.0.1:3000/hook',
    );
    expect(await refusal('http://example.com/hook', development)).toMatch(/only for localhost/);
  });

  it('classifies addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.255.255.255',
      '172.31.0.1',
      '192.168.0.1',
      '169.254.169.254',
      'fc00::1',
      'fe80::1',
      '::1',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      // Every IPv6 form that embeds an IPv4 address, public or not.
      '::ffff:8.8.8.8',
      '::7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:808:808::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('deliveries in production', () => {
  let certificate: SelfSignedCertificate;
  let target: Awaited<ReturnType<typeof startReceiver>>;
  let inside: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    certificate = await createSelfSignedCertificate();
    const tls = { cert: certificate.cert, key: await readFile(certificate.keyFile, 'utf8') };
    target = await startReceiver({ tls });
    // What a forged request would reach: a service on the server's own machine.
    inside = await startReceiver({ tls });
  });
  afterAll(async () => {
    await target?.close();
    await inside?.close();
    if (certificate) await rm(certificate.dir, { recursive: true, force: true });
  });

  it('checks again at delivery, after resolving: a name that now resolves to loopback is refused', async () => {
    let answers = 0;
    // Public when registered, loopback when delivered: DNS rebinding.
    const rebinding: TargetPolicy = {
      ...production,
      ca: certificate.cert,
      lookup: async () => [{ address: answers++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }],
    };
    const url = `https://rebinding.test:${inside.port}/hook`;
    expect(await checkEndpointUrl(url, rebinding)).toBe(url);
    const attempt = await postWebhook(url, message, rebinding);
    expect(attempt).toMatchObject({ isSuccess: false, responseStatus: null });
    expect(attempt.error).toMatch(
      /^Refused: The host rebinding\.test resolves to a private, loopback or link-local address/,
    );
    expect(inside.received).toEqual([]);
  });

  it('refuses 127.0.0.1, 10.0.0.1 and 169.254.169.254 at delivery without connecting', async () => {
    for (const url of [
      `https://127.0.0.1:${inside.port}/`,
      'https://10.0.0.1/',
      'https://169.254.169.254/latest',
    ]) {
      const attempt = await postWebhook(url, message, { ...production, ca: certificate.cert });
      expect(attempt.error, url).toMatch(/^Refused: .*private, loopback or link-local/);
    }
    expect(inside.received).toEqual([]);
  });

  it('checks every redirect: one to loopback is refused, and its target never reached', async () => {
    // The test cannot run a public host: its first server stands in for one (that address and port
    // only); every other address keeps production's rule.
    const policy: TargetPolicy = {
      ...production,
      ca: certificate.cert,
      publicStandIns: new Set([`127.0.0.1:${target.port}`]),
    };
    for (const location of [
      `https://localhost:${inside.port}/admin`,
      `https://127.0.0.1:${inside.port}/admin`,
      `http://127.0.0.1:${inside.port}/admin`,
    ]) {
      target.setAnswer(() => ({ status: 307, location }));
      const attempt = await postWebhook(`${target.url}/hook`, message, policy);
      expect(attempt.isSuccess, location).toBe(false);
      expect(attempt.error, location).toMatch(/^Refused: /);
    }
    expect(inside.received).toEqual([]);
    expect(target.received).toHaveLength(3);

    // The stand-in itself is reached, and a redirect within it is followed (the same checks).
    target.setAnswer((path) => (path === '/moved' ? { status: 308, location: '/here' } : { status: 200 }));
    expect(await postWebhook(`${target.url}/moved`, message, policy)).toMatchObject({
      isSuccess: true,
      responseStatus: 200,
      error: null,
    });
    expect(target.received.at(-1)).toMatchObject({ path: '/here', body: message.body });

    // A loop ends after a few hops.
    target.setAnswer(() => ({ status: 302, location: '/again' }));
    expect((await postWebhook(`${target.url}/loop`, message, policy)).error).toBe('More than 3 redirects.');
  });
});
