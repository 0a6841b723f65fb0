import { describe, expect, it } from 'vitest';
import { createStreamLimits } from './stream-limits.ts';

function recorder() {
  const ended: string[] = [];
  return { ended, end: (name: string) => () => ended.push(name) };
}

describe('createStreamLimits', () => {
  it('ends the oldest stream of a user past the per-user limit, and only that one', () => {
    const limits = createStreamLimits({ perUser: 2, perAddress: 100 });
    const { ended, end } = recorder();
    limits.admit('alice', '192.0.2.1', end('a1'));
    limits.admit('alice', '192.0.2.2', end('a2'));
    limits.admit('bob', '192.0.2.1', end('b1'));
    limits.admit('alice', '192.0.2.3', end('a3'));
    expect(ended).toEqual(['a1']);
    expect(limits.countOf('alice')).toBe(2);
    expect(limits.countFrom('192.0.2.1')).toBe(1); // a1 no longer counts for its address either
  });

  it('ends the oldest stream of an address past the per-address limit, whoever it belongs to', () => {
    const limits = createStreamLimits({ perUser: 100, perAddress: 2 });
    const { ended, end } = recorder();
    limits.admit('alice', '192.0.2.1', end('alice'));
    limits.admit('bob', '192.0.2.1', end('bob'));
    limits.admit('carol', '192.0.2.1', end('carol'));
    expect(ended).toEqual(['alice']);
    expect(limits.countOf('alice')).toBe(0);
    expect(limits.countFrom('192.0.2.1')).toBe(2);
  });

  it('takes an IPv6 client as its /64, and an IPv4-mapped address as the IPv4 one', () => {
    const limits = createStreamLimits({ perUser: 100, perAddress: 1 });
    const { ended, end } = recorder();
    limits.admit('alice', '2001:db8:1:2::10', end('first'));
    limits.admit('bob', '2001:db8:1:2:ffff::1', end('same /64'));
    limits.admit('carol', '2001:db8:1:3::10', end('another /64'));
    limits.admit('dave', '::ffff:192.0.2.9', end('mapped'));
    limits.admit('erin', '192.0.2.9', end('plain'));
    expect(ended).toEqual(['first', 'mapped']);
  });

  it('forgets a released stream, once however often it is released', () => {
    const limits = createStreamLimits({ perUser: 1, perAddress: 1 });
    const { ended, end } = recorder();
    const release = limits.admit('alice', '192.0.2.1', end('first'));
    release();
    release();
    limits.admit('alice', '192.0.2.1', end('second'));
    expect(ended).toEqual([]);
    expect(limits.countOf('alice')).toBe(1);
  });
});
