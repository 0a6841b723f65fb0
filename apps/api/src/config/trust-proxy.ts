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
  return { kind: 'addresses', addresses };
});

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
