import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from '#api/config/app-config.ts';

/**
 * The identity provider's signing certificate (Auth0 publishes the tenant's at `/pem`), which a SAML
 * identity provider needs to check signed requests. Read once and kept; while the provider cannot be
 * asked the settings show the URL alone (null), and the next read asks again.
 */
export function createTenantCertificate(identity: IdentityConfig, log: FastifyBaseLogger) {
  let kept: string | null = null;
  return async (): Promise<string | null> => {
    if (kept) return kept;
    try {
      const response = await fetch(`${identity.origin}/pem`, { signal: AbortSignal.timeout(5_000) });
      const text = response.ok ? (await response.text()).trim() : '';
      if (text.startsWith('-----BEGIN CERTIFICATE-----')) kept = text;
      else log.warn({ status: response.status }, 'the identity provider answered no certificate at /pem');
    } catch (error) {
      log.warn({ err: error }, 'the identity provider’s certificate could not be read');
    }
    return kept;
  };
}
