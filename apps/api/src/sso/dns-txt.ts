import { Resolver } from 'node:dns/promises';

/** Looks up a name's TXT records: each record's strings joined, as RFC 7208 §3.3 reads a split record. */
export type TxtLookup = (name: string) => Promise<string[]>;

const noRecordCodes = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/**
 * TXT lookups through the resolvers DNS_RESOLVER names (`host:port`), else the system's. A name with no
 * record (or none at all) is an empty list; a resolver that cannot be reached throws.
 */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      if (noRecordCodes.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  };
}
