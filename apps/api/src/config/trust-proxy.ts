import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { field } from '@launchkit/env';
import { z } from 'zod';

/** Which hops may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`). */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; addresses: string[] };

// proxy-addr's names for well-known ranges, accepted beside addresses and CIDR ranges.
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
const isPrivateNetwork = proxyAddr.compile(namedRanges);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false, a hop count (1 for one load balancer), or the proxies' addresses and CIDR
 * ranges. `true` (trust every hop) is refused: any client would forge its address with one header and
 * escape every limit.
 */
export const trustProxySetting = field.variable(z.string().trim()).transform((value, context): TrustProxy => {
  if (value === undefined || value === 'false' || value === '0') return { kind: 'none' };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  if (value === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'true would trust every hop, so any client could forge its address; give the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = addresses.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0 || addresses.length === 0) {
    context.addIssue({
      code: 'custom',
      message: `"${invalid.join(', ') || value}" is not a hop count, an IP address, a CIDR range or one of ${namedRanges.join(', ')}`,
    });
    return z.NEVER;
  }
  const tooWide = addresses.filter(isTooWide);
  if (tooWide.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `${tooWide.join(', ')} is wider than any proxy fleet (IPv4 ranges of /${widestPublicRange.v4} or narrower, IPv6 of /${widestPublicRange.v6} or narrower, or private ranges of any width): trusting it would let clients on it forge their address; list your proxies' own ranges`,
    });
    return z.NEVER;
  }
  if (publicAddressesTrusted(addresses) > 2 ** (32 - widestPublicRange.v4)) {
    context.addIssue({
      code: 'custom',
      message: `the public ranges listed trust more addresses together than one /${widestPublicRange.v4} (narrow ranges can add up to every address there is): list your proxies' own ranges`,
    });
    return z.NEVER;
  }
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `is not a list proxy-addr accepts: ${String(error)}` });
    return z.NEVER;
  }
  return { kind: 'addresses', addresses };
});

/**
 * The widest public ranges a proxy list may name. The largest published proxy fleets fit: Cloudflare's
 * widest are 104.16.0.0/13 and 2400:cb00::/32, and cloud load balancers sit in private ranges.
 */
const widestPublicRange = { v4: 8, v6: 16 };

/**
 * A range that covers public addresses and is wider than a proxy fleet: such as 0.0.0.0/1, which with
 * 128.0.0.0/1 trusts every address there is. A private range (10.0.0.0/8, fc00::/7) may be any width.
 */
function isTooWide(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined || namedRanges.includes(entry)) return false;
  const version = isIP(address);
  if (version === 6 && /^::ffff:/i.test(address)) {
    // IPv4-mapped: proxy-addr compares these as the IPv4 addresses they carry.
    const mapped = address.includes('.')
      ? address.slice('::ffff:'.length)
      : expandIpv6(address)
          .slice(6)
          .flatMap((group) => [group >> 8, group & 255])
          .join('.');
    return Number(prefix) < 96 || isTooWide(`${mapped}/${Number(prefix) - 96}`);
  }
  if (version === 6 && address.includes('.')) return Number(prefix) < widestPublicRange.v6;
  if (Number(prefix) >= (version === 4 ? widestPublicRange.v4 : widestPublicRange.v6)) return false;
  return !(
    isPrivateNetwork(address, 0) && isPrivateNetwork(lastAddressOf(address, Number(prefix), version), 0)
  );
}

/**
 * How many public IPv4 addresses the list trusts, counted range by range (overlaps counted twice, which
 * errs on the safe side): 256 /8 ranges, each allowed alone, trust every address together. An IPv4-mapped
 * IPv6 range counts as its IPv4 range; other IPv6 ranges are judged by their width alone (isTooWide).
 */
function publicAddressesTrusted(addresses: string[]): number {
  let count = 0;
  for (const entry of addresses) {
    if (namedRanges.includes(entry)) continue;
    const [address = '', prefixText] = entry.split('/');
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const ipv4 = isIP(address) === 4 ? address : mapped;
    if (ipv4 === undefined) continue;
    const prefix = prefixText === undefined ? 32 : Number(prefixText) - (mapped ? 96 : 0);
    if (isPrivateNetwork(ipv4, 0) && isPrivateNetwork(lastAddressOf(ipv4, prefix, 4), 0)) continue;
    count += 2 ** (32 - prefix);
  }
  return count;
}

/** The last address of a CIDR range. */
function lastAddressOf(address: string, prefix: number, version: number): string {
  if (version === 4) {
    const value = address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    const last = value + 2 ** (32 - prefix) - 1 - (value % 2 ** (32 - prefix));
    return [24, 16, 8, 0].map((shift) => Math.floor(last / 2 ** shift) % 256).join('.');
  }
  const groups = expandIpv6(address);
  const bits = groups.map((group) => group.toString(2).padStart(16, '0')).join('');
  const lastBits = bits.slice(0, prefix).padEnd(128, '1');
  return Array.from({ length: 8 }, (_, index) =>
    Number.parseInt(lastBits.slice(index * 16, index * 16 + 16), 2).toString(16),
  ).join(':');
}

function expandIpv6(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
}

/**
 * Fastify's option. A hop count trusts at most that many hops and only hops on a private network
 * (loopback, link-local, unique-local/RFC 1918): a client that reaches the app directly from the
 * internet is never taken for a proxy, so its own X-Forwarded-For is ignored. (Fastify itself ignores a
 * bare number for this reason.) A proxy on a public address must be listed by address.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'addresses') return trust.addresses;
  return (address, hop) => hop < trust.hops && isPrivateNetwork(address, hop);
}
