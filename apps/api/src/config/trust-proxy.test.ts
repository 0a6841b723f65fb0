import { describe, expect, it } from 'vitest';
import { type TrustProxy, trustProxyOption, trustProxySetting } from './trust-proxy.ts';

const parse = (value: string | undefined) => trustProxySetting.safeParse(value);

describe('TRUST_PROXY', () => {
  it('trusts no hop when unset, empty, false or 0', () => {
    for (const value of [undefined, '', '  ', 'false', '0']) {
      expect(parse(value)).toMatchObject({ success: true, data: { kind: 'none' } });
    }
  });

  it('reads a hop count', () => {
    expect(parse('1').data).toEqual({ kind: 'hops', hops: 1 });
    expect(parse(' 2 ').data).toEqual({ kind: 'hops', hops: 2 });
  });

  it('reads a list of addresses, CIDR ranges and named ranges', () => {
    expect(parse('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback,uniquelocal,linklocal').data).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback', 'uniquelocal', 'linklocal'],
    });
  });

  it('refuses true: every hop trusted would let any client forge its address', () => {
    const result = parse('true');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^true would trust every hop/);
  });

  it('reads public ranges as wide as the largest proxy fleets, and private ranges of any width', () => {
    const ranges = [
      '104.16.0.0/13',
      '2400:cb00::/32',
      '10.0.0.0/8',
      '172.16.0.0/12',
      'fc00::/7',
      'fe80::/10',
    ];
    expect(parse(ranges.join(',')).data).toEqual({ kind: 'addresses', addresses: ranges });
  });

  it.each([
    ['0.0.0.0/1,128.0.0.0/1,::/1,8000::/1', '0.0.0.0/1, 128.0.0.0/1, ::/1, 8000::/1'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['10.0.0.1, 100.0.0.0/6', '100.0.0.0/6'],
    ['::/0', '::/0'],
    ['::ffff:0.0.0.0/96', '::ffff:0.0.0.0/96'],
    ['::ffff:0:0/97', '::ffff:0:0/97'],
  ])('refuses %j, a range that trusts clients to name their own address', (value, named) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(
      new RegExp(`^${named.replaceAll('.', '\\.')} is wider than any proxy fleet`),
    );
  });

  it('refuses public ranges that trust every address together, each narrow enough alone', () => {
    const everyEight = Array.from({ length: 256 }, (_, first) => `${first}.0.0.0/8`).join(',');
    for (const value of [everyEight, '8.0.0.0/8,9.0.0.0/8']) {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(
        /^the public ranges listed trust more addresses together/,
      );
    }
    // One public /8, and private ranges of any number and width, still pass.
    expect(parse('8.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16').success).toBe(true);
  });

  it.each([
    'yes',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0/8',
    '10.0.0.1/8/1',
    '10.0.0.1/',
    '10.0.0.1/x',
    'localhost',
    '-1',
    '1.5',
    ',',
    '127.0.0.1, nonsense',
  ])('refuses %j', (value) => {
    const result = parse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/is not a hop count, an IP address, a CIDR range/);
  });
});

describe('trustProxyOption (Fastify’s trustProxy)', () => {
  it('is false without proxies, and the list itself for addresses', () => {
    expect(trustProxyOption({ kind: 'none' })).toBe(false);
    expect(trustProxyOption({ kind: 'addresses', addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
  });

  it('for a hop count, trusts a private-network peer within the count, and nothing else', () => {
    const trust = trustProxyOption({ kind: 'hops', hops: 1 } satisfies TrustProxy);
    if (typeof trust !== 'function') throw new Error('expected a function');
    for (const peer of ['127.0.0.1', '::1', '10.0.0.5', '172.16.3.4', '192.168.1.1', 'fd12::1', 'fe80::1']) {
      expect(trust(peer, 0)).toBe(true);
    }
    for (const peer of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '172.32.0.1'])
      expect(trust(peer, 0)).toBe(false);
    expect(trust('10.0.0.5', 1)).toBe(false);

    const twoHops = trustProxyOption({ kind: 'hops', hops: 2 });
    if (typeof twoHops !== 'function') throw new Error('expected a function');
    expect(twoHops('10.0.0.6', 1)).toBe(true);
    expect(twoHops('10.0.0.6', 2)).toBe(false);
    expect(twoHops('203.0.113.9', 1)).toBe(false);
  });
});
