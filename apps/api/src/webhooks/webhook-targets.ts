import { lookup as lookUpHost } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where deliveries may go (docs/webhooks.md, "Where deliveries go"; decision 0035). In production, https
 * only, and only to public addresses: a host that resolves to any private, loopback, link-local or
 * otherwise non-public address is refused, when the endpoint is registered and again before every
 * connection (the connection then goes to the very address checked, so a name that resolves
 * differently the second time cannot slip through), and for every redirect. In development (embedded
 * mode) anything goes, and plain http too, but only to this machine.
 */
export type TargetPolicy = {
  mode: 'production' | 'embedded';
  /**
   * A staging deployment (STAGING=true, decision 0023): its loopback addresses count as public, so a
   * receiver on the same machine (the cluster test's) can be reached; https and every other rule stay.
   */
  acceptsLoopback?: boolean;
  /** How a host name resolves: the system's resolver; tests give their own. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /**
   * Tests only: `address:port` pairs to treat as public, stand-ins for a public host a test cannot run
   * (every other address keeps the production rule).
   */
  publicStandIns?: ReadonlySet<string>;
  /** Tests only: a certificate to trust besides the usual authorities (a self-signed test server). */
  ca?: string;
};

export type ResolvedAddress = { address: string; family: number };

/** Where one request goes: the URL and the checked address to connect to. */
export type CheckedTarget = { url: URL; address: ResolvedAddress };

export class TargetRefused extends Error {}

// Every range that is not the public internet (IANA's special-purpose registries): a delivery there
// reaches the product's own network (a metadata service, a database, an admin port) instead.
// Two lists: a BlockList matches an IPv4 address against its IPv6 rules too (as IPv4-mapped), and the
// IPv6 list, which refuses every mapped address, would then refuse every IPv4 one.
const nonPublicIpv4 = new BlockList();
const nonPublicIpv6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  nonPublicIpv4.addSubnet(network, prefix, 'ipv4');
}
// Every IPv6 form that embeds an IPv4 address is refused, whatever the address: a receiver has an
// IPv4 or a native IPv6 address, and the embedding forms serve only to disguise one (an IPv4-mapped
// ::ffff:7f00:1 is 127.0.0.1 to the kernel).
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765)
  ['64:ff9b::', 96], // NAT64: would reach whatever IPv4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // Teredo (2001::/32) among them: embeds an IPv4 address
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const) {
  nonPublicIpv6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet: a public IPv4 or native IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicIpv4.check(address, 'ipv4');
  return family === 6 && !nonPublicIpv6.check(address, 'ipv6');
}

// Two lists, as above: an IPv4 rule would match IPv4-mapped IPv6 forms too, which stay refused.
const loopbackIpv4 = new BlockList();
loopbackIpv4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopbackIpv6 = new BlockList();
loopbackIpv6.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1: this machine. */
const isLoopbackAddress = (address: string) => {
  const family = isIP(address);
  if (family === 4) return loopbackIpv4.check(address, 'ipv4');
  return family === 6 && loopbackIpv6.check(address, 'ipv6');
};

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host as the resolver takes it: without IPv6's brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a URL's form for the mode: at registration, and for every redirect before it is resolved.
 * Throws TargetRefused with a message for people.
 */
export function checkTargetUrl(text: string, policy: Pick<TargetPolicy, 'mode'>): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url) throw new TargetRefused('The address is not a URL.');
  if (url.username || url.password)
    throw new TargetRefused('The address cannot carry a user name or password.');
  if (url.protocol === 'https:') return url;
  if (
    url.protocol === 'http:' &&
    policy.mode === 'embedded' &&
    loopbackNames.has(url.hostname.toLowerCase())
  ) {
    return url;
  }
  throw new TargetRefused(
    policy.mode === 'embedded'
      ? 'Use https:// (plain http:// only for localhost, in development).'
      : 'Use an https:// address.',
  );
}

/**
 * Resolves the URL's host and answers the address to connect to; in production, refuses the host if
 * any of its addresses is not public (one private answer among public ones is enough to refuse: a
 * resolver may answer in any order).
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<CheckedTarget> {
  const host = bareHost(url);
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await (policy.lookup ?? systemLookup)(host).catch(() => {
        throw new TargetRefused(`The host ${host} cannot be found.`);
      });
  const [first] = addresses;
  if (!first) throw new TargetRefused(`The host ${host} cannot be found.`);
  if (policy.mode === 'production') {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const refused = addresses.find(
      ({ address }) =>
        !isPublicAddress(address) &&
        !(policy.acceptsLoopback && isLoopbackAddress(address)) &&
        !policy.publicStandIns?.has(`${address}:${port}`),
    );
    // The address itself is not told: it would map the product's internal network for anyone.
    if (refused) {
      throw new TargetRefused(
        `The host ${host} resolves to a private, loopback or link-local address: deliveries go to public addresses only.`,
      );
    }
  }
  return { url, address: first };
}

const systemLookup = (hostname: string) => lookUpHost(hostname, { all: true, verbatim: true });
