import { AppError } from '#api/http/app-error.ts';

// The contract's `returnAddress` checks that a return address is an absolute http(s) one; whether it
// is on this site is checked here, against `config.site`.

/** The site's public origins (`config.site.origins`). */
export type SiteOrigins = { origins: readonly string[] };

const notOwnSite = 'The return address must be a page of this site.';

/**
 * The provider sends the browser back to these addresses, so they must be pages of this site: never an
 * open redirect through the provider. The site is the configured public origin (VITE_SITE_URL; in
 * embedded mode also localhost and 127.0.0.1 on PORT), never a request header: Host, Origin and
 * X-Forwarded-Host are the caller's to choose. The answer is rebuilt from that configured origin and
 * the address's path, query and fragment, so nothing else of what was sent (user info, an odd
 * spelling of the host) reaches the provider.
 */
export function ownSiteAddress(site: SiteOrigins, address: string, field: string): string {
  const url = new URL(address);
  const origin = site.origins.find((candidate) => candidate === url.origin);
  if (!origin) {
    throw new AppError(400, 'validation_failed', notOwnSite, { [field]: notOwnSite });
  }
  return `${origin}${url.pathname}${url.search}${url.hash}`;
}
